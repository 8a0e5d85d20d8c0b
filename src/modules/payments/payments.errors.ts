import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { ErrorCode } from '../../platform/http/error-catalogue';
import { formatMinorUnits } from '../../platform/money/money-format';
import type { PaymentStatus } from './payment.entity';

/** An error of the payments context; the global filter renders it like any ApiException. */
export class PaymentError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'PaymentError';
  }

  static notFound(): PaymentError {
    return new PaymentError('NOT_FOUND', 'Payment not found');
  }

  static keyRequired(): PaymentError {
    return new PaymentError('IDEMPOTENCY_KEY_REQUIRED', 'Send an Idempotency-Key header with every payment', [
      { field: 'Idempotency-Key', message: 'is required' },
    ]);
  }

  static duplicate(paymentId: string, status: PaymentStatus): PaymentError {
    return new PaymentError('DUPLICATE_PAYMENT', 'This Idempotency-Key already made a payment; fetch it by id', [
      { field: 'paymentId', message: paymentId },
      { field: 'status', message: status },
    ]);
  }

  static keyReused(paymentId: string): PaymentError {
    return new PaymentError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for a different payment; use a new key for a new payment',
      [{ field: 'paymentId', message: paymentId }],
    );
  }

  static possibleDuplicate(paymentId: string, windowSeconds: number): PaymentError {
    return new PaymentError(
      'POSSIBLE_DUPLICATE_PAYMENT',
      `The same biller, account and amount were paid in the last ${Math.round(windowSeconds / 60)} minutes; send confirmDuplicate: true to pay again`,
      [
        { field: 'paymentId', message: paymentId },
        { field: 'confirmDuplicate', message: 'set to true to pay again' },
      ],
    );
  }

  static billerUnavailable(reason: string): PaymentError {
    return new PaymentError('BILLER_UNAVAILABLE', `The biller cannot take payments right now: ${reason}`, [
      { field: 'biller', message: reason },
    ]);
  }

  static limitNotConfigured(currency: string): PaymentError {
    return new PaymentError(
      'LIMIT_NOT_CONFIGURED',
      `Payments in ${currency} are not available: no payment limits are configured for ${currency}`,
      [{ field: 'currency', message: `has no payment limits configured` }],
    );
  }

  static limitExceeded(
    kind: 'per-payment' | 'daily',
    limit: bigint,
    used: bigint,
    amount: bigint,
    currency: string,
  ): PaymentError {
    const headroom = limit - used > 0n ? limit - used : 0n;
    const money = (value: bigint) => formatMinorUnits(value, currency, 'code');
    const message =
      kind === 'per-payment'
        ? `The payment of ${money(amount)} exceeds your per-payment limit of ${money(limit)}`
        : `The payment of ${money(amount)} exceeds what is left of your daily limit of ${money(limit)}: ${money(headroom)}`;
    return new PaymentError('LIMIT_EXCEEDED', message, [
      { field: 'limit', message: limit.toString() },
      { field: 'used', message: used.toString() },
      { field: 'headroom', message: headroom.toString() },
      { field: 'amount', message: `${amount.toString()} exceeds the ${kind} headroom` },
    ]);
  }
}
