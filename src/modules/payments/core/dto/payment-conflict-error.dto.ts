import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ApiErrorDto } from '../../../../platform/http/api-error.dto';
import { PaymentResponseDto } from './payment-response.dto';

/**
 * A 409 that names a payment (DUPLICATE_PAYMENT, and BILL_ALREADY_PAID of a bill): the ApiError
 * with the payment itself, so a client retrying after a timeout has its answer in the refusal.
 */
@ApiSchema({ name: 'PaymentConflictError' })
export class PaymentConflictErrorDto extends ApiErrorDto {
  /**
   * The payment the refusal names as it stands now, the body a 200 would have carried: for
   * DUPLICATE_PAYMENT the payment the key already made; for BILL_ALREADY_PAID the payment that
   * paid the bill (or is paying it), when it is yours. Absent for the other codes of the status.
   */
  @ApiPropertyOptional({ type: PaymentResponseDto })
  payment?: PaymentResponseDto;
}

/** The `payment` of the documented examples: a PaymentResponse as the service answers one. */
export const PAYMENT_CONFLICT_EXAMPLE: { payment: PaymentResponseDto } = {
  payment: {
    id: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10',
    status: 'PENDING',
    statusDescription: 'NGN 5,100.00 was taken from your card. We are sending the payment to Ikeja Electric.',
    delayed: false,
    channel: 'APP',
    billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
    billerName: 'Ikeja Electric',
    billerSlug: 'ikeja-electric',
    accountReference: '45010001234',
    amount: 500000,
    fee: 10000,
    totalAmount: 510000,
    currency: 'NGN',
    rail: 'CARD',
    fundingAccount: '************4242',
    railReference: 'card_cap_4f9d2c1b7a6e5d4c3b2a',
    billerReference: null,
    failureCode: null,
    failureMessage: null,
    createdAt: '2026-11-23T10:15:30.000Z',
    updatedAt: '2026-11-23T10:15:30.000Z',
    completedAt: null,
  },
};
