import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { MinorUnitsAmountField } from '../../payments';
import { SCHEDULE_FREQUENCIES } from '../schedule.entity';
import type { ScheduleFrequency } from '../schedule-calendar';
import { ScheduleConsentDto } from './schedule-request.dto';

/**
 * Changes to a schedule; send only what changes. Raising `amount` or `maximumAmount` needs a
 * fresh `consent` to the current terms. `status` `PAUSED` pauses, `ACTIVE` resumes (the next
 * due date is then counted from today: paused periods are not paid late). A cancelled
 * schedule answers 409 SCHEDULE_CANCELLED, a completed one 409 SCHEDULE_COMPLETED.
 */
@ApiSchema({ name: 'ScheduleUpdateRequest' })
export class ScheduleUpdateRequestDto {
  @MinorUnitsAmountField({ optional: true, example: 600000 })
  amount?: number;

  @MinorUnitsAmountField({ optional: true, example: 2500000 })
  maximumAmount?: number;

  @ApiProperty({ required: false, enum: SCHEDULE_FREQUENCIES, enumName: 'ScheduleFrequency', example: 'WEEKLY' })
  @Omittable()
  @IsIn(SCHEDULE_FREQUENCIES)
  frequency?: ScheduleFrequency;

  @ApiProperty({ required: false, type: 'integer', minimum: 1, maximum: 7, example: 5 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(7)
  dayOfWeek?: number;

  @ApiProperty({ required: false, type: 'integer', minimum: 1, maximum: 31, example: 25 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(31)
  dayOfMonth?: number;

  /** A new last day, `YYYY-MM-DD`; `null` removes the end date. */
  @ApiProperty({ required: false, type: String, format: 'date', nullable: true, example: '2027-06-30' })
  @Omittable({ nullable: true })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'endDate must be a date as YYYY-MM-DD' })
  endDate?: string | null;

  /** `PAUSED` to pause, `ACTIVE` to resume. */
  @ApiProperty({ required: false, enum: ['ACTIVE', 'PAUSED'], example: 'PAUSED' })
  @Omittable()
  @IsIn(['ACTIVE', 'PAUSED'])
  status?: 'ACTIVE' | 'PAUSED';

  /** Needed when raising the amount or maximum. */
  @ApiProperty({ required: false, type: ScheduleConsentDto })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ScheduleConsentDto)
  consent?: ScheduleConsentDto;
}
