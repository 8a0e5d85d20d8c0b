import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AML_FLAG_STATUSES, AML_RULES, AML_SEVERITIES } from '../aml-flag.entity';
import type { AmlFlagStatus, AmlRule, AmlSeverity } from '../aml-flag.entity';

const PAYMENT_STATUSES = ['AUTHORIZING', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED'] as const;

/** The flagged payment, as the reviewer needs it. */
@ApiSchema({ name: 'AmlFlagPayment' })
export class AmlFlagPaymentDto {
  /** Minor units of `currency`. */
  @ApiProperty({ type: 'integer', example: 49_500_000 })
  amount: number;

  @ApiProperty({ type: 'integer', example: 500 })
  fee: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** Null for a checkout payment (channel `CHECKOUT`), which pays a merchant. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a20' })
  billerId: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Ikeja Electric' })
  billerName: string | null;

  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus', example: 'PENDING' })
  status: string;

  /** Held before posting until the review: captured, not sent to the biller. */
  @ApiProperty({ example: true })
  heldForReview: boolean;

  @ApiProperty({ example: 'APP' })
  channel: string;
}

/** The customer the payment was for. */
@ApiSchema({ name: 'AmlFlagCustomer' })
export class AmlFlagCustomerDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  id: string;

  @ApiProperty({ type: String, nullable: true, example: '+234******4567' })
  phone: string | null;

  @ApiProperty({ type: String, enum: ['TIER_0', 'TIER_1'], nullable: true, example: 'TIER_1' })
  kycTier: string | null;
}

/** An AML rule that fired for a transaction, still awaiting (or escalated for) review. */
@ApiSchema({ name: 'AmlFlagResponse' })
export class AmlFlagResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a70' })
  id: string;

  /** The payment's id: the review route's `txnId`. */
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  txnId: string;

  @ApiProperty({ enum: AML_RULES, enumName: 'AmlRule', example: 'SINGLE_AMOUNT' })
  rule: AmlRule;

  /** `HIGH` holds the payment before posting until the review. */
  @ApiProperty({ enum: AML_SEVERITIES, enumName: 'AmlSeverity', example: 'HIGH' })
  severity: AmlSeverity;

  @ApiProperty({ example: 'A single payment of NGN 495,000.00 is above NGN 400,000.00' })
  reason: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T09:30:00.000Z' })
  createdAt: string;

  /** The queue shows `OPEN` and `ESCALATED` flags. */
  @ApiProperty({ enum: AML_FLAG_STATUSES, enumName: 'AmlFlagStatus', example: 'OPEN' })
  status: AmlFlagStatus;

  @ApiProperty({ type: AmlFlagPaymentDto })
  payment: AmlFlagPaymentDto;

  /** Null for a checkout payment (channel `CHECKOUT`): its payer is not our customer. */
  @ApiProperty({ type: AmlFlagCustomerDto, nullable: true })
  customer: AmlFlagCustomerDto | null;
}
