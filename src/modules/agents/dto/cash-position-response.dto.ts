import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** Your cash position as an agent, in minor units of `currency`. */
@ApiSchema({ name: 'CashPositionResponse' })
export class CashPositionResponseDto {
  /** The currency of every figure (agents' floats are held in one currency). */
  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** What your float can still pay: each payment takes its amount and fee from it. */
  @ApiProperty({ type: 'integer', example: 45000000 })
  floatBalance: number;

  /** The most float you may hold: a top-up past it is refused. */
  @ApiProperty({ type: 'integer', example: 100000000 })
  floatLimit: number;

  @ApiProperty({ type: 'integer', example: 5000000 })
  perPaymentLimit: number;

  /** What you may pay over a rolling 24 hours. */
  @ApiProperty({ type: 'integer', example: 50000000 })
  dailyLimit: number;

  /** What the last 24 hours' payments (not failed) count against `dailyLimit`. */
  @ApiProperty({ type: 'integer', example: 1250000 })
  dailyLimitUsed: number;

  /** Amount + fee of today's payments that did not fail or were not refunded: the cash you hold for them. */
  @ApiProperty({ type: 'integer', example: 1262500 })
  cashCollectedToday: number;

  /** Payments you made today (business day), not failed or refunded. */
  @ApiProperty({ type: 'integer', example: 3 })
  paymentsToday: number;

  @ApiProperty({ type: 'integer', example: 6250 })
  commissionToday: number;

  @ApiProperty({ type: 'integer', example: 81200 })
  commissionThisMonth: number;

  /** Commission earned and not yet paid out to you. */
  @ApiProperty({ type: 'integer', example: 81200 })
  commissionBalance: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-24T15:04:05.000Z' })
  asOf: string;
}
