import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { FileStore } from '../../../platform/files/file-store';
import { MerchantStatementFigures, type StatementFigures } from './merchant-statement-figures';
import { STATEMENT_FORMATS, type StatementFile, type StatementRow } from './merchant-statement-row';
import * as statements from './sql/statements.queries';
import { StatementCsvRenderer } from './statement-csv.renderer';
import type { StatementDocument } from './statement-document';
import type { StatementPeriod } from './statement-period';
import { StatementPdfRenderer } from './statement-pdf.renderer';

const SQL = sqlStatements('merchants', statements);

/**
 * Makes a merchant's statements of one month and mode, one per currency its balance accounts had
 * activity in, each exactly once: the row is inserted under the unique key
 * `(merchant_id, livemode, period, currency)` and locked in the same transaction as the figures
 * and the files, so a second worker on the same month waits for the first, then finds the row
 * made and leaves it. A statement whose closing balance (read from the ledger) is not the opening
 * plus the movements is FAILED with the difference as its reason, and gets no files.
 */
@Injectable()
export class MerchantStatementGenerator {
  private readonly logger = new Logger(MerchantStatementGenerator.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly figures: MerchantStatementFigures,
    private readonly pdf: StatementPdfRenderer,
    private readonly csv: StatementCsvRenderer,
    private readonly files: FileStore,
    private readonly clock: Clock,
  ) {}

  /** The month's statements of the merchant and mode, made now where missing; answers them all. */
  async generate(merchantId: string, livemode: boolean, period: StatementPeriod): Promise<StatementRow[]> {
    const active = (
      await this.figures.of(this.dataSource.manager, merchantId, livemode, period.start, period.end)
    ).filter((figures) => figures.windowEntries > 0);
    for (const { currency } of active) await this.generateOne(merchantId, livemode, period, currency);
    return run(executorOn(this.dataSource.manager), SQL.statementsOfPeriod, {
      merchantId,
      livemode,
      period: period.period,
    });
  }

  private async generateOne(merchantId: string, livemode: boolean, period: StatementPeriod, currency: string) {
    const stored: string[] = [];
    try {
      await this.dataSource.transaction(async (manager) => {
        const executor = executorOn(manager);
        const key = { merchantId, livemode, period: period.period, currency };
        await run(executor, SQL.insertPendingStatement, {
          id: newId(),
          ...key,
          periodStart: period.start,
          periodEnd: period.end,
        });
        const row = await one(executor, SQL.lockStatementOfPeriod, key);
        if (!row || row.status !== 'PENDING') return;
        const figures = (await this.figures.of(manager, merchantId, livemode, period.start, period.end)).find(
          (candidate) => candidate.currency === currency,
        );
        if (!figures) throw new Error(`no ${currency} figures for merchant ${merchantId} in ${period.period}`);
        const generatedAt = this.clock.now();
        const balanced = figures.closingBalance === figures.expectedClosing;
        const files = balanced
          ? await this.store(stored, {
              statementId: row.id,
              merchantId,
              merchantName: (await one(executor, SQL.statementMerchantName, { merchantId }))?.name ?? merchantId,
              livemode,
              period: period.period,
              periodStart: period.start,
              periodEnd: period.end,
              generatedAt,
              figures,
            })
          : [];
        await run(executor, SQL.completeStatement, {
          id: row.id,
          status: balanced ? 'READY' : 'FAILED',
          ...amounts(figures),
          failureReason: balanced ? null : failureReason(figures),
          files: JSON.stringify(files),
          generatedAt,
        });
        if (!balanced) this.logger.error(`statement ${row.id} FAILED: ${failureReason(figures)}`);
      });
    } catch (error) {
      await Promise.all(stored.map((key) => this.files.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  /** Renders and stores both files; their keys go in `stored` at once, for removal if the transaction fails. */
  private async store(stored: string[], document: StatementDocument): Promise<StatementFile[]> {
    const files: StatementFile[] = [];
    for (const format of STATEMENT_FORMATS) {
      const content = format.format === 'pdf' ? await this.pdf.render(document) : await this.csv.render(document);
      const key = `statements/${document.merchantId}/${document.statementId}/${format.format}`;
      stored.push(key);
      const file = await this.files.put(key, content);
      files.push({
        format: format.format,
        key,
        contentType: format.contentType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
      });
    }
    return files;
  }
}

function amounts(figures: StatementFigures) {
  return {
    openingBalance: figures.openingBalance.toString(),
    grossVolume: figures.grossVolume.toString(),
    fees: figures.fees.toString(),
    refunds: figures.refunds.toString(),
    reserveHeld: figures.reserveHeld.toString(),
    reserveReleased: figures.reserveReleased.toString(),
    payouts: figures.payouts.toString(),
    closingBalance: figures.closingBalance.toString(),
  };
}

function failureReason(figures: StatementFigures): string {
  return (
    `the closing balance in the ledger (${figures.closingBalance}) is not the opening balance plus the movements ` +
    `(${figures.expectedClosing}): ${figures.closingBalance - figures.expectedClosing} moved by entries other than ` +
    'captures, refunds and releases'
  );
}
