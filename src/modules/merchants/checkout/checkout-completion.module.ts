import { Module } from '@nestjs/common';
import { OutboxModule } from '../../../platform/outbox/outbox.module';
import { PaymentsModule } from '../../payments';
import { MerchantPaymentDisputes } from '../disputes/merchant-payment-disputes';
import { MerchantLedgerModule } from '../ledger/merchant-ledger.module';
import { MerchantVelocityModule } from '../risk/merchant-velocity.module';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import { MerchantRepository } from '../onboarding/merchant.repository';
import { CheckoutCompletion } from './checkout-completion';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { MerchantRefundSettlement } from './merchant-refund-settlement';
import { MerchantRefundsRepository } from './merchant-refunds.repository';
import { PaymentLinksRepository } from './payment-links.repository';

/**
 * The checkout channel of the payment core (`CheckoutCompletion`), in one module that both the
 * API's MerchantsModule and the worker's MerchantsJobsModule import: one hook per application,
 * registered with the core's `PaymentChannelHooks` when the module starts, so a checkout capture
 * completes its session whether the request or the worker's recovery job records it, a
 * merchant refund is settled in the worker when the rail answers (`MerchantRefundSettlement`), and
 * a rail's dispute of a checkout payment is recorded (`MerchantPaymentDisputes`) by whichever
 * process receives it.
 */
@Module({
  imports: [PaymentsModule, MerchantLedgerModule, MerchantVelocityModule, OutboxModule],
  providers: [
    CheckoutCompletion,
    MerchantRefundSettlement,
    MerchantRefundsRepository,
    MerchantPaymentDisputes,
    CheckoutSessionsRepository,
    PaymentLinksRepository,
    MerchantRepository,
    MerchantDirectory,
  ],
  exports: [CheckoutCompletion, MerchantPaymentDisputes, PaymentsModule],
})
export class CheckoutCompletionModule {}
