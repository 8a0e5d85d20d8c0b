import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { oneOf, oneOfOrNull } from '../../../platform/database/column-values';
import { newId } from '../../../platform/database/new-id';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import {
  CancelRequest,
  CancelResult,
  CaptureRequest,
  CaptureResult,
  CaptureStatusRequest,
  CaptureStatusResult,
  DECLINE_REASONS,
  DeclineReason,
  RAIL_OPERATION_KINDS,
  RailConnector,
  RailOperation,
  RailOperationsQuery,
  RefundRequest,
  RefundResult,
} from './rail-connector';
import { PaymentsConfig } from '../payments.config';
import * as sandboxOperations from './sql/sandbox-rail-operations.queries';

/**
 * Test account numbers of the sandbox rails, like Stripe's test cards: each forces an outcome.
 * Any other well-formed account number is captured. Documented in the README.
 */
type ForcedOutcome =
  | 'DECLINED'
  | 'INSUFFICIENT_FUNDS'
  | 'ACCOUNT_CLOSED'
  | 'TIMEOUT'
  | 'CAPTURED_ANSWER_LOST'
  | 'REFUNDS_REFUSED'
  | 'CAPTURED_THEN_DISPUTED';

export const RAIL_TEST_ACCOUNTS: Readonly<Record<string, ForcedOutcome>> = {
  '4000000000000002': 'DECLINED',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000000119': 'TIMEOUT',
  '4000000000000259': 'CAPTURED_ANSWER_LOST',
  '4000000000005126': 'REFUNDS_REFUSED',
  '4000000000002685': 'CAPTURED_THEN_DISPUTED',
  '0000000002': 'DECLINED',
  '0000000003': 'ACCOUNT_CLOSED',
  '0000000004': 'CAPTURED_THEN_DISPUTED',
  '0000000009': 'TIMEOUT',
  '+2348000000402': 'INSUFFICIENT_FUNDS',
  '+2348000000504': 'TIMEOUT',
};

/** Why the payer's bank disputes a `CAPTURED_THEN_DISPUTED` capture (a card network's reason family). */
export const SANDBOX_DISPUTE_REASON = 'FRAUDULENT';

const DECLINES: Partial<Record<ForcedOutcome, DeclineReason>> = {
  DECLINED: 'DO_NOT_HONOR',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  ACCOUNT_CLOSED: 'ACCOUNT_CLOSED',
};

interface StoredCapture {
  outcome: (typeof CAPTURE_OUTCOMES)[number];
  reason: DeclineReason | null;
  railReference: string | null;
}

const CAPTURE_OUTCOMES = ['CAPTURED', 'DECLINED'] as const;

/** The kind in the rail reference of a capture whose refunds the rail refuses (`card_capnr_...`). */
const REFUNDS_REFUSED_KIND = 'capnr';

const SQL = sqlStatements('payments', sandboxOperations);

/**
 * The sandbox rail: deterministic outcomes from the test account numbers, stable references
 * derived from our reference, and a memory of every capture, refund and cancel in its own
 * table (`sandbox_rail_operations`), so that, like a real rail, it answers a retried capture
 * with the first outcome, refuses a capture of a reference already cancelled, and answers
 * status inquiries after any restart. It moves no money and needs no network.
 *
 * `TIMEOUT` accounts take nothing and answer nothing (an inquiry finds no capture);
 * `CAPTURED_ANSWER_LOST` captures and then times out, as a rail whose answer is lost on the
 * way back: only the inquiry learns of the capture. `REFUNDS_REFUSED` captures, and every refund
 * of that capture is refused for good (`final`: the payer's account takes no refunds), as Stripe's
 * test card 4000000000005126; its capture's rail reference carries the mark (`_capnr_`), so the
 * refund, which names the capture by that reference, knows it after any restart. `CAPTURED_THEN_DISPUTED` captures and
 * records the chargeback the payer's bank will open `SANDBOX_RAIL_DISPUTE_DELAY_MS` later
 * (`sandbox_rail_disputes`), which the worker's notice tick delivers as a real rail's dispute
 * notification would arrive (`RailDisputes`).
 */
