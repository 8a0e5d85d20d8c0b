import { PaymentStatusEvent } from './payment-status-event.entity';
import { Payment } from './payment.entity';
import { PostingAttempt } from './posting-attempt.entity';
import { RailReversal } from './rail-reversal.entity';

/** The payments context's tables, registered by PaymentsModule (TypeOrmModule.forFeature). */
export const PAYMENT_ENTITIES = [Payment, PaymentStatusEvent, PostingAttempt, RailReversal];
