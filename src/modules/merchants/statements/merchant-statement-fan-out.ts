import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import {
  MERCHANT_STATEMENTS_QUEUE,
  STATEMENT_GENERATE_JOB,
  statementJobId,
  type StatementGenerateJob,
} from './merchant-statement-queues';
import * as statements from './sql/statements.queries';
import type { StatementPeriod } from './statement-period';

const SQL = sqlStatements('merchants', statements);

/**
 * The monthly tick's work: one job per merchant and mode whose ledger accounts moved in the month,
 * under the id `statement:{merchant}:{mode}:{YYYY-MM}` (a tick run twice adds each job once while
 * Bull holds it; the statements' unique key makes a job run twice harmless).
 */
@Injectable()
export class MerchantStatementFanOut {
  constructor(
    private readonly dataSource: DataSource,
    @InjectQueue(MERCHANT_STATEMENTS_QUEUE) private readonly queue: Queue<StatementGenerateJob>,
  ) {}

  async fanOut(period: StatementPeriod): Promise<StatementGenerateJob[]> {
    const active = await run(executorOn(this.dataSource.manager), SQL.statementMerchantsWithActivity, {
      from: period.start,
      to: period.end,
    });
    const jobs = active.map((row): StatementGenerateJob => ({
      merchantId: row.merchant_id,
      livemode: row.livemode,
      period: period.period,
    }));
    await Promise.all(
      jobs.map((job) =>
        this.queue.add(STATEMENT_GENERATE_JOB, job, {
          jobId: statementJobId(job),
          attempts: 5,
          backoff: { type: 'exponential', delay: 60_000 },
          removeOnComplete: 1000,
          removeOnFail: 1000,
        }),
      ),
    );
    return jobs;
  }
}
