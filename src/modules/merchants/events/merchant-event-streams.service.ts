import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Response } from 'express';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { AppConfig } from '../../../platform/config/app-config';
import { dependencyUnavailable } from '../../../platform/http/dependency-outage';
import { InjectRedis } from '../../../platform/redis/redis.module';
import { subscriberConnectionOf } from '../../../platform/redis/subscriber-connection';
import { MerchantsConfig } from '../merchants.config';
import { EventStreamLeases } from './event-stream-leases';
import { MerchantEventRecorder } from './merchant-event-recorder.service';
import { CATCH_UP_BATCH, eventFrame, MerchantEventStream, ResyncNotice } from './merchant-event-stream';
import { MerchantEventStreamError } from './merchant-events.errors';
import { MerchantEventsRepository } from './merchant-events.repository';
import { merchantEventsChannel, PublishedMerchantEvent } from './merchant-stream-events';

/** How long the client waits before reconnecting (`retry:`), in ms. */
export const EVENT_STREAM_RETRY_MS = 5000;

/** A stream's slot lapses after this many heartbeats without renewal (its process died). */
const LEASE_HEARTBEATS = 3;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The merchants' open event streams in this API process (`GET /merchant/events`).
 *
 * One Redis subscriber per process, subscribed to the channel of each merchant and mode that has
 * a stream here (`merchant-events:{merchant}:{live|test}`), unsubscribed when its last stream
 * closes. A stream subscribes first and then replays: messages that arrive during the replay wait
 * on the stream's chain and are dropped if the replay sent them (`MerchantEventStream`).
 *
 * Slots are leases in Redis (`EventStreamLeases`), so the limit per key holds across processes.
 * Raw Express: Nest's `@Sse` does not tell a handler that its client went away.
 */
