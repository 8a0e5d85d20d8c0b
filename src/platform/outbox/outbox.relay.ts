import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { OUTBOX_STATUSES, OutboxEvent } from './outbox-event.entity';
import { OutboxPublisher } from './outbox.publisher';
import { jsonObject, oneOf } from '../database/column-values';
import { sqlStatements } from '../database/sql-query';
import { executorOn, run } from '../database/statement-executor';
import * as outbox from './sql/outbox.queries';

/** Longest wait between two attempts at one event, whatever the attempt count. */
const MAX_BACKOFF_MS = 5 * 60 * 1000;

const SQL = sqlStatements('outbox', outbox);

export interface RelayRunResult {
  claimed: number;
  published: number;
  retried: number;
  failed: number;
}

/**
 * Moves outbox rows to their consumers.
 *
 * A relay claims due rows with `FOR UPDATE SKIP LOCKED` and stamps them with its id and a claim
 * expiry in one short statement, then publishes outside any transaction (nothing talks to Redis
 * inside a database transaction; the batch at once, `OutboxPublisher.publishBatch`), then marks them `PUBLISHED`. Another relay skips rows that are
 * locked or whose claim has not expired, so two relays never publish the same row; a relay that
 * dies mid-batch leaves rows that another relay takes over after the claim expires (delivery is
 * at least once, and consumers dedupe on the event id). A failed publish is retried with
 * exponential backoff and marked `FAILED` after `OUTBOX_MAX_ATTEMPTS` attempts.
 */
@Injectable()
export class OutboxRelay {
  readonly relayId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly logger = new Logger(OutboxRelay.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: OutboxPublisher,
    private readonly config: AppConfig,
  ) {}

  /** Claims, publishes and settles one batch; returns what happened to it. */
  async runOnce(): Promise<RelayRunResult> {
    const events = await this.claimBatch();
    const result: RelayRunResult = { claimed: events.length, published: 0, retried: 0, failed: 0 };
    const published: string[] = [];
    const outcomes = events.length > 0 ? await this.publisher.publishBatch(events) : [];
    for (const [index, event] of events.entries()) {
      const outcome = outcomes[index];
      if (outcome === null) {
        published.push(event.id);
        continue;
      }
      const failed = await this.recordFailure(event, outcome?.error ?? new Error('the publisher gave no outcome'));
      if (failed) result.failed += 1;
      else result.retried += 1;
    }
    if (published.length > 0) {
      await run(executorOn(this.dataSource.manager), SQL.markPublished, {
        ids: published,
        relayId: this.relayId,
      });
      result.published = published.length;
    }
    return result;
  }

  private async claimBatch(): Promise<OutboxEvent[]> {
    const rows = await run(executorOn(this.dataSource.manager), SQL.claimBatch, {
      relayId: this.relayId,
      claimTtlMs: this.config.OUTBOX_CLAIM_TTL_MS,
      batchSize: this.config.OUTBOX_BATCH_SIZE,
    });
    // UPDATE ... RETURNING keeps no order; ids are time-ordered, so sorting restores creation order.
    return rows.map(toEvent).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Schedules the next attempt, or marks the row FAILED when attempts are used up. */
  private async recordFailure(event: OutboxEvent, error: unknown): Promise<boolean> {
    const attempts = event.attempts + 1;
    const exhausted = attempts >= this.config.OUTBOX_MAX_ATTEMPTS;
    const delay = Math.min(this.config.OUTBOX_BACKOFF_BASE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    this.logger.warn(
      { eventId: event.id, eventType: event.eventType, attempts, exhausted, err: error },
      'outbox publish failed',
    );
    await run(executorOn(this.dataSource.manager), SQL.recordFailure, {
      id: event.id,
      relayId: this.relayId,
      attempts,
      status: exhausted ? 'FAILED' : 'PENDING',
      error: message,
      delayMs: delay,
    });
    return exhausted;
  }
}

function toEvent(row: outbox.ClaimBatchResult): OutboxEvent {
  return Object.assign(new OutboxEvent(), {
    id: row.id,
    eventType: row.event_type,
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: jsonObject(row.payload, 'outbox_events.payload'),
    status: oneOf(OUTBOX_STATUSES, row.status, 'outbox_events.status'),
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    claimedBy: row.claimed_by,
    claimExpiresAt: row.claim_expires_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    publishedAt: row.published_at,
    redeliveries: row.redeliveries,
  } satisfies OutboxEvent);
}
