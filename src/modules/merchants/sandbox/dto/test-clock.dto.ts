import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsInt, IsUUID, Max, Min } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { MerchantCheckoutSessionResponseDto } from '../../checkout/dto/checkout-session.dto';
import { MERCHANT_RELEASE_KINDS, type MerchantReleaseKind } from '../../ledger/merchant-ledger';

/** The most one call moves an object's clock: 30 days. */
export const MAX_TEST_CLOCK_SECONDS = 30 * 24 * 3600;

@ApiSchema({ name: 'TestClockAdvanceRequest' })
export class TestClockAdvanceRequestDto {
  /** A test-mode checkout session of yours: its expiry comes `seconds` earlier. Send it or `paymentId`, not both. */
  @ApiProperty({ required: false, format: 'uuid', example: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e' })
  @Omittable()
  @IsUUID()
  checkoutSessionId?: string;

  /**
   * A test-mode payment of yours (one that paid, or is paying, one of your test sessions): its balance
   * releases and its sandbox dispute come `seconds` earlier. Send it or `checkoutSessionId`, not both.
   */
  @ApiProperty({ required: false, format: 'uuid', example: '0193f5c2-9b21-7c4d-8e5f-2a3b4c5d6e7f' })
  @Omittable()
  @IsUUID()
  paymentId?: string;

  /** How far the object's clock moves forward: 1 second to 30 days. */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_TEST_CLOCK_SECONDS, example: 86400 })
  @IsInt()
  @Min(1)
  @Max(MAX_TEST_CLOCK_SECONDS)
  seconds: number;
}

export const TEST_CLOCK_EFFECTS = [
  'CHECKOUT_SESSION_EXPIRED',
  'BALANCE_RELEASED',
  'PAYMENT_DISPUTED',
  'WEBHOOK_DELIVERY_DUE',
] as const;
export type TestClockEffectType = (typeof TEST_CLOCK_EFFECTS)[number];

/** One piece of due work the advance ran. */
@ApiSchema({ name: 'TestClockEffect' })
export class TestClockEffectDto {
  /**
   * `CHECKOUT_SESSION_EXPIRED` (the session expired, `checkout_session.expired` sent), `BALANCE_RELEASED` (a
   * release posted: `kind` and `amount`, `balance.updated` sent), `PAYMENT_DISPUTED` (the sandbox rail's
   * chargeback arrived: `id` the dispute's, `amount`; `payment.disputed` sent), `WEBHOOK_DELIVERY_DUE` (a webhook
   * delivery of the object's events, `id` the delivery's, makes its next scheduled attempt now).
   */
  @ApiProperty({ enum: TEST_CLOCK_EFFECTS, example: 'BALANCE_RELEASED' })
  type: TestClockEffectType;

  /** The object the effect made or moved: the session's, the dispute's or the delivery's id; null for a release. */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null })
  id: string | null;

  /** The release's kind (`BALANCE_RELEASED` only). */
  @ApiProperty({ enum: MERCHANT_RELEASE_KINDS, nullable: true, example: 'PENDING_TO_AVAILABLE' })
  kind: MerchantReleaseKind | null;

  /** Minor units moved (a release, a dispute); null for an expiry. */
  @ApiProperty({ type: 'integer', nullable: true, example: 244750 })
  amount: number | null;
}

@ApiSchema({ name: 'TestClockRelease' })
export class TestClockReleaseDto {
  @ApiProperty({ enum: MERCHANT_RELEASE_KINDS, example: 'PENDING_TO_AVAILABLE' })
  kind: MerchantReleaseKind;

  /** Minor units still to move (0 once a refund or dispute spent it). */
  @ApiProperty({ type: 'integer', example: 244750 })
  amount: number;

  /** When it falls due, on the payment's clock as moved. */
  @ApiProperty({ format: 'date-time', example: '2026-11-27T10:00:00.000Z' })
  dueAt: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: '2026-11-26T10:00:00.000Z' })
  releasedAt: string | null;
}

@ApiSchema({ name: 'TestClockDispute' })
export class TestClockDisputeDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-a132-7d5e-9f60-3b4c5d6e7f80' })
  id: string;

  @ApiProperty({ type: 'integer', example: 250000 })
  amount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ example: 'FRAUDULENT' })
  reason: string;

  @ApiProperty({ enum: ['NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST'], example: 'NEEDS_RESPONSE' })
  status: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T10:00:05.000Z' })
  createdAt: string;
}

/** A test payment after the advance: its releases, its dispute and the merchant's test balances. */
@ApiSchema({ name: 'TestClockPayment' })
export class TestClockPaymentDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-9b21-7c4d-8e5f-2a3b4c5d6e7f' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e' })
  checkoutSessionId: string;

  @ApiProperty({ type: [TestClockReleaseDto] })
  releases: TestClockReleaseDto[];

  @ApiProperty({ type: TestClockDisputeDto, nullable: true })
  dispute: TestClockDisputeDto | null;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The merchant's test balances in the payment's currency, minor units, as GET /merchant/ledger shows them. */
  @ApiProperty({ type: 'integer', example: 0 })
  pending: number;

  @ApiProperty({ type: 'integer', example: 244750 })
  available: number;

  @ApiProperty({ type: 'integer', example: 0 })
  reserve: number;
}

@ApiSchema({ name: 'TestClockAdvanceResponse' })
export class TestClockAdvanceResponseDto {
  @ApiProperty({ type: 'integer', example: 86400 })
  advancedSeconds: number;

  /** The due work this call ran, in order; empty when nothing fell due. */
  @ApiProperty({ type: [TestClockEffectDto] })
  effects: TestClockEffectDto[];

  /** The session after the advance (`checkoutSessionId` targets); null otherwise. */
  @ApiProperty({ type: MerchantCheckoutSessionResponseDto, nullable: true })
  checkoutSession: MerchantCheckoutSessionResponseDto | null;

  /** The payment after the advance (`paymentId` targets); null otherwise. */
  @ApiProperty({ type: TestClockPaymentDto, nullable: true })
  payment: TestClockPaymentDto | null;
}
