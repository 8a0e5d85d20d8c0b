import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../../platform/http/pagination';
import type { CheckoutPaymentRefundState } from '../../../payments';
import {
  MERCHANT_REFUND_REASONS,
  MERCHANT_REFUND_STATUSES,
  MerchantPaymentRefund,
  MerchantRefundReason,
  MerchantRefundStatus,
} from '../merchant-refund';

@ApiSchema({ name: 'MerchantRefundRequest' })
export class MerchantRefundRequestDto {
  /** The checkout payment to refund: a SUCCEEDED payment of your merchant in the key's mode. */
  @ApiProperty({ format: 'uuid', example: '0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f60' })
  @IsUUID()
  paymentId: string;

  /**
   * Minor units to return to the payer, at most what is left of the payment to refund (its amount
   * less its earlier refunds, pending or succeeded). Left out: all that is left.
   */
  @ApiProperty({ type: 'integer', required: false, minimum: 1, maximum: Number.MAX_SAFE_INTEGER, example: 50000 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amount?: number;

  /** Why: the customer asked, the payment was a duplicate, or it was fraudulent. */
  @ApiProperty({ enum: MERCHANT_REFUND_REASONS, enumName: 'MerchantRefundReason', example: 'REQUESTED_BY_CUSTOMER' })
  @IsIn(MERCHANT_REFUND_REASONS)
  reason: MerchantRefundReason;

  /** Your own words about the refund, kept with it (never shown to the payer). */
  @ApiProperty({ required: false, minLength: 1, maxLength: 500, example: 'Order 1042: one ticket returned' })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  note?: string;
}

/** The refunded payment as it stands, from the refund's point of view. */
@ApiSchema({ name: 'MerchantRefundPayment' })
export class MerchantRefundPaymentDto {
  @ApiProperty({ format: 'uuid', example: '0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f60' })
  id: string;

  /** What the payer paid, minor units. */
  @ApiProperty({ type: 'integer', example: 250000 })
  amount: number;

  /**
   * Minor units of it returned or being returned to the payer: the sum of its PENDING and
   * SUCCEEDED refunds (a FAILED refund no longer counts).
   */
  @ApiProperty({ type: 'integer', example: 50000 })
  refundedAmount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The payment's own status: a refunded payment stays SUCCEEDED. */
  @ApiProperty({ example: 'SUCCEEDED' })
  status: string;
}

@ApiSchema({ name: 'MerchantRefundResponse' })
export class MerchantRefundResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f70' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f60' })
  paymentId: string;

  /** Minor units returned to the payer by this refund. */
  @ApiProperty({ type: 'integer', example: 50000 })
  amount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ enum: MERCHANT_REFUND_REASONS, enumName: 'MerchantRefundReason', example: 'REQUESTED_BY_CUSTOMER' })
  reason: MerchantRefundReason;

  @ApiProperty({ type: String, nullable: true, example: 'Order 1042: one ticket returned' })
  note: string | null;

  /**
   * `PENDING` until the rail answers (the money has left your balance already); `SUCCEEDED` once
   * it returned the money to the payer; `FAILED` when it refused for good (the money is back in
   * your balance and the payment's `refundedAmount` down again; `failureReason` says why).
   */
  @ApiProperty({ enum: MERCHANT_REFUND_STATUSES, enumName: 'MerchantRefundStatus', example: 'PENDING' })
  status: MerchantRefundStatus;

  @ApiProperty({ type: String, nullable: true, example: null })
  failureReason: string | null;

  /** The refunded payment as it stands now; null only if it can no longer be read. */
  @ApiProperty({ type: MerchantRefundPaymentDto, nullable: true })
  payment: MerchantRefundPaymentDto | null;

  @ApiProperty({ example: false })
  livemode: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:30:00.000Z' })
  createdAt: string;

  /** When the rail confirmed it (SUCCEEDED). */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  refundedAt: string | null;

  /** When the rail refused it (FAILED). */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  failedAt: string | null;
}

export class MerchantRefundListQueryDto extends PageQueryDto {
  /** Only the refunds of this payment. */
  @ApiPropertyOptional({ format: 'uuid', example: '0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f60' })
  @Omittable()
  @IsUUID()
  paymentId?: string;
}

export function toMerchantRefundResponse(
  refund: MerchantPaymentRefund,
  payment: CheckoutPaymentRefundState | null,
): MerchantRefundResponseDto {
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    amount: refund.amount,
    currency: refund.currency,
    reason: refund.reason,
    note: refund.note,
    status: refund.status,
    failureReason: refund.failureReason,
    payment:
      payment === null
        ? null
        : {
            id: payment.id,
            amount: payment.amount,
            refundedAmount: payment.refundedAmount,
            currency: payment.currency,
            status: payment.status,
          },
    livemode: refund.livemode,
    createdAt: refund.createdAt.toISOString(),
    refundedAt: refund.refundedAt?.toISOString() ?? null,
    failedAt: refund.failedAt?.toISOString() ?? null,
  };
}
