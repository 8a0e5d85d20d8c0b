import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PAYMENT_CHANNELS, PAYMENT_STATUSES, PaymentChannel, PaymentStatus } from '../payment.entity';

@ApiSchema({ name: 'PaymentResponse' })
export class PaymentResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  id: string;

  /**
   * `AUTHORIZING` (accepted; the rail's answer is not in yet), `PENDING` (funds captured),
   * `PROCESSING` (posting to the biller), `SUCCEEDED`, `FAILED`, `REFUNDED`.
   */
  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus', example: 'PENDING' })
  status: PaymentStatus;

  /** What happened and what happens next, in the customer's terms; safe to show as it is. */
  @ApiProperty({ example: 'NGN 5,100.00 was taken from your card. We are sending the payment to Ikeja Electric.' })
  statusDescription: string;

  /** True when the biller has not confirmed the payment in the usual time and staff are looking into it. */
  @ApiProperty({ example: false })
  delayed: boolean;

  /** Where the payment was made: the customer app (`APP`), a pushed bill, a schedule, an agent, checkout, the sandbox. */
  @ApiProperty({ enum: PAYMENT_CHANNELS, enumName: 'PaymentChannel', example: 'APP' })
  channel: PaymentChannel;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  billerName: string;

  @ApiProperty({ example: 'ikeja-electric' })
  billerSlug: string;

  @ApiProperty({ example: '45010001234' })
  accountReference: string;

  /** Paid to the biller, in minor units. */
  @ApiProperty({ type: 'integer', example: 500000 })
  amount: number;

  /** Our fee (the biller's and the rail's rules), in minor units, on top of the amount. */
  @ApiProperty({ type: 'integer', example: 10000 })
  fee: number;

  /** amount + fee: what was taken from the funding account. */
  @ApiProperty({ type: 'integer', example: 510000 })
  totalAmount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ example: 'CARD' })
  rail: string;

  /** The funding account, masked to its last four characters. */
  @ApiProperty({ example: '************4242' })
  fundingAccount: string;

  @ApiProperty({ type: String, nullable: true, example: 'card_cap_4f9d2c1b7a6e5d4c3b2a' })
  railReference: string | null;

  /** The biller's own reference, once it confirmed the payment. */
  @ApiProperty({ type: String, nullable: true, example: null })
  billerReference: string | null;

  /** Why the payment failed: `RAIL_DECLINED`, `INSUFFICIENT_FUNDS`, `RAIL_NO_CAPTURE`, `BILLER_REJECTED`, ... */
  @ApiProperty({ type: String, nullable: true, example: null })
  failureCode: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  failureMessage: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:15:30.000Z' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T10:15:30.000Z' })
  updatedAt: string;

  /** When the payment reached SUCCEEDED or FAILED. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  completedAt: string | null;
}
