import { merchantRegistration, registerMerchant } from '../factories/merchant.factory';
import { type Fixture, targetOf } from './fixture-kit';

/** The merchants operations' good inputs: a new application each, with its own registration number and e-mail. */
export const MERCHANT_FIXTURES: Record<string, Fixture> = {
  MerchantOnboarding_register: () => Promise.resolve({ body: merchantRegistration() }),
  MerchantOnboarding_status: async (context) => {
    const { merchant, onboardingToken } = await registerMerchant(targetOf(context));
    return { pathParams: { merchantId: merchant.id }, query: { token: onboardingToken } };
  },
  MerchantOnboarding_uploadDocument: async (context) => {
    const { merchant, onboardingToken } = await registerMerchant(targetOf(context));
    return {
      pathParams: { merchantId: merchant.id },
      query: { token: onboardingToken },
      body: { registrationNo: merchant.registrationNumber },
    };
  },
  AdminMerchants_changeKyb: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
    body: { status: 'APPROVED' },
  }),
};
