import type { OutboxEventJob } from '../queue/queues';
import { EventFlag, EventId, EventInstant, EventMinorUnits, OptionalEventText } from './event-payload-fields';
import { consumeOutboxJob, OutboxEventReader, UnusableEventError } from './outbox-event-reader';

class ProbePayload {
  @EventId()
  probeId: string;

  @EventMinorUnits()
  amount: number;

  @EventFlag()
  done: boolean;

  @OptionalEventText()
  note?: string | null;

  @EventInstant()
  at: Date;
}

declare module './outbox-events' {
  interface OutboxEventPayloads {
    'reader-spec.probed': ProbePayload;
  }
}

const reader = new OutboxEventReader({ 'reader-spec.probed': ProbePayload });

const payload = {
  probeId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10',
  amount: 500,
  done: true,
  at: '2026-11-30T10:00:00.000Z',
};

function jobOf(eventType: string, body: unknown): OutboxEventJob {
  return {
    eventId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a99',
    eventType,
    aggregateType: 'probe',
    aggregateId: 'p-1',
    payload: { body },
    occurredAt: '2026-11-30T10:00:01.000Z',
  };
}

describe('OutboxEventReader', () => {
  it('answers the event with its payload checked and typed, instants as Dates', () => {
    const event = reader.read({ eventType: 'reader-spec.probed', payload });
    expect(event?.eventType).toBe('reader-spec.probed');
    expect(event?.payload).toBeInstanceOf(ProbePayload);
    expect(event?.payload).toMatchObject({ probeId: payload.probeId, amount: 500, done: true });
    expect(event?.payload.at).toEqual(new Date(payload.at));
    expect(reader.events).toEqual(['reader-spec.probed']);
  });

  it('keeps the rest of the job', () => {
    const job = { ...jobOf('reader-spec.probed', null), payload };
    expect(reader.read(job)).toMatchObject({ eventId: job.eventId, aggregateId: 'p-1', occurredAt: job.occurredAt });
  });

  it('answers null for an event type it does not read, whatever its name', () => {
    for (const eventType of ['reader-spec.other', 'toString', '__proto__', 'constructor']) {
      expect(reader.read({ eventType, payload })).toBeNull();
    }
  });

  it('refuses a payload that breaks the class, naming every field', () => {
    const read = (body: unknown) => () => reader.read({ eventType: 'reader-spec.probed', payload: body });
    expect(read({ ...payload, amount: 12.5, done: 'yes' })).toThrow(
      new UnusableEventError('reader-spec.probed payload: bad amount, done'),
    );
    expect(read({ ...payload, probeId: 'p-1', note: 7, at: 'soon' })).toThrow(
      new UnusableEventError('reader-spec.probed payload: bad probeId, note, at'),
    );
    for (const body of [null, undefined, 'text', 42, [payload]]) {
      expect(read(body)).toThrow(new UnusableEventError('reader-spec.probed payload: not an object'));
    }
  });

  it('reads only the payload’s own fields', () => {
    const inherited: Record<string, unknown> = Object.assign(Object.create({ amount: 500 }), payload);
    delete inherited.amount;
    expect(() => reader.read({ eventType: 'reader-spec.probed', payload: inherited })).toThrow('bad amount');
  });
});

describe('consumeOutboxJob', () => {
  const logger = { warn: jest.fn() };
  const jobWith = (discard: jest.Mock) => ({ data: jobOf('reader-spec.probed', 1), discard });

  beforeEach(() => logger.warn.mockClear());

  it('answers what the handling answers', async () => {
    const discard = jest.fn();
    await expect(consumeOutboxJob(jobWith(discard), logger, async (data) => data.eventType)).resolves.toBe(
      'reader-spec.probed',
    );
    expect(discard).not.toHaveBeenCalled();
  });

  it('fails an unusable event at once: discarded, so Bull does not retry it, and logged with the reason', async () => {
    const discard = jest.fn();
    const unusable = new UnusableEventError('reader-spec.probed payload: bad amount');
    await expect(
      consumeOutboxJob(jobWith(discard), logger, async () => {
        throw unusable;
      }),
    ).rejects.toBe(unusable);
    expect(discard).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ eventType: 'reader-spec.probed', reason: unusable.message }),
      expect.any(String),
    );
  });

  it('leaves any other failure to Bull’s retries', async () => {
    const discard = jest.fn();
    await expect(
      consumeOutboxJob(jobWith(discard), logger, async () => {
        throw new Error('database unavailable');
      }),
    ).rejects.toThrow('database unavailable');
    expect(discard).not.toHaveBeenCalled();
  });
});