@Injectable()
export class SandboxRailConnector extends RailConnector {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly settings: PaymentsConfig,
  ) {
    super();
  }

  async capture(request: CaptureRequest): Promise<CaptureResult> {
    const forced = RAIL_TEST_ACCOUNTS[request.accountNumber];
    if (forced === 'TIMEOUT') return { status: 'TIMEOUT' };
    const decline = forced ? DECLINES[forced] : undefined;
    const stored = await this.recordCapture(request, decline ?? null);
    if (forced === 'CAPTURED_THEN_DISPUTED' && stored.outcome === 'CAPTURED') await this.scheduleDispute(request);
    if (forced === 'CAPTURED_ANSWER_LOST') return { status: 'TIMEOUT' };
    return toResult(stored);
  }

  async captureStatus(request: CaptureStatusRequest): Promise<CaptureStatusResult> {
    const stored = await one(executorOn(this.dataSource.manager), SQL.sandboxCaptureOf, {
      reference: request.reference,
    });
    return stored ? toResult(toStoredCapture(stored)) : { status: 'NOT_FOUND' };
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (request.railReference.includes(`_${REFUNDS_REFUSED_KIND}_`)) {
      return { status: 'FAILED', reason: "ACCOUNT_CLOSED: the payer's account takes no refunds", final: true };
    }
    const refundReference = await this.record('REFUND', request.rail, request.reference);
    return { status: 'REFUNDED', refundReference };
  }

  async cancel(request: CancelRequest): Promise<CancelResult> {
    const cancelReference = await this.record('CANCEL', request.rail, request.reference);
    return { status: 'CANCELLED', cancelReference };
  }

  async operations(query: RailOperationsQuery): Promise<RailOperation[]> {
    const rows = await run(executorOn(this.dataSource.manager), SQL.sandboxOperations, {
      references: [...query.references],
      capturedFrom: query.capturedFrom,
      capturedTo: query.capturedTo,
    });
    return rows.map((row) => ({
      kind: oneOf(RAIL_OPERATION_KINDS, row.kind, 'sandbox_rail_operations.kind'),
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
    const stored = await one(executor, SQL.sandboxRecordCapture, {
      rail: request.rail,
      reference: request.reference,
      decline,
      railReference: railReference(
        RAIL_TEST_ACCOUNTS[request.accountNumber] === 'REFUNDS_REFUSED' ? REFUNDS_REFUSED_KIND : 'cap',
        request.rail,
        request.reference,
      ),
      amount: request.amount.toString(),
      currency: request.currency,
    });
    if (stored) return toStoredCapture(stored);
    // A concurrent capture of the same reference committed after this statement's snapshot.
    const [first] = await run(executor, SQL.sandboxCaptureOf, { reference: request.reference });
    return toStoredCapture(first);
  }

  /** The payer's bank's chargeback of this capture, due SANDBOX_RAIL_DISPUTE_DELAY_MS from now (once per reference). */
  private async scheduleDispute(request: CaptureRequest): Promise<void> {
    await run(executorOn(this.dataSource.manager), SQL.sandboxScheduleDispute, {
      id: newId(),
      reference: request.reference,
      rail: request.rail,
      railReference: railReference('dsp', request.rail, request.reference),
      amount: request.amount.toString(),
      currency: request.currency,
      reason: SANDBOX_DISPUTE_REASON,
      notifyAt: new Date(this.clock.now().getTime() + this.settings.SANDBOX_RAIL_DISPUTE_DELAY_MS),
    });
  }

  private async record(kind: 'REFUND' | 'CANCEL', rail: string, reference: string): Promise<string> {
    const ref = railReference(kind === 'REFUND' ? 'ref' : 'can', rail, reference);
    await run(executorOn(this.dataSource.manager), SQL.sandboxRecordOperation, {
      kind,
      reference,
      rail,
      railReference: ref,
    });
    return ref;
  }
}

function toResult(stored: StoredCapture): CaptureResult & CaptureStatusResult {
  return stored.outcome === 'CAPTURED'
    ? { status: 'CAPTURED', railReference: stored.railReference as string }
    : { status: 'DECLINED', reason: stored.reason ?? 'DO_NOT_HONOR' };
}

function toStoredCapture(row: sandboxOperations.SandboxCaptureOfResult): StoredCapture {
  return {
    outcome: oneOf(CAPTURE_OUTCOMES, row.outcome, 'sandbox_rail_operations.outcome'),
    reason: oneOfOrNull(DECLINE_REASONS, row.reason, 'sandbox_rail_operations.reason'),
    railReference: row.rail_reference,
  };
}

function railReference(kind: string, rail: string, reference: string): string {
  const digest = createHash('sha256').update(`${kind}:${rail}:${reference}`).digest('hex').slice(0, 20);
  return `${rail.toLowerCase()}_${kind}_${digest}`;
}
