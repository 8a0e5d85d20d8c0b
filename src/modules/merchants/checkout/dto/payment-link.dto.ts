import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsInt, IsISO8601, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { ISO_CURRENCY_CODES } from '../../onboarding/currency-codes';
import { MerchantPaymentLink } from '../payment-link.entity';
import { MAX_REDIRECT_URL_LENGTH } from '../redirect-url';
import { MAX_CHECKOUT_AMOUNT } from './checkout-session.dto';
import { MetadataField } from './checkout-metadata';

export const SLUG_PATTERN = /^[a-z0-9-]{3,64}$/;
export const MAX_LINK_COMPLETIONS = 1_000_000;

const amountField = (example: number, description: string) =>
  ApiProperty({
    type: 'integer',
    required: false,
    minimum: 1,
    maximum: MAX_CHECKOUT_AMOUNT,
    example,
    description,
  });

@ApiSchema({ name: 'MerchantPaymentLinkRequest' })
export class MerchantPaymentLinkRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Concert ticket' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title: string;

  @ApiProperty({ required: false, minLength: 1, maxLength: 1000, example: 'Entry for one, Saturday 8 pm' })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  description?: string;

  @amountField(
    500000,
    'A fixed amount in minor units; leave it out to let the customer choose within `minAmount` and `maxAmount`.',
  )
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_CHECKOUT_AMOUNT)
  amount?: number;

  @amountField(
    100000,
    'The least a customer may choose (minor units); required, with `maxAmount`, when `amount` is left out, and refused with it.',
  )
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_CHECKOUT_AMOUNT)
  minAmount?: number;

  @amountField(5000000, 'The most a customer may choose (minor units), at least `minAmount`.')
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_CHECKOUT_AMOUNT)
  maxAmount?: number;

  /** ISO 4217; when the merchant has settlement accounts, one of their currencies. */
  @ApiProperty({ enum: ISO_CURRENCY_CODES, pattern: '^[A-Z]{3}$', example: 'NGN' })
  @IsIn(ISO_CURRENCY_CODES, { message: 'currency must be an ISO 4217 currency code' })
  currency: string;

  /** Lower-case letters, digits and `-`, 3 to 64; unique across the service (409 SLUG_TAKEN). */
  @ApiProperty({
    required: false,
    pattern: SLUG_PATTERN.source,
    minLength: 3,
    maxLength: 64,
    example: 'concert-ticket',
  })
  @Omittable()
  @IsString()
  @Matches(SLUG_PATTERN, { message: 'slug must be 3 to 64 lower-case letters, digits or -' })
  slug?: string;

  /** Where the customer goes after paying; the rules of a session's `successUrl`. */
  @ApiProperty({
    required: false,
    format: 'uri',
    maxLength: MAX_REDIRECT_URL_LENGTH,
    example: 'https://shop.example.com/thanks',
  })
  @Omittable()
  @IsString()
  @MaxLength(MAX_REDIRECT_URL_LENGTH)
  redirectUrl?: string;

  /** Shown on the hosted page after payment when there is no `redirectUrl`. */
  @ApiProperty({ required: false, minLength: 1, maxLength: 500, example: 'Thank you! Your ticket is on its way.' })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  successMessage?: string;

  /** The link stops taking payments after this many. */
  @ApiProperty({ type: 'integer', required: false, minimum: 1, maximum: MAX_LINK_COMPLETIONS, example: 100 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_LINK_COMPLETIONS)
  maxCompletions?: number;

  /** The link stops taking payments at this time; in the future. */
  @ApiProperty({ type: String, format: 'date-time', required: false, example: '2026-12-31T23:59:59.000Z' })
  @Omittable()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO 8601 date-time' })
  expiresAt?: string;

  @MetadataField()
  metadata?: Record<string, string>;
}

@ApiSchema({ name: 'MerchantPaymentLinkResponse' })
export class MerchantPaymentLinkResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f60' })
  id: string;

  @ApiProperty({ example: 'Concert ticket' })
  title: string;

  @ApiProperty({ type: String, nullable: true, example: 'Entry for one, Saturday 8 pm' })
  description: string | null;

  /** The fixed amount; null when the customer chooses within `minAmount`..`maxAmount`. */
  @ApiProperty({ type: 'integer', nullable: true, example: 500000 })
  amount: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: null })
  minAmount: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: null })
  maxAmount: number | null;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ type: String, nullable: true, example: 'concert-ticket' })
  slug: string | null;

  /** The hosted page: `/l/{slug}` (or `/l/{id}` without a slug) at the service's public address. */
  @ApiProperty({ format: 'uri', example: 'https://pay.example.com/l/concert-ticket' })
  url: string;

  @ApiProperty({ type: String, nullable: true, example: 'https://shop.example.com/thanks' })
  redirectUrl: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  successMessage: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 100 })
  maxCompletions: number | null;

  /** Paid sessions of the link. */
  @ApiProperty({ type: 'integer', minimum: 0, example: 0 })
  completedCount: number;

  /** False once past `expiresAt` or at `maxCompletions`. */
  @ApiProperty({ example: true })
  active: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-12-31T23:59:59.000Z' })
  expiresAt: string | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { campaign: 'winter' } })
  metadata: Record<string, string>;

  @ApiProperty({ example: false })
  livemode: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:30:00.000Z' })
  createdAt: string;
}

export function toPaymentLinkResponse(
  link: MerchantPaymentLink,
  url: string,
  now: Date,
): MerchantPaymentLinkResponseDto {
  const expired = link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime();
  const exhausted = link.maxCompletions !== null && link.completedCount >= link.maxCompletions;
  return {
    id: link.id,
    title: link.title,
    description: link.description,
    amount: link.amount,
    minAmount: link.minAmount,
    maxAmount: link.maxAmount,
    currency: link.currency,
    slug: link.slug,
    url,
    redirectUrl: link.redirectUrl,
    successMessage: link.successMessage,
    maxCompletions: link.maxCompletions,
    completedCount: link.completedCount,
    active: !expired && !exhausted,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    metadata: link.metadata,
    livemode: link.livemode,
    createdAt: link.createdAt.toISOString(),
  };
}
