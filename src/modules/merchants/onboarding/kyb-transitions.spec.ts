import { ADMIN_KYB_TRANSITIONS, canAdminMoveKyb, capabilitiesOf } from './kyb-transitions';
import { KYB_STATUSES } from './merchant.entity';

describe('KYB transitions', () => {
  it('lets an admin move only along the documented edges', () => {
    const allowed = KYB_STATUSES.flatMap((from) =>
      KYB_STATUSES.filter((to) => canAdminMoveKyb(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'PENDING->ACTION_REQUIRED',
        'PENDING->APPROVED',
        'PENDING->REJECTED',
        'UNDER_REVIEW->ACTION_REQUIRED',
        'UNDER_REVIEW->APPROVED',
        'UNDER_REVIEW->REJECTED',
        'ACTION_REQUIRED->REJECTED',
        'APPROVED->SUSPENDED',
        'APPROVED->ACTION_REQUIRED',
        'SUSPENDED->APPROVED',
        'SUSPENDED->REJECTED',
      ].sort(),
    );
    expect(ADMIN_KYB_TRANSITIONS.REJECTED).toEqual([]);
  });

  it('unlocks live keys, live payments and payouts only when APPROVED, and nothing when REJECTED', () => {
    expect(capabilitiesOf('APPROVED')).toEqual({
      login: true,
      team: true,
      sandboxKeys: true,
      liveKeys: true,
      livePayments: true,
      payouts: true,
    });
    for (const status of ['PENDING', 'UNDER_REVIEW', 'ACTION_REQUIRED', 'SUSPENDED'] as const) {
      expect(capabilitiesOf(status)).toMatchObject({ login: true, sandboxKeys: true, liveKeys: false, payouts: false });
    }
    expect(Object.values(capabilitiesOf('REJECTED')).every((value) => !value)).toBe(true);
  });
});
