import { insertAmlFlag } from '../factories/aml-flag.factory';
import { asNewCustomer, type Fixture, newPayment } from './fixture-kit';

/** The compliance operations' good inputs (the queue's example needs nothing). */
export const COMPLIANCE_FIXTURES: Record<string, Fixture> = {
  // A new customer's payment with an OPEN flag of its own; the example body CLEARs it.
  Compliance_review: async (context) => {
    const payment = await newPayment(await asNewCustomer(context));
    await insertAmlFlag(context.app, payment.id);
    return { pathParams: { txnId: payment.id } };
  },
};
