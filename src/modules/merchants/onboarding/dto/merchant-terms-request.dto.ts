import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDateString,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ISO_CURRENCY_CODES } from '../currency-codes';
import {
  PAYOUT_INTERVALS,
  type PayoutInterval,
  VELOCITY_SCOPES,
  VELOCITY_WINDOWS,
  type VelocityScope,
  type VelocityWindow,
  WEEKDAYS,
  type Weekday,
} from '../merchant-terms.entities';
import { RISK_TIERS, type RiskTier } from '../merchant.entity';

/** The largest amount in minor units any money field here accepts (10 billion in major units at 100). */
export const MAX_MINOR_AMOUNT = 1_000_000_000_000;

@ApiSchema({ name: 'MerchantPayoutSchedule' })
export class PayoutScheduleDto {
  @ApiProperty({ enum: PAYOUT_INTERVALS, enumName: 'MerchantPayoutInterval', example: 'DAILY' })
  @IsIn(PAYOUT_INTERVALS)
  interval: PayoutInterval;

  /** Days a capture waits before it is available for payout (T+delayDays). */
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 30, example: 1 })
  @IsInt()
  @Min(0)
  @Max(30)
  delayDays: number;

  /** WEEKLY only, and required then. */
  @ApiPropertyOptional({ enum: WEEKDAYS, enumName: 'Weekday', example: 'FRIDAY' })
  @ValidateIf((object: PayoutScheduleDto, value) => value !== undefined || object.interval === 'WEEKLY')
  @IsIn(WEEKDAYS, { message: 'weeklyAnchor is required for a WEEKLY schedule, and only then' })
  weeklyAnchor?: Weekday;

  /** MONTHLY only, and required then: the day of the month (31 means the last day in shorter months). */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 31, example: 1 })
  @ValidateIf((object: PayoutScheduleDto, value) => value !== undefined || object.interval === 'MONTHLY')
  @IsInt({ message: 'monthlyAnchor is required for a MONTHLY schedule, and only then' })
  @Min(1)
  @Max(31)
  monthlyAnchor?: number;
}

/** A new price list for a merchant, from `effectiveAt`; earlier versions stay on record. */
@ApiSchema({ name: 'MerchantPricingRequest' })
export class MerchantPricingRequestDto {
  /** Percentage fee in basis points (150 = 1.50%). */
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 2000, example: 150 })
  @IsInt()
  @Min(0)
  @Max(2000)
  feeBps: number;

  /** Fixed fee per payment, minor units of `feeCurrency`. */
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MINOR_AMOUNT, example: 10000 })
  @IsInt()
  @Min(0)
  @Max(MAX_MINOR_AMOUNT)
  feeFixed: number;

  /** The most one payment pays in fees (at least `feeFixed`); omit for no cap. */
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_MINOR_AMOUNT, example: 200000 })
  @ValidateIf((_object, value) => value !== undefined)
  @IsInt()
  @Min(0)
  @Max(MAX_MINOR_AMOUNT)
  feeCap?: number;

  @ApiProperty({ enum: ISO_CURRENCY_CODES, pattern: '^[A-Z]{3}$', example: 'NGN' })
  @IsIn(ISO_CURRENCY_CODES, { message: 'feeCurrency must be an ISO 4217 currency code' })
  feeCurrency: string;

  /** Share of each capture held in reserve, basis points (at most 50%). */
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 5000, example: 500 })
  @IsInt()
  @Min(0)
  @Max(5000)
  reserveBps: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 365, example: 90 })
  @IsInt()
  @Min(0)
  @Max(365)
  reserveHoldDays: number;

  @ApiProperty({ type: PayoutScheduleDto })
  @IsObject()
  @ValidateNested()
  @Type(() => PayoutScheduleDto)
  payoutSchedule: PayoutScheduleDto;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MINOR_AMOUNT, example: 100000 })
  @IsInt()
  @Min(0)
  @Max(MAX_MINOR_AMOUNT)
  minimumPayoutAmount: number;

  /** When the price applies (not in the past: a past price would rewrite fees already charged). */
  @ApiProperty({ format: 'date-time', example: '2026-12-01T00:00:00.000Z' })
  @IsDateString({ strict: true }, { message: 'effectiveAt must be an ISO 8601 date-time' })
  effectiveAt: string;
}

