import { Module } from '@nestjs/common';
import { ConfigModule } from '../../../platform/config/config.module';
import { OutboxModule } from '../../../platform/outbox/outbox.module';
import { LedgerModule } from '../../ledger';
import { MerchantsConfig } from '../merchants.config';
import { MerchantBalanceReleases } from './merchant-balance-releases';
import { MerchantBalancesService } from './merchant-balances.service';
import { MerchantLedger } from './merchant-ledger';
import { MerchantPricing } from './merchant-pricing';

/**
 * The merchant ledger's services (balances, captures, refunds, releases, the price of a payment), on their own so the
 * worker's MerchantsJobsModule imports them without the sign-in services of MerchantsModule, which
 * imports and re-exports this module (the payment core reaches it there: MerchantsModule is global).
 */
@Module({
  imports: [ConfigModule.forFeature(MerchantsConfig), LedgerModule, OutboxModule],
  providers: [MerchantPricing, MerchantLedger, MerchantBalanceReleases, MerchantBalancesService],
  exports: [MerchantPricing, MerchantLedger, MerchantBalanceReleases, MerchantBalancesService],
})
export class MerchantLedgerModule {}
