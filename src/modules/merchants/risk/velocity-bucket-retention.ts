import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { one, executorOn } from '../../../platform/database/statement-executor';
import * as velocity from './sql/velocity.queries';

const SQL = sqlStatements('merchants', velocity);
const DAY_MS = 86_400_000;

/**
 * Velocity buckets are kept this many days: the longest cap window is a day, but the daily figures
 * of GET /merchant/risk/kpis reach back 90 days. One more day, so the oldest day of a 90-day range
 * is whole whatever the hour of the purge.
 */
export const VELOCITY_BUCKET_RETENTION_DAYS = 91;
const BATCH = 5000;

/** Deletes the velocity buckets past their retention, in short transactions of BATCH rows. */
@Injectable()
export class VelocityBucketRetention {
  private readonly logger = new Logger(VelocityBucketRetention.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** How many buckets it deleted. Idempotent: running it twice deletes nothing more. */
  async purge(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - VELOCITY_BUCKET_RETENTION_DAYS * DAY_MS);
    let total = 0;
    for (;;) {
      const row = await one(executorOn(this.dataSource.manager), SQL.purgeBuckets, { before, batch: BATCH });
      const deleted = row?.deleted ?? 0;
      total += deleted;
      if (deleted < BATCH) break;
    }
    if (total > 0) this.logger.log(`purged ${total} velocity buckets older than ${before.toISOString()}`);
    return total;
  }
}