/** Where payouts go (a Nigerian bank account: CBN bank code and 10-digit NUBAN). */
@ApiSchema({ name: 'MerchantSettlementAccountRequest' })
export class MerchantSettlementAccountRequestDto {
  /** The CBN bank code (3 digits; the NUBAN check digit is verified) or a 6-digit NIP institution code. */
  @ApiProperty({ pattern: '^([0-9]{3}|[0-9]{6})$', example: '058' })
  @IsString()
  @Matches(/^([0-9]{3}|[0-9]{6})$/, { message: 'bankCode must be 3 or 6 digits' })
  bankCode: string;

  @ApiProperty({ pattern: '^[0-9]{10}$', example: '0123456785' })
  @IsString()
  @Matches(/^[0-9]{10}$/, { message: 'accountNumber must be 10 digits (NUBAN)' })
  accountNumber: string;

  @ApiProperty({ minLength: 2, maxLength: 100, example: 'ACME FOODS LTD' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(2)
  @MaxLength(100)
  accountName: string;

  @ApiProperty({ enum: ISO_CURRENCY_CODES, pattern: '^[A-Z]{3}$', example: 'NGN' })
  @IsIn(ISO_CURRENCY_CODES, { message: 'currency must be an ISO 4217 currency code' })
  currency: string;
}

@ApiSchema({ name: 'MerchantRiskTierRequest' })
export class MerchantRiskTierRequestDto {
  @ApiProperty({ enum: RISK_TIERS, enumName: 'MerchantRiskTier', example: 'HIGH' })
  @IsIn(RISK_TIERS)
  tier: RiskTier;

  @ApiProperty({ minLength: 3, maxLength: 500, example: 'Chargeback rate above 1% for two months.' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}

@ApiSchema({ name: 'MerchantVelocityCap' })
export class VelocityCapDto {
  /** MERCHANT: all the merchant's payments; CUSTOMER: each paying customer's. */
  @ApiProperty({ enum: VELOCITY_SCOPES, enumName: 'MerchantVelocityScope', example: 'MERCHANT' })
  @IsIn(VELOCITY_SCOPES)
  scope: VelocityScope;

  /** Trailing hour or day. */
  @ApiProperty({ enum: VELOCITY_WINDOWS, enumName: 'MerchantVelocityWindow', example: 'DAY' })
  @IsIn(VELOCITY_WINDOWS)
  window: VelocityWindow;

  @ApiProperty({ enum: ISO_CURRENCY_CODES, pattern: '^[A-Z]{3}$', example: 'NGN' })
  @IsIn(ISO_CURRENCY_CODES, { message: 'currency must be an ISO 4217 currency code' })
  currency: string;

  /** At least one of maxCount and maxAmount. */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 10_000_000, example: 500 })
  @ValidateIf((object: VelocityCapDto, value) => value !== undefined || object.maxAmount === undefined)
  @IsInt({ message: 'give maxCount, maxAmount or both' })
  @Min(1)
  @Max(10_000_000)
  maxCount?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_MINOR_AMOUNT, example: 500000000 })
  @ValidateIf((_object, value) => value !== undefined)
  @IsInt()
  @Min(1)
  @Max(MAX_MINOR_AMOUNT)
  maxAmount?: number;
}

/** The merchant's whole set of caps: it replaces the previous one (an empty list removes them all). */
@ApiSchema({ name: 'MerchantVelocityCapsRequest' })
export class MerchantVelocityCapsRequestDto {
  @ApiProperty({ type: [VelocityCapDto] })
  @IsArray()
  @ArrayMinSize(0)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => VelocityCapDto)
  caps: VelocityCapDto[];
}