@Injectable()
export class MerchantEventStreams implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MerchantEventStreams.name);
  private subscriber: Redis | null = null;
  private readonly channels = new Map<string, Set<MerchantEventStream>>();
  private readonly open = new Set<MerchantEventStream>();
  /** The streams that have started (answered 200), with their merchant and mode: what the heartbeat visits. */
  private readonly started = new Map<MerchantEventStream, { merchantId: string; livemode: boolean }>();
  private heartbeat: NodeJS.Timeout | null = null;
  private beating = false;
  private readonly drain = () => this.closeAll();

  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly dataSource: DataSource,
    private readonly repository: MerchantEventsRepository,
    private readonly recorder: MerchantEventRecorder,
    private readonly leases: EventStreamLeases,
    private readonly config: AppConfig,
    private readonly settings: MerchantsConfig,
  ) {}

  /**
   * A deployment's SIGTERM closes the HTTP server, which waits for every response to end: streams
   * never do, so they are ended here at once (their clients reconnect to another process).
   */
  onApplicationBootstrap(): void {
    process.on('SIGTERM', this.drain);
    process.on('SIGINT', this.drain);
  }

  async onModuleDestroy(): Promise<void> {
    process.off('SIGTERM', this.drain);
    process.off('SIGINT', this.drain);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.closeAll();
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** How many streams this process holds (for the metrics and the tests' waits). */
  get size(): number {
    return this.open.size;
  }

  /**
   * Opens the stream: takes a slot (429 when the key holds them all), subscribes, finds where to
   * start (after `Last-Event-ID`, or a `resync` when that event is unknown or past the window, or
   * now), answers 200 `text/event-stream` and replays. Resolves once the stream has started; it
   * then lives until the client goes.
   */
  async stream(principal: MerchantApiKeyPrincipal, lastEventId: string | undefined, response: Response): Promise<void> {
    const { merchantId, livemode, apiKeyId } = principal;
    const streamId = randomUUID();
    const leaseMs = this.leaseMs();
    const acquired = await this.leases
      .acquire(apiKeyId, streamId, this.settings.MERCHANT_EVENTS_MAX_STREAMS_PER_KEY, leaseMs)
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'event stream slot not taken: Redis did not answer');
        throw dependencyUnavailable('redis');
      });
    if (!acquired) {
      throw new MerchantEventStreamError(
        'TOO_MANY_EVENT_STREAMS',
        `This API key already has ${this.settings.MERCHANT_EVENTS_MAX_STREAMS_PER_KEY} event streams open`,
        undefined,
        { 'Retry-After': String(Math.ceil(leaseMs / 1000)) },
      );
    }

    let startWith!: (seq: number) => void;
    let startFailed!: (error: unknown) => void;
    const start = new Promise<number>((resolve, reject) => {
      startWith = resolve;
      startFailed = reject;
    });
    const channel = merchantEventsChannel(this.config.REDIS_KEY_PREFIX, merchantId, livemode);
    const stream = new MerchantEventStream(
      streamId,
      apiKeyId,
      channel,
      response,
      (seq) => this.repository.after(this.dataSource.manager, merchantId, livemode, seq, CATCH_UP_BATCH),
      start,
    );
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.started.delete(stream);
      stream.markClosed();
      this.forget(stream);
      this.leases.release(apiKeyId, streamId).catch((error: unknown) => {
        this.logger.warn({ err: error, streamId }, 'event stream slot not given back; it lapses by itself');
      });
    };
    response.on('close', end);

    try {
      await this.subscribe(stream);
      const begin = await this.startingPoint(merchantId, livemode, lastEventId);
      if (ended || response.destroyed) {
        startFailed(new Error('client gone'));
        end();
        return;
      }
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      response.flushHeaders();
      stream.raw(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
      if (begin.resync) {
        const notice: ResyncNotice = {
          type: 'resync',
          reason: begin.resync,
          retentionHours: this.settings.MERCHANT_EVENTS_RETENTION_HOURS,
        };
        stream.raw(eventFrame({ type: 'resync', body: JSON.stringify(notice) }));
      }
      startWith(begin.after);
      stream.catchUp();
    } catch (error) {
      startFailed(error);
      end();
      throw error;
    }
    if (ended) return;
    this.started.set(stream, { merchantId, livemode });
    this.startHeartbeat();
  }

  private leaseMs(): number {
    return this.settings.MERCHANT_EVENTS_HEARTBEAT_MS * LEASE_HEARTBEATS;
  }

  /** One timer for the process's streams, from the first stream on. */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), this.settings.MERCHANT_EVENTS_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Each started stream's heartbeat: a ping, its slot renewed, and the safety net: the latest
   * number of each merchant and mode with a stream here is read once (not once a stream), and only
   * a stream behind it reads the table. A read that fails is tried again at the next heartbeat.
   */
  private async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      const leaseMs = this.leaseMs();
      const byChannel = new Map<string, { merchantId: string; livemode: boolean; streams: MerchantEventStream[] }>();
      for (const [stream, scope] of this.started) {
        stream.ping();
        this.leases.renew(stream.apiKeyId, stream.streamId, leaseMs).catch((error: unknown) => {
          this.logger.warn({ err: error, streamId: stream.streamId }, 'event stream slot not renewed');
        });
        const channel = byChannel.get(stream.channel);
        if (channel) channel.streams.push(stream);
        else byChannel.set(stream.channel, { ...scope, streams: [stream] });
      }
      for (const { merchantId, livemode, streams } of byChannel.values()) {
        let latest: number;
        try {
          latest = await this.repository.lastSeq(this.dataSource.manager, merchantId, livemode);
        } catch (error) {
          this.logger.warn({ err: error, merchantId }, 'event stream catch-up skipped: the database did not answer');
          continue;
        }
        for (const stream of streams) stream.catchUpTo(latest);
      }
    } finally {
      this.beating = false;
    }
  }

  /** After which number to start, and whether the client must resync first. */
  private async startingPoint(
    merchantId: string,
    livemode: boolean,
    lastEventId: string | undefined,
  ): Promise<{ after: number; resync: ResyncNotice['reason'] | null }> {
    const manager = this.dataSource.manager;
    const latest = () => this.repository.lastSeq(manager, merchantId, livemode);
    const id = lastEventId?.trim();
    if (!id) return { after: await latest(), resync: null };
    const position = UUID.test(id) ? await this.repository.position(manager, merchantId, livemode, id) : null;
    if (position === null) return { after: await latest(), resync: 'LAST_EVENT_ID_UNKNOWN' };
    if (position.createdAt.getTime() < this.recorder.windowStart().getTime()) {
      return { after: await latest(), resync: 'LAST_EVENT_ID_EXPIRED' };
    }
    return { after: position.seq, resync: null };
  }

  private async subscribe(stream: MerchantEventStream): Promise<void> {
    this.open.add(stream);
    let streams = this.channels.get(stream.channel);
    if (!streams) {
      streams = new Set();
      this.channels.set(stream.channel, streams);
    }
    streams.add(stream);
    try {
      // Every stream waits for the subscription, the first one's and those opened while it is on its way.
      await this.subscriberClient().subscribe(stream.channel);
    } catch (error) {
      this.logger.warn({ err: error }, 'event stream not subscribed: Redis did not answer');
      throw dependencyUnavailable('redis');
    }
  }

  private forget(stream: MerchantEventStream): void {
    this.open.delete(stream);
    const streams = this.channels.get(stream.channel);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size > 0) return;
    this.channels.delete(stream.channel);
    this.subscriber?.unsubscribe(stream.channel).catch(() => undefined);
  }

  private subscriberClient(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = subscriberConnectionOf(this.redis);
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, text: string) => this.onMessage(channel, text));
    // Messages published while it was away are lost to pub/sub: the table has them.
    subscriber.on('ready', () => {
      for (const stream of this.open) stream.catchUp();
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  private onMessage(channel: string, text: string): void {
    const streams = this.channels.get(channel);
    if (!streams) return;
    const message = parseMessage(text);
    if (!message) {
      this.logger.warn({ channel }, 'unreadable event-stream message ignored');
      return;
    }
    for (const stream of streams) stream.deliver(message);
  }

  private closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }
}

function parseMessage(text: string): PublishedMerchantEvent | null {
  try {
    const value = JSON.parse(text) as Partial<PublishedMerchantEvent>;
    if (
      typeof value.seq === 'number' &&
      Number.isSafeInteger(value.seq) &&
      typeof value.id === 'string' &&
      typeof value.type === 'string' &&
      typeof value.body === 'string'
    ) {
      return { seq: value.seq, id: value.id, type: value.type, body: value.body };
    }
  } catch {
    // not JSON
  }
  return null;
}
