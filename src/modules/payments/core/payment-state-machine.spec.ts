import {
  assertTransition,
  IllegalPaymentTransitionError,
  PAYMENT_TRANSITIONS,
  sourcesOf,
} from './payment-state-machine';
import { PAYMENT_STATUSES } from './payment.entity';

describe('payment state machine', () => {
  it('knows every status and moves only forward to known ones', () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const targets of Object.values(PAYMENT_TRANSITIONS)) {
      for (const target of targets) expect(PAYMENT_STATUSES).toContain(target);
    }
  });

  it('allows the documented moves', () => {
    expect(() => assertTransition('AUTHORIZING', 'PENDING')).not.toThrow();
    expect(() => assertTransition('AUTHORIZING', 'FAILED')).not.toThrow();
    expect(() => assertTransition('PENDING', 'PROCESSING')).not.toThrow();
    expect(() => assertTransition(['PROCESSING'], 'SUCCEEDED')).not.toThrow();
    expect(() => assertTransition(['SUCCEEDED', 'FAILED'], 'REFUNDED')).not.toThrow();
    expect(sourcesOf('FAILED').sort()).toEqual(['AUTHORIZING', 'PROCESSING']);
    expect(sourcesOf('AUTHORIZING')).toEqual([]);
  });

  it.each([
    ['AUTHORIZING', 'PROCESSING'],
    ['AUTHORIZING', 'SUCCEEDED'],
    ['PENDING', 'SUCCEEDED'],
    ['PENDING', 'FAILED'],
    ['SUCCEEDED', 'FAILED'],
    ['FAILED', 'PENDING'],
    ['REFUNDED', 'SUCCEEDED'],
  ] as const)('refuses %s -> %s', (from, to) => {
    expect(() => assertTransition(from, to)).toThrow(IllegalPaymentTransitionError);
  });

  it('lets a checkout payment go PENDING -> SUCCEEDED (no biller to post to), and no other channel', () => {
    expect(() => assertTransition('PENDING', 'SUCCEEDED', 'CHECKOUT')).not.toThrow();
    expect(() => assertTransition('PENDING', 'SUCCEEDED', 'APP')).toThrow(IllegalPaymentTransitionError);
    expect(() => assertTransition('PENDING', 'SUCCEEDED')).toThrow(IllegalPaymentTransitionError);
    expect(() => assertTransition('AUTHORIZING', 'SUCCEEDED', 'CHECKOUT')).toThrow(IllegalPaymentTransitionError);
  });

  it('refuses a move from a set that includes a status that may not make it', () => {
    expect(() => assertTransition(['PROCESSING', 'PENDING'], 'SUCCEEDED')).toThrow(
      /PROCESSING or PENDING to SUCCEEDED/,
    );
    expect(() => assertTransition([], 'SUCCEEDED')).toThrow();
  });
});
