import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { ISO_CURRENCY_CODES } from '../../onboarding/currency-codes';
import {
  CHECKOUT_SESSION_SOURCES,
  CHECKOUT_SESSION_STATUSES,
  CheckoutSessionSource,
  CheckoutSessionStatus,
  MerchantCheckoutSession,
} from '../checkout-session.entity';
import { MAX_REDIRECT_URL_LENGTH } from '../redirect-url';
import { MetadataField } from './checkout-metadata';

/** The most a checkout may ask for, in minor units (a thousand million of a two-decimal currency). */
export const MAX_CHECKOUT_AMOUNT = 100_000_000_000;
export const MIN_EXPIRY_MINUTES = 30;
export const MAX_EXPIRY_MINUTES = 1440;
/** Design section 5: a session lasts 24 hours unless the merchant asks for less. */
export const DEFAULT_EXPIRY_MINUTES = 1440;

@ApiSchema({ name: 'MerchantCheckoutSessionRequest' })
export class MerchantCheckoutSessionRequestDto {
  /** Minor units (kobo, cents), positive. */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_CHECKOUT_AMOUNT, example: 250000 })
  @IsInt()
  @Min(1)
  @Max(MAX_CHECKOUT_AMOUNT)
  amount: number;

  /** ISO 4217; when the merchant has settlement accounts, one of their currencies. */
  @ApiProperty({ enum: ISO_CURRENCY_CODES, pattern: '^[A-Z]{3}$', example: 'NGN' })
  @IsIn(ISO_CURRENCY_CODES, { message: 'currency must be an ISO 4217 currency code' })
  currency: string;

  /** The merchant's own reference for the order (shown on the hosted page). */
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'order-1042' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  merchantReference: string;

  @ApiProperty({ required: false, minLength: 1, maxLength: 200, example: 'Two tickets' })
  @Omittable()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title?: string;

  /**
   * Where the customer goes after paying (`?session_id=` is added). Live: its origin must be a
   * VERIFIED origin of the merchant; test: any `https://` URL or `http://localhost[:port]`.
   * Required with `cancelUrl` unless `endpoint` is sent instead.
   */
  @ApiProperty({
    required: false,
    format: 'uri',
    maxLength: MAX_REDIRECT_URL_LENGTH,
    example: 'https://shop.example.com/paid',
  })
  @ValidateIf((body: MerchantCheckoutSessionRequestDto) => body.endpoint === undefined || body.successUrl !== undefined)
  @IsString()
  @MaxLength(MAX_REDIRECT_URL_LENGTH)
  successUrl?: string;

  /** Where the customer goes on cancelling; the same rules as `successUrl`, and required with it. */
  @ApiProperty({
    required: false,
    format: 'uri',
    maxLength: MAX_REDIRECT_URL_LENGTH,
    example: 'https://shop.example.com/cart',
  })
  @ValidateIf((body: MerchantCheckoutSessionRequestDto) => body.endpoint === undefined || body.cancelUrl !== undefined)
  @IsString()
  @MaxLength(MAX_REDIRECT_URL_LENGTH)
  cancelUrl?: string;

  /**
   * The spec's sandbox field (4.11): the one URL the customer's browser returns to, paid or not
   * (it becomes both `successUrl` and `cancelUrl`; the merchant reads the outcome with GET). The
   * same rules as `successUrl` (test: `http://localhost[:port]` allowed). Instead of
   * `successUrl` and `cancelUrl`, never with them. A browser redirect only: the service never
   * fetches it.
   */
  @ApiProperty({
    required: false,
    format: 'uri',
    maxLength: MAX_REDIRECT_URL_LENGTH,
    example: 'http://localhost:3000/return',
  })
  @Omittable()
  @IsString()
  @MaxLength(MAX_REDIRECT_URL_LENGTH)
  endpoint?: string;

  @ApiProperty({ required: false, format: 'email', maxLength: 254, example: 'ada@example.com' })
  @Omittable()
  @IsEmail({}, { message: 'customerEmail must be an e-mail address' })
  @MaxLength(254)
  customerEmail?: string;

  /** How long the session stays open: 30 minutes to 24 hours; 24 hours (1440) when left out. */
  @ApiProperty({
    type: 'integer',
    required: false,
    minimum: MIN_EXPIRY_MINUTES,
    maximum: MAX_EXPIRY_MINUTES,
    example: 60,
  })
  @Omittable()
  @IsInt()
  @Min(MIN_EXPIRY_MINUTES)
  @Max(MAX_EXPIRY_MINUTES)
  expiresInMinutes?: number;

  @MetadataField()
  metadata?: Record<string, string>;
}

@ApiSchema({ name: 'MerchantCheckoutSessionResponse' })
export class MerchantCheckoutSessionResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f50' })
  id: string;

  /** `OPEN` until paid (`COMPLETE`) or past `expiresAt` (`EXPIRED`, also when read before the expiry job ran). */
  @ApiProperty({ enum: CHECKOUT_SESSION_STATUSES, example: 'OPEN' })
  status: CheckoutSessionStatus;

  /** `PAID` once COMPLETE. */
  @ApiProperty({ enum: ['UNPAID', 'PAID'], example: 'UNPAID' })
  paymentStatus: 'UNPAID' | 'PAID';

  @ApiProperty({ type: 'integer', example: 250000 })
  amount: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ example: 'order-1042' })
  merchantReference: string;

  @ApiProperty({ type: String, nullable: true, example: 'Two tickets' })
  title: string | null;

  @ApiProperty({ example: 'https://shop.example.com/paid' })
  successUrl: string;

  @ApiProperty({ example: 'https://shop.example.com/cart' })
  cancelUrl: string;

  @ApiProperty({ type: String, nullable: true, example: 'ada@example.com' })
  customerEmail: string | null;

  /** The hosted page the customer pays on: `/c/{id}` at the service's public address. */
  @ApiProperty({ format: 'uri', example: 'https://pay.example.com/c/0193a5b2-7c1e-7d3a-9f00-5b1c2d3e4f50' })
  url: string;

  @ApiProperty({ enum: CHECKOUT_SESSION_SOURCES, example: 'API' })
  source: CheckoutSessionSource;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  paymentLinkId: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  paymentId: string | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { orderId: 'ord_1042' } })
  metadata: Record<string, string>;

  @ApiProperty({ example: false })
  livemode: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T10:30:00.000Z' })
  expiresAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  completedAt: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:30:00.000Z' })
  createdAt: string;
}

export function toCheckoutSessionResponse(
  session: MerchantCheckoutSession,
  url: string,
): MerchantCheckoutSessionResponseDto {
  return {
    id: session.id,
    status: session.status,
    paymentStatus: session.status === 'COMPLETE' ? 'PAID' : 'UNPAID',
    amount: session.amount,
    currency: session.currency,
    merchantReference: session.merchantReference,
    title: session.title,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    customerEmail: session.customerEmail,
    url,
    source: session.source,
    paymentLinkId: session.paymentLinkId,
    paymentId: session.paymentId,
    metadata: session.metadata,
    livemode: session.livemode,
    expiresAt: session.expiresAt.toISOString(),
    completedAt: session.completedAt?.toISOString() ?? null,
    createdAt: session.createdAt.toISOString(),
  };
}
