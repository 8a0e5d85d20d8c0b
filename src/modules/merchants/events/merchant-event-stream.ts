import { Logger } from '@nestjs/common';
import type { Writable } from 'node:stream';
import type { RecordedMerchantEvent } from './merchant-events.repository';
import type { PublishedMerchantEvent } from './merchant-stream-events';

/** Events read from the table per query while a stream catches up. */
export const CATCH_UP_BATCH = 200;

/** A stream whose client reads slower than this much is buffered is closed; it resumes with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The `data:` of the `resync` event. */
export interface ResyncNotice {
  type: 'resync';
  reason: 'LAST_EVENT_ID_UNKNOWN' | 'LAST_EVENT_ID_EXPIRED';
  retentionHours: number;
}

type StreamedEvent = Pick<PublishedMerchantEvent, 'seq' | 'id' | 'type' | 'body'>;

/** One SSE frame: `id:`, `event:`, one `data:` line per line of the body, a blank line. */
export function eventFrame(event: { id?: string; type: string; body: string }): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  const data = event.body
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `${id}event: ${event.type}\n${data}\n`;
}

/**
 * One open stream: the response it writes to and the number of the last event it sent.
 *
 * Everything a stream does runs in order on one chain: its start (replay after Last-Event-ID),
 * each live message, each catch-up. A live message numbered right after the last one sent is
 * written as it is; one already sent (a redelivery, or one the replay covered) is dropped; one
 * further ahead means some were missed (published out of order by two workers, or lost while the
 * subscriber reconnected), and the stream reads everything after its last number from the table,
 * where the later event's commit guarantees the earlier ones are. Nothing is sent twice, nothing
 * is skipped, and events go out in the order their numbers were given.
 */
export class MerchantEventStream {
  private readonly logger = new Logger(MerchantEventStream.name);
  private chain: Promise<void>;
  private last = 0;
  private closed = false;

  constructor(
    readonly streamId: string,
    readonly apiKeyId: string,
    readonly channel: string,
    private readonly response: Writable,
    /** Events after a number, in order (the table). */
    private readonly eventsAfter: (seq: number) => Promise<RecordedMerchantEvent[]>,
    /** Resolves with the number to start after once the stream knows it; live messages wait for it. */
    start: Promise<number>,
  ) {
    this.chain = start.then((seq) => {
      this.last = seq;
    });
    // A start that failed has answered the request with an error: nothing more runs.
    this.chain.catch(() => (this.closed = true));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A message from the merchant's channel. */
  deliver(message: StreamedEvent): void {
    this.enqueue(async () => {
      if (message.seq <= this.last) return;
      if (message.seq === this.last + 1) this.send(message);
      else await this.fill();
    });
  }

  /** Sends whatever the table holds after the last number sent (the replay, and the safety net). */
  catchUp(): void {
    this.enqueue(() => this.fill());
  }

  /**
   * The heartbeat's safety net: reads the table only when `latest`, the merchant's latest number
   * in this mode read at the heartbeat, is past the last number sent (a publish was lost).
   */
  catchUpTo(latest: number): void {
    this.enqueue(() => (latest > this.last ? this.fill() : Promise.resolve()));
  }

  /** A comment line: keeps proxies and the client's idle timers from closing the stream. */
  ping(): void {
    this.enqueue(() => Promise.resolve(this.write(': ping\n\n')));
  }

  /** Writes a frame that is not a numbered event (the opening `retry:`, a `resync`), after what is queued. */
  raw(text: string): void {
    this.enqueue(() => Promise.resolve(this.write(text)));
  }

  /** Ends the response (the client reconnects after `retry:` ms and resumes with its Last-Event-ID). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.response.writableEnded) this.response.end();
  }

  /** Marks the stream closed without writing: its client is gone. */
  markClosed(): void {
    this.closed = true;
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain
      .then(() => (this.closed ? undefined : work()))
      .catch((error: unknown) => {
        if (this.closed) return;
        this.logger.warn({ streamId: this.streamId, err: error }, 'event stream failed; closing it');
        this.close();
      });
  }

  private async fill(): Promise<void> {
    for (;;) {
      const batch = await this.eventsAfter(this.last);
      for (const event of batch) if (!this.closed) this.send(event);
      if (batch.length < CATCH_UP_BATCH || this.closed) return;
    }
  }

  private send(event: StreamedEvent): void {
    if (event.seq <= this.last) return;
    this.write(eventFrame(event));
    this.last = event.seq;
  }

  private write(text: string): void {
    if (this.closed || this.response.writableEnded || this.response.destroyed) return;
    this.response.write(text);
    // A client that does not read: rather than hold its backlog, close; it replays what it missed.
    if (this.response.writableLength > MAX_BUFFERED_BYTES) this.close();
  }
}
