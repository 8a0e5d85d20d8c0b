import { PassThrough } from 'node:stream';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { RecordedMerchantEvent } from './merchant-events.repository';
import { eventFrame, MerchantEventStream } from './merchant-event-stream';

/** A table of numbered events, and a response whose frames are parsed as a client would. */
function setUp(start: number, stored: number[]) {
  const table: RecordedMerchantEvent[] = stored.map((seq) => recordOf(seq));
  const body = new PassThrough();
  const received: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => received.push(event) });
  body.setEncoding('utf8');
  body.on('data', (chunk: string) => parser.feed(chunk));
  const queries: number[] = [];
  const stream = new MerchantEventStream(
    'stream-1',
    'key-1',
    'channel',
    body,
    (after) => {
      queries.push(after);
      return Promise.resolve(table.filter((event) => event.seq > after).sort((a, b) => a.seq - b.seq));
    },
    Promise.resolve(start),
  );
  /** Lets the stream's chain and the parser run. */
  const settle = () => new Promise((resolve) => setImmediate(resolve)).then(() => new Promise(setImmediate));
  return { table, stream, received, queries, settle, ids: () => received.map((event) => event.id) };
}

function recordOf(seq: number): RecordedMerchantEvent {
  return { id: `event-${seq}`, seq, type: 'kyb.status_changed', body: JSON.stringify({ seq }), createdAt: new Date() };
}

const message = (seq: number) => ({
  seq,
  id: `event-${seq}`,
  type: 'kyb.status_changed',
  body: JSON.stringify({ seq }),
});

describe('MerchantEventStream', () => {
  it('replays after its starting number, then sends the next live message without reading the table', async () => {
    const { stream, settle, ids, queries } = setUp(1, [1, 2, 3]);
    stream.catchUp();
    await settle();
    expect(ids()).toEqual(['event-2', 'event-3']);
    stream.deliver(message(4));
    await settle();
    expect(ids()).toEqual(['event-2', 'event-3', 'event-4']);
    expect(queries).toEqual([1]);
  });

  it('drops a live message the replay already sent, and a redelivered one', async () => {
    const { stream, settle, ids } = setUp(0, [1, 2]);
    // Arrived while the replay ran (the stream subscribed before replaying).
    stream.deliver(message(2));
    stream.catchUp();
    stream.deliver(message(2));
    await settle();
    expect(ids()).toEqual(['event-1', 'event-2']);
  });

  it('fills a gap from the table when a message comes ahead of one it has not seen, then drops the late one', async () => {
    const { table, stream, settle, ids } = setUp(5, []);
    table.push(recordOf(6), recordOf(7));
    stream.deliver(message(7)); // published before 6 by another worker
    stream.deliver(message(6));
    await settle();
    expect(ids()).toEqual(['event-6', 'event-7']);
  });

  it("reads the table at a heartbeat only when the merchant's latest number is past the last it sent", async () => {
    const { table, stream, settle, ids, queries } = setUp(2, [1, 2]);
    stream.catchUpTo(2);
    await settle();
    expect(queries).toEqual([]);
    table.push(recordOf(3)); // its publish was lost
    stream.catchUpTo(3);
    await settle();
    expect(ids()).toEqual(['event-3']);
    expect(queries).toEqual([2]);
  });

  it('holds live messages until its starting point is known', async () => {
    let begin!: (seq: number) => void;
    const body = new PassThrough();
    body.setEncoding('utf8');
    let text = '';
    body.on('data', (chunk: string) => (text += chunk));
    const stream = new MerchantEventStream(
      's',
      'k',
      'c',
      body,
      () => Promise.resolve([]),
      new Promise<number>((resolve) => (begin = resolve)),
    );
    stream.deliver(message(3));
    await new Promise(setImmediate);
    expect(text).toBe('');
    begin(2);
    await new Promise(setImmediate);
    await new Promise(setImmediate);
    expect(text).toBe(eventFrame(message(3)));
  });

  it('writes each line of a body as a data line', () => {
    expect(eventFrame({ id: 'a', type: 't', body: 'one\ntwo' })).toBe('id: a\nevent: t\ndata: one\ndata: two\n\n');
    expect(eventFrame({ type: 'resync', body: '{}' })).toBe('event: resync\ndata: {}\n\n');
  });
});
