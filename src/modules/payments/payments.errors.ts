import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { defineErrorBody } from '../../platform/http/api-errors.decorator';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';
import { formatMinorUnits } from '../../platform/money/money-format';
import { PAYMENT_CONFLICT_EXAMPLE, PaymentConflictErrorDto } from './core/dto/payment-conflict-error.dto';
import type { PaymentResponseDto } from './core/dto/payment-response.dto';
import type { PaymentStatus } from './core/payment.entity';

/** The payments context's error codes: idempotency, duplicates, limits, receipts. */
export const PAYMENT_ERROR_CODES = defineErrorCodes({
  DUPLICATE_PAYMENT: {
    status: HttpStatus.CONFLICT,
    description:
      'The Idempotency-Key was already used for this request; `payment` is the original payment as it stands (`details` name its id and status).',
  },
  IDEMPOTENCY_KEY_REQUIRED: { status: HttpStatus.CONFLICT, description: 'The Idempotency-Key header is required.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: HttpStatus.CONFLICT,
    description: 'The Idempotency-Key was already used with a different request body.',
  },
  RECEIPT_NOT_AVAILABLE: {
    status: HttpStatus.CONFLICT,
    description: 'The payment has no receipt: only a SUCCEEDED payment has one.',
  },
  POSSIBLE_DUPLICATE_PAYMENT: {
    status: HttpStatus.CONFLICT,
    description:
      'A payment of the same biller, account and amount was made moments ago; send `confirmDuplicate: true` to pay again. `details` name the earlier payment.',
  },
  LIMIT_NOT_CONFIGURED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'No payment limits are configured for the currency, so payments in it are refused.',
  },
  LIMIT_EXCEEDED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description: 'The payment exceeds a limit; `details` carry the limit, the used amount and the headroom.',
  },
  INSUFFICIENT_FLOAT: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "The agent's float does not cover the payment and its fee; `details` carry the float balance, what the payment needs and the headroom.",
  },
  PAYMENT_NOT_REFUNDABLE: {
    status: HttpStatus.CONFLICT,
    description:
      'The payment cannot be refunded: only a SUCCEEDED payment, or a FAILED one whose funds were taken and not yet returned, can be.',
  },
  REFUND_EXCEEDS_REMAINING: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      'The refund is more than what is left of the payment to refund (its amount less what earlier refunds, pending or succeeded, return). `details` give `remaining` in minor units.',
  },
  RECEIPT_LINK_EXPIRED: {
    status: HttpStatus.GONE,
    description: 'The receipt link has expired; ask for a new one with POST /payments/{id}/receipt.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof PAYMENT_ERROR_CODES> {}
}

// A retry that meets DUPLICATE_PAYMENT (after a timeout, say) gets the original payment in the refusal.
defineErrorBody('DUPLICATE_PAYMENT', PaymentConflictErrorDto, PAYMENT_CONFLICT_EXAMPLE);

/**
 * What any attempt to pay may answer beyond its own route's errors (POST /payments and every
 * other route that pays through the payment core, such as paying a bill), in document order.
 */
export const PAYMENT_ATTEMPT_ERRORS: ErrorCode[] = [
  'DUPLICATE_PAYMENT',
  'IDEMPOTENCY_KEY_REUSED',
  'POSSIBLE_DUPLICATE_PAYMENT',
  'LIMIT_EXCEEDED',
  'LIMIT_NOT_CONFIGURED',
  'BILLER_UNAVAILABLE',
  'RAIL_UNAVAILABLE',
  'AMOUNT_NOT_ALLOWED',
];

/** An error of the payments context; the global filter renders it like any ApiException. */
export class PaymentError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[], body?: Record<string, unknown>) {
    super(code, message, details, undefined, body);
    this.name = 'PaymentError';
  }

  static notFound(): PaymentError {
    return new PaymentError('NOT_FOUND', 'Payment not found');
  }

  static notRefundable(status: PaymentStatus): PaymentError {
    return new PaymentError('PAYMENT_NOT_REFUNDABLE', `A ${status} payment cannot be refunded`, [
      { field: 'status', message: status },
    ]);
  }

  /** 422 REFUND_EXCEEDS_REMAINING: `remaining` minor units of the payment are left to refund. */
  static refundExceedsRemaining(amount: bigint, remaining: bigint, currency: string): PaymentError {
    return new PaymentError(
      'REFUND_EXCEEDS_REMAINING',
      `A refund of ${amount} ${currency} is more than the ${remaining} ${currency} left to refund of this payment`,
      [{ field: 'remaining', message: remaining.toString() }],
    );
  }

  static keyRequired(): PaymentError {
    return new PaymentError('IDEMPOTENCY_KEY_REQUIRED', 'Send an Idempotency-Key header with every payment', [
      { field: 'Idempotency-Key', message: 'is required' },
    ]);
  }

  /** The key already made `paymentId`; `payment`, when given, is it as the caller's 200 would show it. */
  static duplicate(paymentId: string, status: PaymentStatus, payment?: PaymentResponseDto): PaymentError {
    return new PaymentError(
      'DUPLICATE_PAYMENT',
      'This Idempotency-Key already made a payment; fetch it by id',
      [
        { field: 'paymentId', message: paymentId },
        { field: 'status', message: status },
      ],
      payment && { payment },
    );
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

  /** The agent's float does not cover `required` (amount + fee); `details` carry the figures. */
  static insufficientFloat(balance: bigint, required: bigint, currency: string): PaymentError {
    const money = (value: bigint) => formatMinorUnits(value, currency, 'code');
    const headroom = balance > 0n ? balance : 0n;
    return new PaymentError(
      'INSUFFICIENT_FLOAT',
      `Your float of ${money(headroom)} does not cover this payment and its fee, ${money(required)}`,
      [
        { field: 'floatBalance', message: balance.toString() },
        { field: 'required', message: required.toString() },
        { field: 'headroom', message: headroom.toString() },
      ],
    );
  }
}
