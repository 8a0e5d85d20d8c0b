import { BillPaymentLease } from './bill-payment-lease.entity';
import { Bill } from './bill.entity';

/** The bills context's tables, registered by BillsModule (TypeOrmModule.forFeature). */
export const BILL_ENTITIES = [Bill, BillPaymentLease];
