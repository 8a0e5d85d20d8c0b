import { BillerCategory } from './biller-category.entity';
import { Biller } from './biller.entity';
import { PaymentRail } from './payment-rail.entity';
import { SavedBillerAccount } from './saved-biller-account.entity';

/** The billers context's tables, registered by BillersModule (TypeOrmModule.forFeature). */
export const BILLER_ENTITIES = [BillerCategory, PaymentRail, Biller, SavedBillerAccount];
