import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, run } from '../../platform/database/statement-executor';

/** Popularity counts successful payments over this many days. */
export const POPULARITY_WINDOW_DAYS = 30;
/** Rows per biller and day (`biller_popularity.shard` 0-15): see `countSuccessfulPayment`. */
export const POPULARITY_SHARDS = 16;
/** Any value: it names the advisory lock that keeps two workers from refreshing at once. */
const REFRESH_LOCK = 4_201_905;

const COUNT_SUCCESS = defineStatement<object, [billerId: string, at: Date | null, shard: number, count: number]>(
  'billers.count-successful-payment',
  `INSERT INTO biller_popularity (biller_id, day, shard, successful_payments)
   VALUES ($1, (coalesce($2::timestamptz, now()) AT TIME ZONE 'UTC')::date, $3, $4)
   ON CONFLICT (biller_id, day, shard) DO UPDATE SET successful_payments = biller_popularity.successful_payments + EXCLUDED.successful_payments`,
);

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
    await run(executorOn(manager), COUNT_SUCCESS, [billerId, at, randomInt(POPULARITY_SHARDS), count]);
  }

  /**
   * Recomputes every biller's popularity as of `now`, by default the database's `now()`;
   * returns how many billers changed, or null when another worker is refreshing already.
   */
  async refresh(now: Date | null = null): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      // Not prepared: it runs once per refresh.
      const [{ locked }] = await manager.query<{ locked: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock($1) AS locked`,
        [REFRESH_LOCK],
      );
      if (!locked) return null;
      const since = `((coalesce($1::timestamptz, now()) AT TIME ZONE 'UTC')::date - ${POPULARITY_WINDOW_DAYS - 1})`;
      const [, changed] = await manager.query<[unknown, number]>(
        `UPDATE billers b SET popularity = fresh.total
           FROM (SELECT b2.id, COALESCE(SUM(p.successful_payments), 0)::integer AS total
                   FROM billers b2
                   LEFT JOIN biller_popularity p ON p.biller_id = b2.id AND p.day >= ${since}
                  GROUP BY b2.id) fresh
          WHERE fresh.id = b.id AND b.popularity <> fresh.total`,
        [now],
      );
      await manager.query(`DELETE FROM biller_popularity WHERE day < ${since}`, [now]);
      return changed;
    });
  }
}
