import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { LedgerCheckService } from '../modules/ledger/ledger-check.service';
import { configurationFromEnvironment } from '../configuration';
import { ALL_ENTITIES } from '../entities';
import { dataSourceOptions } from '../platform/database/data-source-options';

/** `npm run ledger:check`: recomputes the ledger; exits 1 when anything does not add up. */
async function main(): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(configurationFromEnvironment().platform, ALL_ENTITIES));
  await dataSource.initialize();
  try {
    const report = await new LedgerCheckService(dataSource).check();
    process.stdout.write(
      `ledger: ${report.entriesChecked} entries, ${report.linesChecked} lines, ${report.accounts.length} accounts; ` +
        `${report.balanced ? 'balanced' : 'NOT BALANCED'}\n`,
    );
    for (const row of report.trialBalance) process.stdout.write(`  trial balance ${row.currency}: ${row.sum}\n`);
    for (const entry of report.unbalancedEntries) {
      process.stdout.write(`  unbalanced entry ${entry.entryId}: sum ${entry.sum} over ${entry.lines} lines\n`);
    }
    for (const line of report.currencyMismatches) {
      process.stdout.write(`  currency mismatch on line ${line.lineId} of entry ${line.entryId}\n`);
    }
    if (!report.balanced) process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`ledger:check failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
