import { BillerCategory } from './catalogue/biller-category.entity';
import { Biller } from './catalogue/biller.entity';
import { PaymentRail } from './catalogue/payment-rail.entity';
import { SavedBillerAccount } from './saved-accounts/saved-biller-account.entity';

/** The billers context's tables, registered by BillersModule (TypeOrmModule.forFeature). */
export const BILLER_ENTITIES = [BillerCategory, PaymentRail, Biller, SavedBillerAccount];
