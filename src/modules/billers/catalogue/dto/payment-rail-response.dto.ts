import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PaymentRail } from '../payment-rail.entity';

/** A rail as a biller's detail offers it. */
@ApiSchema({ name: 'AcceptedRail' })
export class AcceptedRailDto {
  @ApiProperty({ example: 'CARD' })
  code: string;

  @ApiProperty({ example: 'Debit or credit card' })
  name: string;
}

/** A payment rail with its fee rule and limits, for admins. */
@ApiSchema({ name: 'PaymentRailResponse' })
export class PaymentRailResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a03' })
  id: string;

  @ApiProperty({ example: 'CARD' })
  code: string;

  @ApiProperty({ example: 'Debit or credit card' })
  name: string;

  @ApiProperty({ example: true })
  active: boolean;

  /** Flat fee, in the minor unit of the payment's currency. */
  @ApiProperty({ type: 'integer', example: 10000 })
  feeFlat: number;

  /** Percentage fee in basis points (150 = 1.5%). */
  @ApiProperty({ type: 'integer', example: 150 })
  feePercentBps: number;

  /** Smallest payment, in minor units. */
  @ApiProperty({ type: 'integer', example: 100 })
  minAmount: number;

  /** Largest payment, in minor units. */
  @ApiProperty({ type: 'integer', example: 1000000000 })
  maxAmount: number;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}

export function toAcceptedRail(rail: PaymentRail): AcceptedRailDto {
  return { code: rail.code, name: rail.name };
}

export function toPaymentRailResponse(rail: PaymentRail): PaymentRailResponseDto {
  return {
    id: rail.id,
    code: rail.code,
    name: rail.name,
    active: rail.active,
    feeFlat: rail.feeFlat,
    feePercentBps: rail.feePercentBps,
    minAmount: rail.minAmount,
    maxAmount: rail.maxAmount,
    createdAt: rail.createdAt.toISOString(),
    updatedAt: rail.updatedAt.toISOString(),
  };
}
