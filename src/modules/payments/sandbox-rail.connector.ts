import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import {
  CancelRequest,
  CancelResult,
  CaptureRequest,
  CaptureResult,
  CaptureStatusRequest,
  CaptureStatusResult,
  DeclineReason,
  RailConnector,
  RailOperation,
  RailOperationsQuery,
  RefundRequest,
  RefundResult,
} from './rail-connector';

/**
 * Test account numbers of the sandbox rails, like Stripe's test cards: each forces an outcome.
 * Any other well-formed account number is captured. Documented in the README.
 */
type ForcedOutcome = 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'ACCOUNT_CLOSED' | 'TIMEOUT' | 'CAPTURED_ANSWER_LOST';

export const RAIL_TEST_ACCOUNTS: Readonly<Record<string, ForcedOutcome>> = {
  '4000000000000002': 'DECLINED',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000000119': 'TIMEOUT',
  '4000000000000259': 'CAPTURED_ANSWER_LOST',
  '0000000002': 'DECLINED',
  '0000000003': 'ACCOUNT_CLOSED',
  '0000000009': 'TIMEOUT',
  '+2348000000402': 'INSUFFICIENT_FUNDS',
  '+2348000000504': 'TIMEOUT',
};

const DECLINES: Partial<Record<ForcedOutcome, DeclineReason>> = {
  DECLINED: 'DO_NOT_HONOR',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  ACCOUNT_CLOSED: 'ACCOUNT_CLOSED',
};

interface StoredCapture {
  outcome: 'CAPTURED' | 'DECLINED';
  reason: DeclineReason | null;
  rail_reference: string | null;
}

/** Exported (with RECORD_CAPTURE) so an e2e test can `EXPLAIN` exactly what runs. */
export const CAPTURE_OF = defineStatement<StoredCapture, [reference: string]>(
  'sandbox-rail.capture-of',
  `SELECT outcome, reason, rail_reference FROM sandbox_rail_operations
    WHERE kind = 'CAPTURE' AND reference = $1`,
);

export const RECORD_CAPTURE = defineStatement<
  StoredCapture,
  [
    rail: string,
    reference: string,
    decline: DeclineReason | null,
    railReference: string,
    amount: string,
    currency: string,
  ]
>(
  'sandbox-rail.record-capture',
  `WITH cancelled AS (
     SELECT 1 FROM sandbox_rail_operations WHERE kind = 'CANCEL' AND reference = $2
   ), inserted AS (
     INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, reason, rail_reference, amount, currency)
     SELECT 'CAPTURE', $2, $1,
            CASE WHEN $3::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN 'CAPTURED' ELSE 'DECLINED' END,
            CASE WHEN $3::text IS NOT NULL THEN $3 WHEN EXISTS (SELECT 1 FROM cancelled) THEN 'DO_NOT_HONOR' END,
            CASE WHEN $3::text IS NULL AND NOT EXISTS (SELECT 1 FROM cancelled) THEN $4 END,
            $5, $6
     ON CONFLICT (kind, reference) DO NOTHING
     RETURNING outcome, reason, rail_reference
   )
   SELECT outcome, reason, rail_reference FROM inserted
   UNION ALL
   SELECT outcome, reason, rail_reference FROM sandbox_rail_operations WHERE kind = 'CAPTURE' AND reference = $2`,
);

const RECORD = defineStatement<
  object,
  [kind: 'REFUND' | 'CANCEL', reference: string, rail: string, railReference: string]
>(
  'sandbox-rail.record',
  `INSERT INTO sandbox_rail_operations (kind, reference, rail, outcome, rail_reference)
    VALUES ($1, $2, $3, 'DONE', $4) ON CONFLICT (kind, reference) DO NOTHING`,
);

const OPERATIONS = defineStatement<
  {
    kind: RailOperation['kind'];
    reference: string;
    rail: string;
    outcome: string;
    rail_reference: string | null;
    amount: string | null;
    currency: string | null;
    created_at: Date;
  },
  [references: string[], capturedFrom: Date, capturedTo: Date]
