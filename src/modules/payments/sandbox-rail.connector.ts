import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  CancelRequest,
  CancelResult,
  CaptureRequest,
  CaptureResult,
  RailConnector,
  RefundRequest,
  RefundResult,
} from './rail-connector';

/**
 * Test account numbers of the sandbox rails, like Stripe's test cards: each forces an outcome.
 * Any other well-formed account number is captured. Documented in the README.
 */
type ForcedOutcome = 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'ACCOUNT_CLOSED' | 'TIMEOUT';

export const RAIL_TEST_ACCOUNTS: Readonly<Record<string, ForcedOutcome>> = {
  '4000000000000002': 'DECLINED',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000000119': 'TIMEOUT',
  '0000000002': 'DECLINED',
  '0000000003': 'ACCOUNT_CLOSED',
  '0000000009': 'TIMEOUT',
  '+2348000000402': 'INSUFFICIENT_FUNDS',
  '+2348000000504': 'TIMEOUT',
};

/**
 * The in-process sandbox rail: deterministic outcomes from the test account numbers, stable
 * references derived from our reference (so a retried capture returns the same reference).
 * It moves no money and needs no network, which keeps development and tests self-contained.
 */
@Injectable()
export class SandboxRailConnector extends RailConnector {
  async capture(request: CaptureRequest): Promise<CaptureResult> {
    switch (RAIL_TEST_ACCOUNTS[request.accountNumber]) {
      case 'DECLINED':
        return { status: 'DECLINED', reason: 'DO_NOT_HONOR' };
      case 'INSUFFICIENT_FUNDS':
        return { status: 'DECLINED', reason: 'INSUFFICIENT_FUNDS' };
      case 'ACCOUNT_CLOSED':
        return { status: 'DECLINED', reason: 'ACCOUNT_CLOSED' };
      case 'TIMEOUT':
        return { status: 'TIMEOUT' };
      default:
        return { status: 'CAPTURED', railReference: railReference('cap', request.rail, request.reference) };
    }
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    return { status: 'REFUNDED', refundReference: railReference('ref', request.rail, request.reference) };
  }

  async cancel(request: CancelRequest): Promise<CancelResult> {
    return { status: 'CANCELLED', cancelReference: railReference('can', request.rail, request.reference) };
  }
}

function railReference(kind: string, rail: string, reference: string): string {
  const digest = createHash('sha256').update(`${kind}:${rail}:${reference}`).digest('hex').slice(0, 20);
  return `${rail.toLowerCase()}_${kind}_${digest}`;
}
