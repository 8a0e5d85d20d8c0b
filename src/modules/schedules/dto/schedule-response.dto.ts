import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  SCHEDULE_FREQUENCIES,
  SCHEDULE_MODES,
  SCHEDULE_STATUSES,
  type ScheduleMode,
  type ScheduleStatus,
} from '../schedule.entity';
import type { ScheduleFrequency } from '../schedule-calendar';

@ApiSchema({ name: 'ScheduleConsentRecord' })
export class ScheduleConsentRecordDto {
  @ApiProperty({ example: '2026-01' })
  version: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-01T09:00:00.000Z' })
  acceptedAt: string;
}

@ApiSchema({ name: 'ScheduleResponse' })
export class ScheduleResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a20' })
  id: string;

  /** `ACTIVE`, `PAUSED`, `CANCELLED` (by DELETE; history kept) or `COMPLETED` (no period left). */
  @ApiProperty({ enum: SCHEDULE_STATUSES, enumName: 'ScheduleStatus', example: 'ACTIVE' })
  status: ScheduleStatus;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ example: 'ikeja-electric' })
  billerSlug: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  billerName: string;

  @ApiProperty({ example: '45010001234' })
  accountReference: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  savedAccountId: string | null;

  @ApiProperty({ enum: SCHEDULE_MODES, enumName: 'ScheduleMode', example: 'FIXED' })
  mode: ScheduleMode;

  /** `FIXED`: paid every period, minor units. */
  @ApiProperty({ type: 'integer', nullable: true, example: 500000 })
  amount: number | null;

  /** `BILLS`: the largest bill paid without asking, minor units. */
  @ApiProperty({ type: 'integer', nullable: true, example: null })
  maximumAmount: number | null;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ example: 'CARD' })
  rail: string;

  /** Masked to its last four characters. */
  @ApiProperty({ example: '************4242' })
  fundingAccount: string;

  @ApiProperty({ enum: SCHEDULE_FREQUENCIES, enumName: 'ScheduleFrequency', example: 'MONTHLY' })
  frequency: ScheduleFrequency;

  @ApiProperty({ type: 'integer', nullable: true, example: null })
  dayOfWeek: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 25 })
  dayOfMonth: number | null;

  @ApiProperty({ format: 'date', example: '2027-01-01' })
  startDate: string;

  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2027-12-31' })
  endDate: string | null;

  /** The next due date (business time zone); null when paused, cancelled or completed. */
  @ApiProperty({ type: String, format: 'date', nullable: true, example: '2027-01-25' })
  nextRunOn: string | null;

  /** The time zone the dates are in. */
  @ApiProperty({ example: 'Africa/Lagos' })
  timeZone: string;

  @ApiProperty({ type: ScheduleConsentRecordDto })
  consent: ScheduleConsentRecordDto;

  @ApiProperty({ format: 'date-time', example: '2026-03-01T09:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-01T09:00:00.000Z' })
  updatedAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  cancelledAt: string | null;
}
