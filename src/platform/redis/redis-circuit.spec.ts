import { Logger } from '@nestjs/common';
import { RedisCircuit } from './redis-circuit';

/** A client whose commands the test answers, or leaves hanging. */
function fakeRedis(status = 'ready') {
  const sent: string[] = [];
  const client = { status };
  const hanging = (name: string) => () => {
    sent.push(name);
    return new Promise<string>(() => undefined);
  };
  const answering = (name: string, value: string) => () => {
    sent.push(name);
    return Promise.resolve(value);
  };
  return { client, sent, hanging, answering };
}

describe('RedisCircuit', () => {
  let now: number;
  const options = { name: 'test', timeoutMs: 20, openMs: 1000, now: () => now };

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    now = 1_000_000;
  });

  it('answers what Redis answers while it answers', async () => {
    const redis = fakeRedis();
    const circuit = new RedisCircuit(redis.client, options);
    expect(await circuit.run(redis.answering('get', 'v'))).toEqual({ ok: true, value: 'v' });
    expect(circuit.isOpen).toBe(false);
  });

  it('gives up on a command Redis does not answer, then skips Redis until the window has passed', async () => {
    const redis = fakeRedis();
    const circuit = new RedisCircuit(redis.client, options);
    expect(await circuit.run(redis.hanging('get 1'))).toEqual({ ok: false, outcome: 'timeout' });
    expect(circuit.isOpen).toBe(true);

    now += 999;
    expect(await circuit.run(redis.hanging('get 2'))).toEqual({ ok: false, outcome: 'skipped' });
    expect(redis.sent).toEqual(['get 1']);

    now += 1;
    expect(await circuit.run(redis.answering('get 3', 'v'))).toEqual({ ok: true, value: 'v' });
    expect(circuit.isOpen).toBe(false);
    expect(redis.sent).toEqual(['get 1', 'get 3']);
  });

  it('lets one command probe a Redis still hanging, skips the others meanwhile, and stays open', async () => {
    const redis = fakeRedis();
    const circuit = new RedisCircuit(redis.client, options);
    await circuit.run(redis.hanging('get 1'));
    now += 1000;
    const probe = circuit.run(redis.hanging('probe'));
    expect(await circuit.run(redis.hanging('behind the probe'))).toEqual({ ok: false, outcome: 'skipped' });
    expect(await probe).toEqual({ ok: false, outcome: 'timeout' });
    expect(circuit.isOpen).toBe(true);
    expect(redis.sent).toEqual(['get 1', 'probe']);
  });

  it('sends an `always` command while open, still bounded, and closes when Redis answers it', async () => {
    const redis = fakeRedis();
    const circuit = new RedisCircuit(redis.client, options);
    await circuit.run(redis.hanging('get'));
    expect(await circuit.run(redis.hanging('tombstone'), { always: true })).toEqual({ ok: false, outcome: 'timeout' });
    expect(await circuit.run(redis.answering('drop', '1'), { always: true })).toEqual({ ok: true, value: '1' });
    expect(circuit.isOpen).toBe(false);
    expect(redis.sent).toEqual(['get', 'tombstone', 'drop']);
  });

  it('reports a refusal as an error without opening', async () => {
    const redis = fakeRedis();
    const circuit = new RedisCircuit(redis.client, options);
    const refused = await circuit.run(() => Promise.reject(new Error('OOM command not allowed')));
    expect(refused).toEqual({ ok: false, outcome: 'error' });
    expect(circuit.isOpen).toBe(false);
  });

  it('sends nothing to a disconnected client, `always` or not', async () => {
    const redis = fakeRedis('reconnecting');
    const circuit = new RedisCircuit(redis.client, options);
    expect(await circuit.run(redis.answering('get', 'v'))).toEqual({ ok: false, outcome: 'skipped' });
    expect(await circuit.run(redis.answering('set', 'OK'), { always: true })).toEqual({
      ok: false,
      outcome: 'skipped',
    });
    expect(redis.sent).toEqual([]);
  });
});
