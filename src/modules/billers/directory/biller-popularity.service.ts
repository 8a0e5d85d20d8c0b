import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import * as popularity from './sql/biller-popularity.queries';

/** Popularity counts successful payments over this many days. */
export const POPULARITY_WINDOW_DAYS = 30;
/** Rows per biller and day (`biller_popularity.shard` 0-15): see `countSuccessfulPayment`. */
export const POPULARITY_SHARDS = 16;
/** Any value: it names the advisory lock that keeps two workers from refreshing at once. */
const REFRESH_LOCK = 4_201_905;

const SQL = sqlStatements('billers', popularity);

/**
 * Keeps `billers.popularity` (successful payments over the last 30 days) fresh without a
 * query per directory request. Successful payments are counted into daily buckets in
 * `biller_popularity` by `countSuccessfulPayment`, which the payments context calls in the
 * transaction that confirms a payment, so each success is counted exactly once. The worker's
 * scheduler then calls `refresh`, which rewrites every biller's counter from the buckets in one
 * statement and drops buckets older than the window. Days are the database's: a success counts
 * on the (UTC) day of the confirming transaction's `now()`, which is the payment's
 * `completed_at`, and the window ends on the day of the refresh's `now()`.
 */
@Injectable()
export class BillerPopularityService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Adds `count` successful payments to the biller's bucket for the (UTC) day of `at`, by
   * default the transaction's `now()`. A day's bucket is POPULARITY_SHARDS rows and each call
   * bumps a random one: the row stays locked until the caller's transaction commits, and with a
   * single row the confirmations of one busy biller would wait for each other's commits.
   */
  async countSuccessfulPayment(
    manager: EntityManager,
    billerId: string,
    at: Date | null = null,
    count = 1,
  ): Promise<void> {
    await run(executorOn(manager), SQL.countSuccessfulPayment, {
      billerId,
      at,
      shard: randomInt(POPULARITY_SHARDS),
      count,
    });
  }

  /**
   * Recomputes every biller's popularity as of `now`, by default the database's `now()`;
   * returns how many billers changed, or null when another worker is refreshing already.
   */
  async refresh(now: Date | null = null): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      const executor = executorOn(manager);
      const lock = await one(executor, SQL.tryRefreshLock, { key: REFRESH_LOCK });
      if (!lock?.locked) return null;
      const window = { now, windowDays: POPULARITY_WINDOW_DAYS };
      const [{ changed }] = await run(executor, SQL.refreshPopularity, window);
      await run(executor, SQL.dropExpiredPopularity, window);
      return changed;
    });
  }
}
