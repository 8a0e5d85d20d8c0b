import { DISPUTE_STATUSES } from './dispute.entity';
import { canMove, isClosed } from './dispute-transitions';

describe('dispute transitions', () => {
  it('allows the review path and withdrawal while open', () => {
    expect(canMove('OPEN', 'UNDER_REVIEW')).toBe(true);
    expect(canMove('UNDER_REVIEW', 'RESOLVED_CUSTOMER')).toBe(true);
    expect(canMove('UNDER_REVIEW', 'RESOLVED_REJECTED')).toBe(true);
    expect(canMove('OPEN', 'WITHDRAWN')).toBe(true);
    expect(canMove('UNDER_REVIEW', 'WITHDRAWN')).toBe(true);
  });

  it('refuses skipping review and every move out of a closed dispute', () => {
    expect(canMove('OPEN', 'RESOLVED_CUSTOMER')).toBe(false);
    expect(canMove('OPEN', 'RESOLVED_REJECTED')).toBe(false);
    for (const closed of ['RESOLVED_CUSTOMER', 'RESOLVED_REJECTED', 'WITHDRAWN'] as const) {
      expect(isClosed(closed)).toBe(true);
      for (const to of DISPUTE_STATUSES) expect(canMove(closed, to)).toBe(false);
    }
    expect(isClosed('OPEN')).toBe(false);
  });
});
