import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { ReplicaReads } from '../../../platform/database/replica-reads';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { FileStore } from '../../../platform/files/file-store';
import { ApiException } from '../../../platform/http/api-error';
import { toPage, type Page } from '../../../platform/http/pagination';
import { MerchantError } from '../onboarding/onboarding.errors';
import { MerchantStatementGenerator } from './merchant-statement-generator';
import { filesOf, STATEMENT_FORMAT_NAMES, STATEMENT_FORMATS, type StatementRow } from './merchant-statement-row';
import * as statements from './sql/statements.queries';
import { statementFileName } from './statement-document';
import { parseStatementPeriod } from './statement-period';

const SQL = sqlStatements('merchants', statements);

/** A statement's file, ready to send. */
export interface StatementDownload {
  content: Buffer;
  contentType: string;
  filename: string;
}

/** The merchant's statements as its API key reads them (its merchant and mode only), and staff's on-demand month. */
@Injectable()
export class MerchantStatementsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replica: ReplicaReads,
    private readonly files: FileStore,
    private readonly generator: MerchantStatementGenerator,
    private readonly clock: Clock,
  ) {}

  /**
   * A page of the list, read on the read replica when there is one (`ReplicaReads`): a statement
   * generated a few seconds ago may be listed late.
   */
  async list(
    merchantId: string,
    livemode: boolean,
    query: { page: number; size: number },
  ): Promise<Page<StatementRow>> {
    const { rows, total } = await this.replica.read(async (manager) => {
      const executor = executorOn(manager);
      const page = await run(executor, SQL.statementPage, {
        merchantId,
        livemode,
        limit: query.size,
        offset: query.page * query.size,
      });
      const count = page[0]?.total ?? (await one(executor, SQL.statementCount, { merchantId, livemode }))?.total ?? 0;
      return { rows: page, total: count };
    });
    return toPage(
      rows.map(({ total: _total, ...row }) => row),
      total,
      query,
    );
  }

  /** The file of a statement of this merchant and mode; 404 for another's, another mode's, or one without files. */
  async download(
    merchantId: string,
    livemode: boolean,
    statementId: string,
    format: string,
  ): Promise<StatementDownload> {
    const kind = STATEMENT_FORMATS.find((candidate) => candidate.format === format);
    if (!kind) {
      throw new ApiException('VALIDATION_FAILED', `format must be one of ${STATEMENT_FORMAT_NAMES.join(', ')}`, [
        { field: 'path.format', message: `must be one of ${STATEMENT_FORMAT_NAMES.join(', ')}` },
      ]);
    }
    const row = await one(executorOn(this.dataSource.manager), SQL.statementOfMerchant, {
      id: statementId,
      merchantId,
      livemode,
    });
    const file = row && filesOf(row).find((candidate) => candidate.format === kind.format);
    if (!row || !file) throw new ApiException('NOT_FOUND', 'No such statement file');
    return {
      content: await this.files.read(file.key),
      contentType: kind.contentType,
      filename: statementFileName(row, kind.extension),
    };
  }

  /**
   * Staff's on-demand run of one merchant's month in one mode (as the monthly job does it): makes what
   * is missing, answers the month's statements (none for a month without activity). 404 for an
   * unknown merchant; a month not yet over is 400.
   */
  async generate(merchantId: string, livemode: boolean, period: string): Promise<StatementRow[]> {
    const month = parseStatementPeriod(period);
    if (month.end > this.clock.now()) {
      throw new ApiException('VALIDATION_FAILED', 'The month is not over yet', [
        { field: 'period', message: 'must be a month already over' },
      ]);
    }
    const merchant = await one(executorOn(this.dataSource.manager), SQL.statementMerchantName, { merchantId });
    if (!merchant) throw MerchantError.notFound();
    return this.generator.generate(merchantId, livemode, month);
  }
}
