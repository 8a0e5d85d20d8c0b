import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/**
 * A new payment prefilled from an earlier one, with the biller's current fee and availability.
 * Submit it to `POST /payments` (adding `fundingAccount`) with a new Idempotency-Key.
 */
@ApiSchema({ name: 'PaymentDraft' })
export class PaymentDraftDto {
  /** The earlier payment this draft repeats. */
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  sourcePaymentId: string;

  @ApiProperty({ example: 'ikeja-electric' })
  biller: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  billerName: string;

  @ApiProperty({ example: '45010001234' })
  accountReference: string;

  @ApiProperty({ type: 'integer', example: 500000 })
  amount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ example: 'CARD' })
  rail: string;

  /** The funding account of the earlier payment, masked; send the full number again. */
  @ApiProperty({ example: '************4242' })
  fundingAccountHint: string;

  /** The fee this payment would be charged now. */
  @ApiProperty({ type: 'integer', example: 10000 })
  fee: number;

  @ApiProperty({ type: 'integer', example: 510000 })
  totalAmount: number;

  /** Whether the biller takes payments now (active, available, rail still accepted). */
  @ApiProperty({ example: true })
  billerAvailable: boolean;

  /** Why not, when `billerAvailable` is false. */
  @ApiProperty({ type: String, nullable: true, example: null })
  unavailableReason: string | null;
}
