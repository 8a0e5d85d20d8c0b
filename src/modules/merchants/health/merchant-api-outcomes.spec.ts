import { SchedulerRegistry } from '@nestjs/schedule';
import type { Clock } from '../../../platform/clock/clock';
import { MerchantApiOutcomes, MerchantApiOutcomesStore } from './merchant-api-outcomes';

describe('MerchantApiOutcomes', () => {
  const MERCHANT = '0193a1b2-0000-7e4f-8a9b-0c1d2e3f4a5b';
  let now: Date;
  const clock = { now: () => now } as Clock;

  function outcomesWith(add: jest.Mock, purge = jest.fn().mockResolvedValue(undefined)) {
    const store = Object.assign(Object.create(MerchantApiOutcomesStore.prototype) as MerchantApiOutcomesStore, {
      add,
      purge,
    });
    return { outcomes: new MerchantApiOutcomes(store, new SchedulerRegistry(), clock), purge };
  }

  beforeEach(() => {
    now = new Date('2026-11-26T10:15:00Z');
  });

  it('adds each merchant, mode and hour up in memory and writes them in one batch', async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const { outcomes } = outcomesWith(add);
    outcomes.record(MERCHANT, true, 200);
    outcomes.record(MERCHANT, true, 404);
    outcomes.record(MERCHANT, true, 503);
    outcomes.record(MERCHANT, false, 400);
    now = new Date('2026-11-26T11:00:00Z');
    outcomes.record(MERCHANT, true, 201);
    await outcomes.flush();
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith([
      {
        merchantId: MERCHANT,
        livemode: true,
        hour: new Date('2026-11-26T10:00:00Z'),
        total: 3,
        clientErrors: 1,
        serverErrors: 1,
      },
      {
        merchantId: MERCHANT,
        livemode: false,
        hour: new Date('2026-11-26T10:00:00Z'),
        total: 1,
        clientErrors: 1,
        serverErrors: 0,
      },
      {
        merchantId: MERCHANT,
        livemode: true,
        hour: new Date('2026-11-26T11:00:00Z'),
        total: 1,
        clientErrors: 0,
        serverErrors: 0,
      },
    ]);
    await outcomes.flush();
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('keeps the counts of a failed write for the next flush, added to newer ones', async () => {
    const add = jest.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(undefined);
    const { outcomes } = outcomesWith(add);
    outcomes.record(MERCHANT, true, 500);
    await outcomes.flush();
    outcomes.record(MERCHANT, true, 200);
    await outcomes.flush();
    expect(add).toHaveBeenCalledTimes(2);
    expect(add).toHaveBeenLastCalledWith([
      expect.objectContaining({ merchantId: MERCHANT, livemode: true, total: 2, clientErrors: 0, serverErrors: 1 }),
    ]);
  });

  it('deletes rows older than 48 hours once an hour', async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const { outcomes, purge } = outcomesWith(add);
    await outcomes.flush();
    expect(purge).toHaveBeenCalledWith(new Date('2026-11-24T10:00:00Z'));
    await outcomes.flush();
    expect(purge).toHaveBeenCalledTimes(1);
    now = new Date('2026-11-26T11:00:01Z');
    await outcomes.flush();
    expect(purge).toHaveBeenCalledTimes(2);
    expect(add).not.toHaveBeenCalled();
  });
});
