import type { DisputeStatus } from './dispute.entity';

/**
 * The moves a dispute may make. Staff take an OPEN dispute for review and resolve one under
 * review; the customer withdraws one that is still open. Everything else is refused (409).
 */
const MOVES: Readonly<Record<DisputeStatus, readonly DisputeStatus[]>> = {
  OPEN: ['UNDER_REVIEW', 'WITHDRAWN'],
  UNDER_REVIEW: ['RESOLVED_CUSTOMER', 'RESOLVED_REJECTED', 'WITHDRAWN'],
  RESOLVED_CUSTOMER: [],
  RESOLVED_REJECTED: [],
  WITHDRAWN: [],
};

export function canMove(from: DisputeStatus, to: DisputeStatus): boolean {
  return MOVES[from].includes(to);
}

export function isClosed(status: DisputeStatus): boolean {
  return MOVES[status].length === 0;
}
