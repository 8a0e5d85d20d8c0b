import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { SCHEDULE_RUN_STATUSES, type ScheduleRunStatus } from '../schedule-run.entity';

@ApiSchema({ name: 'ScheduleRunResponse' })
export class ScheduleRunResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a20' })
  scheduleId: string;

  /** `YYYY-MM` (monthly), `YYYY-Www` (ISO week), or `once`. */
  @ApiProperty({ example: '2027-01' })
  periodKey: string;

  @ApiProperty({ format: 'date', example: '2027-01-25' })
  dueOn: string;

  /**
   * `PENDING` (being paid), `SUCCEEDED`, `FAILED` (every attempt of the period failed; you were
   * told), `SKIPPED` (already paid another way, nothing due, or a bill above the maximum).
   */
  @ApiProperty({ enum: SCHEDULE_RUN_STATUSES, enumName: 'ScheduleRunStatus', example: 'SUCCEEDED' })
  status: ScheduleRunStatus;

  /** What the run pays or paid, minor units; null until known (bills mode). */
  @ApiProperty({ type: 'integer', nullable: true, example: 500000 })
  amount: number | null;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  /** The payment attempt (1 first, more after failures within the period). */
  @ApiProperty({ type: 'integer', example: 1 })
  attempt: number;

  /** The current attempt's payment, or the payment that paid the period another way. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  paymentId: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  billId: string | null;

  /** Why it failed or was skipped: `ALREADY_PAID`, `NO_BILL_DUE`, `ABOVE_MAXIMUM`, `INSUFFICIENT_FUNDS`, ... */
  @ApiProperty({ type: String, nullable: true, example: null })
  outcomeCode: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  outcomeMessage: string | null;

  @ApiProperty({ format: 'date-time', example: '2027-01-25T00:00:05.000Z' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', example: '2027-01-25T00:00:09.000Z' })
  updatedAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2027-01-25T00:00:09.000Z' })
  completedAt: string | null;
}
