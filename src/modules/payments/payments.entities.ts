import { PaymentStatusEvent } from './core/payment-status-event.entity';
import { Payment } from './core/payment.entity';
import { PostingAttempt } from './posting/posting-attempt.entity';
import { RailReversal } from './rails/rail-reversal.entity';

/** The payments context's tables, registered by PaymentsModule (TypeOrmModule.forFeature). */
export const PAYMENT_ENTITIES = [Payment, PaymentStatusEvent, PostingAttempt, RailReversal];
