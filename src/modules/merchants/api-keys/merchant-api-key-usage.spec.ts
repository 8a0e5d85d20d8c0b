import { SchedulerRegistry } from '@nestjs/schedule';
import type { DataSource } from 'typeorm';
import { MerchantApiKeyUsage } from './merchant-api-key-usage';
import { MerchantApiKeysRepository } from './merchant-api-keys.repository';

describe('MerchantApiKeyUsage', () => {
  let scheduler: SchedulerRegistry;

  beforeEach(() => {
    scheduler = new SchedulerRegistry();
  });

  function usageWith(recordUse: jest.Mock) {
    const repository = Object.assign(new MerchantApiKeysRepository(), { recordUse });
    return new MerchantApiKeyUsage({ manager: {} } as DataSource, repository, scheduler);
  }

  it('writes the latest use of each key in one batch, and nothing when nothing was used', async () => {
    const recordUse = jest.fn().mockResolvedValue(undefined);
    const usage = usageWith(recordUse);
    await usage.flush();
    expect(recordUse).not.toHaveBeenCalled();

    usage.note('a', new Date('2026-11-25T10:00:02Z'));
    usage.note('b', new Date('2026-11-25T10:00:01Z'));
    usage.note('a', new Date('2026-11-25T10:00:01Z'));
    await usage.flush();
    expect(recordUse).toHaveBeenCalledTimes(1);
    expect(recordUse).toHaveBeenCalledWith(
      {},
      ['a', 'b'],
      [new Date('2026-11-25T10:00:02Z'), new Date('2026-11-25T10:00:01Z')],
    );
    await usage.flush();
    expect(recordUse).toHaveBeenCalledTimes(1);
  });

  it('keeps the times of a failed write for the next flush, merged with newer uses', async () => {
    const recordUse = jest.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(undefined);
    const usage = usageWith(recordUse);
    usage.note('a', new Date('2026-11-25T10:00:00Z'));
    await usage.flush();
    usage.note('b', new Date('2026-11-25T10:00:05Z'));
    await usage.flush();
    expect(recordUse).toHaveBeenCalledTimes(2);
    const [, ids, times] = recordUse.mock.calls[1] as [unknown, string[], Date[]];
    expect(Object.fromEntries(ids.map((id, index) => [id, times[index].toISOString()]))).toEqual({
      a: '2026-11-25T10:00:00.000Z',
      b: '2026-11-25T10:00:05.000Z',
    });
  });

  it('flushes on an interval of the scheduler registry, and what is left when the application shuts down', async () => {
    const recordUse = jest.fn().mockResolvedValue(undefined);
    const usage = usageWith(recordUse);
    usage.onApplicationBootstrap();
    expect(scheduler.getIntervals()).toEqual([MerchantApiKeyUsage.INTERVAL_NAME]);
    usage.note('a', new Date('2026-11-25T10:00:00Z'));
    await usage.beforeApplicationShutdown();
    expect(scheduler.getIntervals()).toEqual([]);
    expect(recordUse).toHaveBeenCalledWith({}, ['a'], [new Date('2026-11-25T10:00:00Z')]);
  });
});
