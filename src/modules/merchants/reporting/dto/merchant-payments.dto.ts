import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { RAIL_CODES } from '../../../payments';

/** `PAID`: the payment SUCCEEDED (whether refunded since, in part, or not); `REFUNDED`: some of it went back. */
export const MERCHANT_PAYMENT_FILTER_STATUSES = ['PAID', 'REFUNDED'] as const;
export type MerchantPaymentFilterStatus = (typeof MERCHANT_PAYMENT_FILTER_STATUSES)[number];

/** The statuses a checkout payment may stand in (the payment core's). */
export const MERCHANT_PAYMENT_STATUSES = [
  'AUTHORIZING',
  'PENDING',
  'PROCESSING',
  'SUCCEEDED',
  'FAILED',
  'REFUNDED',
] as const;
export type MerchantPaymentStatus = (typeof MERCHANT_PAYMENT_STATUSES)[number];

export const MERCHANT_PAYMENTS_MAX_PAGE_SIZE = 50;

/** `2026-11-01` (a UTC day) or `2026-11-01T09:30:00Z` / `...+01:00` (an instant; seconds and fractions optional). */
export const ISO_DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

const DATE_MESSAGE = (field: string) =>
  `${field} must be an ISO 8601 date (2026-11-01) or date-time with its offset (2026-11-01T09:30:00Z)`;

/** The filters of the payments list and of its CSV export (the export takes these alone). */
@ApiSchema({ name: 'MerchantPaymentsFilterQuery' })
export class MerchantPaymentsFilterQueryDto {
  /**
   * Created at or after this: a date-time with its offset, or a date (its first instant, UTC).
   */
  @ApiPropertyOptional({ format: 'date-time', example: '2026-11-01T00:00:00Z' })
  @Omittable()
  @IsString()
  @Matches(ISO_DATE_OR_INSTANT, { message: DATE_MESSAGE('date_from') })
  date_from?: string;

  /**
   * Created at or before this: a date-time with its offset, or a date (up to its last instant, UTC:
   * the whole day is in). Not before `date_from` (400 otherwise).
   */
  @ApiPropertyOptional({ format: 'date-time', example: '2026-11-30T23:59:59Z' })
  @Omittable()
  @IsString()
  @Matches(ISO_DATE_OR_INSTANT, { message: DATE_MESSAGE('date_to') })
  date_to?: string;

  /**
   * `PAID`: the payment SUCCEEDED (a payment refunded in part stays SUCCEEDED and is PAID too);
   * `REFUNDED`: some or all of it was returned to the payer (`refundedAmount` > 0), whatever its status.
   */
  @ApiPropertyOptional({
    enum: MERCHANT_PAYMENT_FILTER_STATUSES,
    enumName: 'MerchantPaymentFilterStatus',
    example: 'PAID',
  })
  @Omittable()
  @IsIn(MERCHANT_PAYMENT_FILTER_STATUSES)
  status?: MerchantPaymentFilterStatus;

  /** The rail the payer paid with. */
  @ApiPropertyOptional({ enum: RAIL_CODES, enumName: 'RailCode', example: 'CARD' })
  @Omittable()
  @IsIn(RAIL_CODES)
  rail?: string;

  /** Amount at least this, in minor units. */
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, example: 100_000 })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  min_amount?: number;

  /** Amount at most this, in minor units; not below `min_amount` (400 otherwise). */
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, example: 500_000 })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  max_amount?: number;

  /**
   * The checkout session's `merchantReference`, exactly (case matters), or the payer's e-mail
   * given on the session (`customerEmail`), case aside. Sessions hold no payer phone number, so a
   * phone number matches only a merchant reference that is one.
   */
  @ApiPropertyOptional({ minLength: 1, maxLength: 254, example: 'order-1042' })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(254)
  q?: string;
}

@ApiSchema({ name: 'MerchantPaymentsQuery' })
export class MerchantPaymentsQueryDto extends MerchantPaymentsFilterQueryDto {
  /** The previous page's `nextCursor` (same key mode, same merchant); omit for the newest payments. */
  @ApiPropertyOptional({
    maxLength: 200,
    example: 'WyIwMTkzZjVjMi04YTEwLTdiM2MtOGQ0ZS0xZjJhM2I0YzVkNmU6dGVzdCIsIjAxOTMiXQ',
  })
  @Omittable()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MERCHANT_PAYMENTS_MAX_PAGE_SIZE,
    default: MERCHANT_PAYMENTS_MAX_PAGE_SIZE,
    example: 50,
  })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MERCHANT_PAYMENTS_MAX_PAGE_SIZE)
  size: number = MERCHANT_PAYMENTS_MAX_PAGE_SIZE;
}

/** Who paid, as much as the merchant may see of it. */
@ApiSchema({ name: 'MerchantPaymentPayer' })
export class MerchantPaymentPayerDto {
  /** The card or account paid from, masked as the rail was given it. */
  @ApiProperty({ example: '424242******4242' })
  fundingAccountMasked: string;

  /** The e-mail the session was opened with, masked; null when it was opened without one. */
  @ApiProperty({ type: String, nullable: true, example: 'a***@example.com' })
  emailMasked: string | null;
}

@ApiSchema({ name: 'MerchantPayment' })
export class MerchantPaymentDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  checkoutSessionId: string;

  /** The payment link the session was opened from; null for a session opened through the API. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  paymentLinkId: string | null;

  @ApiProperty({ example: 'order-1042' })
  merchantReference: string;

  /** What the payer paid, in minor units. */
  @ApiProperty({ type: 'integer', example: 250_000 })
  amount: number;

  /** The merchant's fee on it, as priced when it was accepted (minor units). */
  @ApiProperty({ type: 'integer', example: 3_750 })
  fee: number;

  /** `amount - fee`: what the merchant is credited (minor units), before any refund. */
  @ApiProperty({ type: 'integer', example: 246_250 })
  net: number;

  /** Returned to the payer so far (minor units); 0 when nothing was. */
  @ApiProperty({ type: 'integer', example: 0 })
  refundedAmount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The payment's own status (the payment core's); `status=PAID` selects SUCCEEDED. */
  @ApiProperty({ enum: MERCHANT_PAYMENT_STATUSES, enumName: 'MerchantPaymentStatus', example: 'SUCCEEDED' })
  status: MerchantPaymentStatus;

  @ApiProperty({ example: 'CARD' })
  rail: string;

  @ApiProperty({ type: MerchantPaymentPayerDto })
  payer: MerchantPaymentPayerDto;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:00:00.000Z' })
  createdAt: string;

  /** When it succeeded; null while under way or when it failed. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-25T10:00:01.250Z' })
  paidAt: string | null;

  /**
   * When it was last refunded: the time the rail confirmed its latest `SUCCEEDED` refund. Null
   * while no refund of it has succeeded (none asked for, or every one still `PENDING` or
   * `FAILED`); `refundedAmount` counts pending refunds too.
   */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-26T09:30:00.000Z' })
  refundedAt: string | null;

  @ApiProperty({ example: false })
  livemode: boolean;
}

@ApiSchema({ name: 'MerchantPaymentPageResponse' })
export class MerchantPaymentPageResponseDto {
  /** Newest first. */
  @ApiProperty({ type: [MerchantPaymentDto] })
  items: MerchantPaymentDto[];

  /** Pass as `cursor` for the next (older) page, with the same filters; null on the last page. */
  @ApiProperty({ type: String, nullable: true, example: null })
  nextCursor: string | null;
}
