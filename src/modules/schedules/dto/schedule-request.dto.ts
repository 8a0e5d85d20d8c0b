import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { AccountReferenceField, BillerIdOrSlugField, SavedAccountIdField } from '../../billers';
import { FundingAccountField, MinorUnitsAmountField, RailField } from '../../payments';
import { SCHEDULE_FREQUENCIES, SCHEDULE_MODES, type ScheduleMode } from '../schedule.entity';
import type { ScheduleFrequency } from '../schedule-calendar';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The customer's acceptance of the scheduled-payment terms, as the app recorded it. */
@ApiSchema({ name: 'ScheduleConsent' })
export class ScheduleConsentDto {
  /** The terms version accepted; must be the current one (`details` of CONSENT_STALE name it). */
  @ApiProperty({ example: '2026-01' })
  @IsString()
  @MinLength(1)
  @MaxLength(32)
  version: string;

  /** When the customer accepted (not in the future). */
  @ApiProperty({ format: 'date-time', example: '2026-03-01T09:00:00.000Z' })
  @IsISO8601({ strict: true })
  acceptedAt: string;
}

/**
 * A scheduled payment. Name the account by `accountReference` or `savedAccountId` (not both).
 * `mode` `FIXED` pays `amount` every period; `BILLS` pays the account's open pushed bill each
 * period up to `maximumAmount` (a bigger bill is skipped and the customer asked to confirm).
 * `WEEKLY` needs `dayOfWeek` (1 Monday .. 7 Sunday), `MONTHLY` `dayOfMonth` (1-31; a day the
 * month lacks means its last day). Dates are calendar dates in the service's business time zone.
 */
@ApiSchema({ name: 'ScheduleRequest' })
export class ScheduleRequestDto {
  @BillerIdOrSlugField()
  biller: string;

  @AccountReferenceField({ optional: true })
  accountReference?: string;

  @SavedAccountIdField()
  savedAccountId?: string;

  /** `FIXED` (default): pay `amount`; `BILLS`: pay my pushed bills up to `maximumAmount`. */
  @ApiProperty({ required: false, enum: SCHEDULE_MODES, enumName: 'ScheduleMode', example: 'FIXED' })
  @Omittable()
  @IsIn(SCHEDULE_MODES)
  mode?: ScheduleMode;

  @MinorUnitsAmountField({
    optional: true,
    example: 500000,
    description: '`FIXED` mode: minor units paid every period.',
  })
  amount?: number;

  @MinorUnitsAmountField({
    optional: true,
    example: 2000000,
    description: '`BILLS` mode: the largest bill paid without asking, minor units.',
  })
  maximumAmount?: number;

  /** The biller's currency. */
  @ApiProperty({ example: 'NGN' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code in upper case' })
  currency: string;

  @RailField({ description: 'A rail the biller accepts: `CARD`, `BANK_TRANSFER`, ...' })
  rail: string;

  @FundingAccountField({
    description: 'Where the funds come from; kept encrypted, shown back masked to its last four characters.',
  })
  fundingAccount: string;

  @ApiProperty({ enum: SCHEDULE_FREQUENCIES, enumName: 'ScheduleFrequency', example: 'MONTHLY' })
  @IsIn(SCHEDULE_FREQUENCIES)
  frequency: ScheduleFrequency;

  /** `WEEKLY`: ISO weekday, 1 (Monday) .. 7 (Sunday). */
  @ApiProperty({ required: false, type: 'integer', minimum: 1, maximum: 7, example: 1 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(7)
  dayOfWeek?: number;

  /** `MONTHLY`: 1-31; 31 (or 29, 30 in shorter months) means the month's last day. */
  @ApiProperty({ required: false, type: 'integer', minimum: 1, maximum: 31, example: 25 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(31)
  dayOfMonth?: number;

  /** First day the schedule may pay (today or later), `YYYY-MM-DD`. */
  @ApiProperty({ format: 'date', example: '2027-01-01' })
  @Matches(CALENDAR_DATE, { message: 'startDate must be a date as YYYY-MM-DD' })
  startDate: string;

  /** Last day the schedule may pay, after `startDate`, `YYYY-MM-DD`. */
  @ApiProperty({ required: false, format: 'date', example: '2027-12-31' })
  @Omittable()
  @Matches(CALENDAR_DATE, { message: 'endDate must be a date as YYYY-MM-DD' })
  endDate?: string;

  /** Acceptance of the current scheduled-payment terms; without it the answer is 422 CONSENT_MISSING. */
  @ApiProperty({ required: false, type: ScheduleConsentDto })
  @Omittable()
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ScheduleConsentDto)
  consent?: ScheduleConsentDto;
}
