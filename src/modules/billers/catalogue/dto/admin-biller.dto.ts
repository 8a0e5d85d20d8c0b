import { ApiProperty, ApiSchema, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  IsUrl,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { BooleanQuery } from '../../../../platform/http/boolean-query.decorator';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import { PageQueryDto } from '../../../../platform/http/pagination';
import { AMOUNT_RULES, AmountRule, Biller } from '../biller.entity';
import { MAX_BASIS_POINTS } from './admin-payment-rail.dto';
import { MAX_SEARCH_QUERY_LENGTH } from '../../directory/dto/biller-search-query.dto';
import { BILLER_SLUG_PATTERN, SLUG_PATTERN } from './slug';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

@ApiSchema({ name: 'AdminBillerRequest' })
export class AdminBillerRequestDto {
  /** Unique; lower-case words joined by hyphens, never shaped like a UUID. */
  @ApiProperty({ example: 'ikeja-electric' })
  @IsString()
  @MaxLength(80)
  @Matches(BILLER_SLUG_PATTERN, { message: 'slug must be lower-case words joined by hyphens, not a UUID' })
  slug: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  name: string;

  /** Other names customers search by (abbreviations, former names); at most 20. */
  @ApiProperty({ required: false, type: [String], example: ['IKEDC', 'Ikeja Electricity Distribution Company'] })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(60, { each: true })
  aliases?: string[];

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a02' })
  @IsUUID()
  categoryId: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: 'https://cdn.example.com/billers/ikedc.png' })
  @Omittable({ nullable: true })
  @ValidateIf((_request: unknown, value: unknown) => value !== null)
  @IsUrl(URL_OPTIONS, { message: 'logoUrl must be an http(s) URL' })
  @MaxLength(500)
  logoUrl?: string | null;

  /** ISO 3166-1 alpha-2. */
  @ApiProperty({ example: 'NG' })
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code such as NG' })
  country: string;

  /** ISO 4217; every amount of the biller is in its minor unit. */
  @ApiProperty({ example: 'NGN' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as NGN' })
  currency: string;

  /** Codes of active payment rails. */
  @ApiProperty({ type: [String], example: ['CARD', 'BANK_TRANSFER'] })
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @Matches(/^[A-Z][A-Z0-9_]{1,31}$/, { each: true, message: 'each acceptedRails entry must be a rail code' })
  acceptedRails: string[];

  /** Flat fee per payment, in minor units; defaults to 0. */
  @ApiProperty({ type: 'integer', required: false, maximum: Number.MAX_SAFE_INTEGER, example: 10000 })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  feeFlat?: number;

  /** Percentage fee in basis points (100 = 1%); defaults to 0. */
  @ApiProperty({ type: 'integer', required: false, maximum: MAX_BASIS_POINTS, example: 0 })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(MAX_BASIS_POINTS)
  feePercentBps?: number;

  /** What an agent earns per cash payment to this biller, flat, in minor units; defaults to 0. */
  @ApiProperty({ type: 'integer', required: false, maximum: Number.MAX_SAFE_INTEGER, example: 2000 })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  agentCommissionFlat?: number;

  /** Plus basis points of the amount (100 = 1%); defaults to 0. */
  @ApiProperty({ type: 'integer', required: false, maximum: MAX_BASIS_POINTS, example: 50 })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(MAX_BASIS_POINTS)
  agentCommissionBps?: number;

  /** Smallest payment, in minor units. */
  @ApiProperty({ type: 'integer', maximum: Number.MAX_SAFE_INTEGER, example: 100000 })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  minAmount: number;

  /** Largest payment, in minor units; at least `minAmount`. */
  @ApiProperty({ type: 'integer', maximum: Number.MAX_SAFE_INTEGER, example: 50000000 })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  maxAmount: number;

  /** What the biller calls the account reference. */
  @ApiProperty({ example: 'Meter number' })
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  accountReferenceLabel: string;

  /**
   * A regular expression the whole reference must match. Refused when it does not compile,
   * uses back-references or repeats a group that itself varies in length, such as `(a+)+`.
   */
  @ApiProperty({ example: '\\d{11}' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  accountReferencePattern: string;

  @ApiProperty({ enum: AMOUNT_RULES, enumName: 'AmountRule', example: 'ANY' })
  @IsIn(AMOUNT_RULES)
  amountRule: AmountRule;

  /** Whether accounts are validated with the biller; needs `connectorBaseUrl` and `connectorSecretRef`. Defaults to false. */
  @ApiProperty({ required: false, example: true })
  @Omittable()
  @IsBoolean()
  validatesDirectly?: boolean;

  /** Where the biller's connector endpoints are (biller protocol). */
  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'http://127.0.0.1:4010/billers/ikeja-electric',
  })
  @Omittable({ nullable: true })
  @ValidateIf((_request: unknown, value: unknown) => value !== null)
  @IsUrl(URL_OPTIONS, { message: 'connectorBaseUrl must be an http(s) URL' })
  @MaxLength(500)
  connectorBaseUrl?: string | null;

  /** Names the signing secret in the configuration (`simulator`, or a ref of BILLER_CONNECTOR_SECRETS). */
  @ApiProperty({ required: false, type: String, nullable: true, example: 'simulator' })
  @Omittable({ nullable: true })
  @ValidateIf((_request: unknown, value: unknown) => value !== null)
  @Matches(/^[a-z0-9_-]{1,40}$/, { message: 'connectorSecretRef must be 1-40 characters of a-z, 0-9, _ and -' })
  connectorSecretRef?: string | null;

  /** How long to wait for the biller, in milliseconds; defaults to 5000. */
  @ApiProperty({ type: 'integer', required: false, example: 5000 })
  @Omittable()
  @IsInt()
  @Min(100)
  @Max(30_000)
  connectorTimeoutMs?: number;

  /** False hides the biller from customers (the same as DELETE); defaults to true. */
  @ApiProperty({ required: false, example: true })
  @Omittable()
  @IsBoolean()
  active?: boolean;

  /** False keeps the biller listed but refuses validation and payments (an outage); defaults to true. */
  @ApiProperty({ required: false, example: true })
  @Omittable()
  @IsBoolean()
  available?: boolean;
}

/** Any subset of the biller's fields; the result is checked as a whole. */
@ApiSchema({ name: 'AdminBillerUpdateRequest' })
export class AdminBillerUpdateRequestDto extends PartialType(AdminBillerRequestDto) {}

export class AdminBillerListQueryDto extends PageQueryDto {
  /** Words to look for in names and aliases, as in the customer directory. */
  @ApiProperty({ required: false, example: 'ikeja', maxLength: MAX_SEARCH_QUERY_LENGTH })
  @Omittable()
  @IsString()
  @MaxLength(MAX_SEARCH_QUERY_LENGTH)
  q?: string;

  @ApiProperty({ required: false, example: 'electricity' })
  @Omittable()
  @IsString()
  @MaxLength(60)
  @Matches(SLUG_PATTERN, { message: 'categorySlug must be lower-case words joined by hyphens' })
  categorySlug?: string;

  /** Only active (`true`) or only deactivated (`false`) billers; both when absent. */
  @BooleanQuery()
  active?: boolean;
}

/** A biller with everything admins manage. */
@ApiSchema({ name: 'AdminBillerResponse' })
export class AdminBillerResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  id: string;

  @ApiProperty({ example: 'ikeja-electric' })
  slug: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  name: string;

  @ApiProperty({ type: [String], example: ['IKEDC'] })
  aliases: string[];

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a02' })
  categoryId: string;

  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.example.com/billers/ikedc.png' })
  logoUrl: string | null;

  @ApiProperty({ example: 'NG' })
  country: string;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** As stored; customers are offered only the active ones. */
  @ApiProperty({ type: [String], example: ['CARD', 'BANK_TRANSFER'] })
  acceptedRails: string[];

  @ApiProperty({ type: 'integer', example: 10000 })
  feeFlat: number;

  @ApiProperty({ type: 'integer', example: 0 })
  feePercentBps: number;

  /** An agent's commission per cash payment: flat part, minor units. */
  @ApiProperty({ type: 'integer', example: 2000 })
  agentCommissionFlat: number;

  /** An agent's commission per cash payment: basis points of the amount. */
  @ApiProperty({ type: 'integer', example: 50 })
  agentCommissionBps: number;

  @ApiProperty({ type: 'integer', example: 100000 })
  minAmount: number;

  @ApiProperty({ type: 'integer', example: 50000000 })
  maxAmount: number;

  @ApiProperty({ example: 'Meter number' })
  accountReferenceLabel: string;

  @ApiProperty({ example: '\\d{11}' })
  accountReferencePattern: string;

  @ApiProperty({ enum: AMOUNT_RULES, enumName: 'AmountRule', example: 'ANY' })
  amountRule: AmountRule;

  @ApiProperty({ example: true })
  validatesDirectly: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'http://127.0.0.1:4010/billers/ikeja-electric' })
  connectorBaseUrl: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'simulator' })
  connectorSecretRef: string | null;

  @ApiProperty({ type: 'integer', example: 5000 })
  connectorTimeoutMs: number;

  @ApiProperty({ example: true })
  active: boolean;

  @ApiProperty({ example: true })
  available: boolean;

  /** Successful payments over the last 30 days (recomputed every few minutes). */
  @ApiProperty({ type: 'integer', example: 1520 })
  popularity: number;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  updatedAt: string;
}

export function toAdminBillerResponse(biller: Biller): AdminBillerResponseDto {
  return {
    id: biller.id,
    slug: biller.slug,
    name: biller.name,
    aliases: biller.aliases,
    categoryId: biller.categoryId,
    logoUrl: biller.logoUrl,
    country: biller.country,
    currency: biller.currency,
    acceptedRails: biller.acceptedRails,
    feeFlat: biller.feeFlat,
    feePercentBps: biller.feePercentBps,
    agentCommissionFlat: biller.agentCommissionFlat,
    agentCommissionBps: biller.agentCommissionBps,
    minAmount: biller.minAmount,
    maxAmount: biller.maxAmount,
    accountReferenceLabel: biller.accountReferenceLabel,
    accountReferencePattern: biller.accountReferencePattern,
    amountRule: biller.amountRule,
    validatesDirectly: biller.validatesDirectly,
    connectorBaseUrl: biller.connectorBaseUrl,
    connectorSecretRef: biller.connectorSecretRef,
    connectorTimeoutMs: biller.connectorTimeoutMs,
    active: biller.active,
    available: biller.available,
    popularity: biller.popularity,
    createdAt: biller.createdAt.toISOString(),
    updatedAt: biller.updatedAt.toISOString(),
  };
}
