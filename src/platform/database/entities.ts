import { Biller } from '../../modules/billers/biller.entity';
import { BillerCategory } from '../../modules/billers/biller-category.entity';
import { PaymentRail } from '../../modules/billers/payment-rail.entity';
import { SavedBillerAccount } from '../../modules/billers/saved-biller-account.entity';
import { DeviceSession } from '../../modules/identity/device-session.entity';
import { KycSubmission } from '../../modules/identity/kyc-submission.entity';
import { OtpChallenge } from '../../modules/identity/otp-challenge.entity';
import { RefreshToken } from '../../modules/identity/refresh-token.entity';
import { User } from '../../modules/identity/user.entity';
import { JournalEntry } from '../../modules/ledger/journal-entry.entity';
import { JournalLine } from '../../modules/ledger/journal-line.entity';
import { LedgerAccount } from '../../modules/ledger/ledger-account.entity';
import { Notification } from '../../modules/notifications/notification.entity';
import { NotificationEventReceipt } from '../../modules/notifications/notification-event-receipt.entity';
import { NotificationPreferenceChoice } from '../../modules/notifications/notification-preference.entity';
import { Payment } from '../../modules/payments/payment.entity';
import { PaymentStatusEvent } from '../../modules/payments/payment-status-event.entity';
import { PostingAttempt } from '../../modules/payments/posting-attempt.entity';
import { RailReversal } from '../../modules/payments/rail-reversal.entity';
import { AdminAuditEntry } from '../audit/admin-audit-entry.entity';
import { OutboxEvent } from '../outbox/outbox-event.entity';

/** Every entity of every context; a context adds its entities here when it adds a table. */
export const ENTITIES = [
  OutboxEvent,
  User,
  OtpChallenge,
  DeviceSession,
  RefreshToken,
  KycSubmission,
  LedgerAccount,
  JournalEntry,
  JournalLine,
  AdminAuditEntry,
  BillerCategory,
  PaymentRail,
  Biller,
  SavedBillerAccount,
  Payment,
  PaymentStatusEvent,
  PostingAttempt,
  RailReversal,
  Notification,
  NotificationPreferenceChoice,
  NotificationEventReceipt,
];
