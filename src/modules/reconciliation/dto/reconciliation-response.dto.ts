import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PageOf } from '../../../platform/http/pagination';
import {
  RECONCILIATION_BREAK_TYPES,
  RECONCILIATION_SOURCES,
  type ReconciliationBreak,
  type ReconciliationBreakType,
  type ReconciliationSource,
} from '../reconciliation-break';
import type { ReconciliationReport, ReconciliationTotal } from '../reconciliation.service';

@ApiSchema({ name: 'ReconciliationWindow' })
export class ReconciliationWindowDto {
  /** Inclusive. */
  @ApiProperty({ format: 'date-time', example: '2026-11-21T23:00:00.000Z' })
  from: string;

  /** Exclusive. */
  @ApiProperty({ format: 'date-time', example: '2026-11-22T23:00:00.000Z' })
  to: string;
}

/** The window's payments in one status and currency. */
@ApiSchema({ name: 'ReconciliationTotal' })
export class ReconciliationTotalDto {
  @ApiProperty({ example: 'SUCCEEDED' })
  status: string;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ type: 'integer', example: 42 })
  count: number;

  /** Sum of the payments' amounts, minor units (fees apart). */
  @ApiProperty({ type: 'integer', example: 5250000 })
  amount: number;

  /** Sum of their fees, minor units. */
  @ApiProperty({ type: 'integer', example: 4200 })
  fee: number;
}

/**
 * One disagreement between a payment and another record of it; or, as `HELD_FOR_REVIEW`, a
 * captured payment that compliance holds before posting (not an error: listed so every
 * captured, unposted payment is accounted for).
 */
@ApiSchema({ name: 'ReconciliationBreak' })
export class ReconciliationBreakDto {
  /**
   * `HELD_FOR_REVIEW` (source `COMPLIANCE`) is a captured payment held for AML review: not posted
   * on purpose, so it is never a `MISSING_POSTING`; it leaves the list when a review clears it
   * (posted) or reports it (failed and refunded). Every other type is a break to work.
   */
  @ApiProperty({ enum: RECONCILIATION_BREAK_TYPES, enumName: 'ReconciliationBreakType', example: 'AMOUNT_MISMATCH' })
  type: ReconciliationBreakType;

  /** The record that disagrees with the payment; `COMPLIANCE` for the AML hold of a `HELD_FOR_REVIEW` row. */
  @ApiProperty({ enum: RECONCILIATION_SOURCES, enumName: 'ReconciliationSource', example: 'RAIL' })
  source: ReconciliationSource;

  /** Null for a rail capture that no payment owns. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' })
  paymentId: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'SUCCEEDED' })
  paymentStatus: string | null;

  /** The payment's latest posting cycle. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11' })
  postingAttemptId: string | null;

  /** The payment's journal entries, oldest first. */
  @ApiProperty({ type: [String], example: ['0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a12'] })
  journalEntryIds: string[];

  @ApiProperty({ type: String, nullable: true, example: 'card_cap_3f1a2b4c5d6e7f809a1b' })
  railReference: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'IKE-000123' })
  billerReference: string | null;

  @ApiProperty({ type: String, nullable: true, example: '45012345678' })
  accountReference: string | null;

  /** What the other record should hold, minor units (usually amount + fee); null where nothing is expected. */
  @ApiProperty({ type: 'integer', nullable: true, example: 125100 })
  expectedAmount: number | null;

  /** What it holds, minor units; null where it holds nothing. */
  @ApiProperty({ type: 'integer', nullable: true, example: 120000 })
  actualAmount: number | null;

  @ApiProperty({ type: String, nullable: true, example: 'NGN' })
  currency: string | null;

  /** When the payment was created (or the orphan capture taken). */
  @ApiProperty({ format: 'date-time', example: '2026-11-22T09:15:00.000Z' })
  occurredAt: string;

  @ApiProperty({ example: 'The rail captured 120000, not amount + fee 125100' })
  detail: string;
}

export const ReconciliationBreakPage = PageOf(ReconciliationBreakDto, 'ReconciliationBreakPage');

/** A reconciliation run over a window. */
@ApiSchema({ name: 'ReconciliationResponse' })
export class ReconciliationResponseDto {
  @ApiProperty({ type: ReconciliationWindowDto })
  window: ReconciliationWindowDto;

  /** When the run read the database; thresholds are measured from it. */
  @ApiProperty({ format: 'date-time', example: '2026-11-22T12:00:00.000Z' })
  asOf: string;

  /** The window's payments per status and currency. */
  @ApiProperty({ type: [ReconciliationTotalDto] })
  totals: ReconciliationTotalDto[];

  @ApiProperty({ type: ReconciliationBreakPage })
  breaks: {
    items: ReconciliationBreakDto[];
    page: number;
    size: number;
    totalItems: number;
    totalPages: number;
  };
}

export function toBreakResponse(item: ReconciliationBreak): ReconciliationBreakDto {
  return { ...item, occurredAt: item.occurredAt.toISOString() };
}

function toTotalResponse(total: ReconciliationTotal): ReconciliationTotalDto {
  return { ...total };
}

export function toReconciliationResponse(report: ReconciliationReport): ReconciliationResponseDto {
  return {
    window: { from: report.window.from.toISOString(), to: report.window.to.toISOString() },
    asOf: report.asOf.toISOString(),
    totals: report.totals.map(toTotalResponse),
    breaks: { ...report.breaks, items: report.breaks.items.map(toBreakResponse) },
  };
}