>(
  'sandbox-rail.operations',
  `SELECT kind, reference, rail, outcome, rail_reference, amount::text AS amount, currency, created_at
     FROM sandbox_rail_operations
    WHERE reference = ANY ($1::text[])
   UNION
   SELECT kind, reference, rail, outcome, rail_reference, amount::text AS amount, currency, created_at
     FROM sandbox_rail_operations
    WHERE kind = 'CAPTURE' AND created_at >= $2 AND created_at < $3`,
);

/**
 * The sandbox rail: deterministic outcomes from the test account numbers, stable references
 * derived from our reference, and a memory of every capture, refund and cancel in its own
 * table (`sandbox_rail_operations`), so that, like a real rail, it answers a retried capture
 * with the first outcome, refuses a capture of a reference already cancelled, and answers
 * status inquiries after any restart. It moves no money and needs no network.
 *
 * `TIMEOUT` accounts take nothing and answer nothing (an inquiry finds no capture);
 * `CAPTURED_ANSWER_LOST` captures and then times out, as a rail whose answer is lost on the
 * way back: only the inquiry learns of the capture.
 */
@Injectable()
export class SandboxRailConnector extends RailConnector {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async capture(request: CaptureRequest): Promise<CaptureResult> {
    const forced = RAIL_TEST_ACCOUNTS[request.accountNumber];
    if (forced === 'TIMEOUT') return { status: 'TIMEOUT' };
    const decline = forced ? DECLINES[forced] : undefined;
    const stored = await this.recordCapture(request, decline ?? null);
    if (forced === 'CAPTURED_ANSWER_LOST') return { status: 'TIMEOUT' };
    return toResult(stored);
  }

  async captureStatus(request: CaptureStatusRequest): Promise<CaptureStatusResult> {
    const stored = await one(executorOn(this.dataSource.manager), CAPTURE_OF, [request.reference]);
    return stored ? toResult(stored) : { status: 'NOT_FOUND' };
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const refundReference = await this.record('REFUND', request.rail, request.reference);
    return { status: 'REFUNDED', refundReference };
  }

  async cancel(request: CancelRequest): Promise<CancelResult> {
    const cancelReference = await this.record('CANCEL', request.rail, request.reference);
    return { status: 'CANCELLED', cancelReference };
  }

  async operations(query: RailOperationsQuery): Promise<RailOperation[]> {
    const rows = await run(executorOn(this.dataSource.manager), OPERATIONS, [
      [...query.references],
      query.capturedFrom,
      query.capturedTo,
    ]);
    return rows.map((row) => ({
      kind: row.kind,
      reference: row.reference,
      rail: row.rail,
      outcome: row.outcome,
      railReference: row.rail_reference,
      amount: row.amount === null ? null : BigInt(row.amount),
      currency: row.currency,
      createdAt: row.created_at,
    }));
  }

  /** Stores the capture's outcome unless the reference has one already; answers the stored one. */
  private async recordCapture(request: CaptureRequest, decline: DeclineReason | null): Promise<StoredCapture> {
    const executor = executorOn(this.dataSource.manager);
    const stored = await one(executor, RECORD_CAPTURE, [
      request.rail,
      request.reference,
      decline,
      railReference('cap', request.rail, request.reference),
      request.amount.toString(),
      request.currency,
    ]);
    if (stored) return stored;
    // A concurrent capture of the same reference committed after this statement's snapshot.
    const [first] = await run(executor, CAPTURE_OF, [request.reference]);
    return first;
  }

  private async record(kind: 'REFUND' | 'CANCEL', rail: string, reference: string): Promise<string> {
    const ref = railReference(kind === 'REFUND' ? 'ref' : 'can', rail, reference);
    await run(executorOn(this.dataSource.manager), RECORD, [kind, reference, rail, ref]);
    return ref;
  }
}

function toResult(stored: StoredCapture): CaptureResult & CaptureStatusResult {
  return stored.outcome === 'CAPTURED'
    ? { status: 'CAPTURED', railReference: stored.rail_reference as string }
    : { status: 'DECLINED', reason: stored.reason ?? 'DO_NOT_HONOR' };
}

function railReference(kind: string, rail: string, reference: string): string {
  const digest = createHash('sha256').update(`${kind}:${rail}:${reference}`).digest('hex').slice(0, 20);
  return `${rail.toLowerCase()}_${kind}_${digest}`;
}
