import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, Matches, Max, Min } from 'class-validator';
import { toMinorUnits } from '../../../../platform/database/minor-units.transformer';
import { Omittable } from '../../../../platform/http/omittable.decorator';
import {
  filesOf,
  STATEMENT_FORMAT_NAMES,
  STATEMENT_STATUSES,
  type StatementFormat,
  type StatementRow,
  type StatementStatus,
} from '../merchant-statement-row';

/** The statements list's default page size (the spec's). */
export const STATEMENTS_DEFAULT_SIZE = 50;

@ApiSchema({ name: 'MerchantStatementListQuery' })
export class MerchantStatementListQueryDto {
  /** Zero-based page number. */
  @ApiProperty({ required: false, type: 'integer', minimum: 0, maximum: 1_000_000, default: 0, example: 0 })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  page: number = 0;

  /** Statements per page, 1 to 100. */
  @ApiProperty({
    required: false,
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: STATEMENTS_DEFAULT_SIZE,
    example: 50,
  })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  size: number = STATEMENTS_DEFAULT_SIZE;
}

@ApiSchema({ name: 'MerchantStatementFile' })
export class MerchantStatementFileDto {
  @ApiProperty({ enum: STATEMENT_FORMAT_NAMES, example: 'pdf' })
  format: StatementFormat;

  /** The file's length in bytes. */
  @ApiProperty({ type: 'integer', example: 2817 })
  sizeBytes: number;

  /** Hex SHA-256 of the file, to check a download against. */
  @ApiProperty({
    pattern: '^[0-9a-f]{64}$',
    example: '9f2c4e0b8f5f4e0d5b2f1a3c6d7e8f90112233445566778899aabbccddeeff00',
  })
  sha256: string;
}

@ApiSchema({ name: 'MerchantStatementResponse' })
export class MerchantStatementResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b' })
  id: string;

  /** The month, UTC. */
  @ApiProperty({ pattern: '^\\d{4}-\\d{2}$', example: '2026-10' })
  period: string;

  /** The month's first instant, UTC. */
  @ApiProperty({ format: 'date-time', example: '2026-10-01T00:00:00.000Z' })
  periodStart: string;

  /** The next month's first instant, UTC: the window is `[periodStart, periodEnd)`. */
  @ApiProperty({ format: 'date-time', example: '2026-11-01T00:00:00.000Z' })
  periodEnd: string;

  /** A statement covers one currency; a month with money in two has two statements. */
  @ApiProperty({ example: 'NGN' })
  currency: string;

  /**
   * READY with its files; FAILED when the ledger's closing balance is not the opening balance plus the
   * movements (`failureReason` says by how much; no files). A statement is made in one transaction, so
   * PENDING and GENERATING (the design's) are not seen today.
   */
  @ApiProperty({ enum: STATEMENT_STATUSES, example: 'READY' })
  status: StatementStatus;

  /** Pending + available at the month's start, minor units (the reserve is held apart). */
  @ApiProperty({ type: 'integer', nullable: true, example: 1250000 })
  openingBalance: number | null;

  /** What payers paid for the month's captured payments, minor units. */
  @ApiProperty({ type: 'integer', nullable: true, example: 5000000 })
  grossVolume: number | null;

  /** The merchant's fees on those payments, minor units. */
  @ApiProperty({ type: 'integer', nullable: true, example: 120000 })
  fees: number | null;

  /** Refunds paid back to payers, minor units. */
  @ApiProperty({ type: 'integer', nullable: true, example: 200000 })
  refunds: number | null;

  /** The captures' rolling reserve share moved into the reserve, minor units. */
  @ApiProperty({ type: 'integer', nullable: true, example: 488000 })
  reserveHeld: number | null;

  /** Reserve released back to the balance after its hold, minor units. */
  @ApiProperty({ type: 'integer', nullable: true, example: 97500 })
  reserveReleased: number | null;

  /** Paid out to the settlement account, minor units: 0 until payouts exist. */
  @ApiProperty({ type: 'integer', nullable: true, example: 0 })
  payouts: number | null;

  /**
   * Pending + available at the month's end, read from the ledger; on a READY statement it equals
   * opening + grossVolume - fees - refunds - reserveHeld + reserveReleased - payouts.
   */
  @ApiProperty({ type: 'integer', nullable: true, example: 5539500 })
  closingBalance: number | null;

  /** Why a FAILED statement failed; null otherwise. */
  @ApiProperty({ type: String, nullable: true, example: null })
  failureReason: string | null;

  /** The files of a READY statement (download them from `/merchant/statements/{id}/files/{format}`). */
  @ApiProperty({ type: [MerchantStatementFileDto] })
  files: MerchantStatementFileDto[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-01T02:00:04.120Z' })
  generatedAt: string | null;

  /** The API key's mode: test keys see test statements, live keys live ones. */
  @ApiProperty({ example: true })
  livemode: boolean;
}

@ApiSchema({ name: 'AdminMerchantStatementRequest' })
export class AdminMerchantStatementRequestDto {
  /** The month to state, UTC; a month not yet over is refused (its figures would still move). */
  @ApiProperty({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', example: '2026-10' })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'period must be a month, YYYY-MM' })
  period: string;

  @ApiProperty({ example: false })
  @IsBoolean()
  livemode: boolean;
}

const amount = (value: string | null) => (value === null ? null : toMinorUnits(value));

export function toMerchantStatementResponse(row: StatementRow): MerchantStatementResponseDto {
  return {
    id: row.id,
    period: row.period,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    currency: row.currency,
    status: row.status as StatementStatus,
    openingBalance: amount(row.opening_balance),
    grossVolume: amount(row.gross_volume),
    fees: amount(row.fees),
    refunds: amount(row.refunds),
    reserveHeld: amount(row.reserve_held),
    reserveReleased: amount(row.reserve_released),
    payouts: amount(row.payouts),
    closingBalance: amount(row.closing_balance),
    failureReason: row.failure_reason,
    files: filesOf(row).map((file) => ({ format: file.format, sizeBytes: file.sizeBytes, sha256: file.sha256 })),
    generatedAt: row.generated_at?.toISOString() ?? null,
    livemode: row.livemode,
  };
}
