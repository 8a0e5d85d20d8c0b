import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { LedgerCheckService } from '../modules/ledger/ledger-check.service';
import { configurationFromEnvironment } from '../configuration';
import { ALL_ENTITIES } from '../entities';
import { dataSourceOptions, replicaDataSourceOptions } from '../platform/database/data-source-options';
import { isReplicaOutage } from '../platform/database/replica-reads';
import type { AppConfig } from '../platform/config/app-config';

/**
 * `npm run ledger:check`: recomputes the ledger in one REPEATABLE READ snapshot; exits 1 when
 * anything does not add up. On the read replica when `DATABASE_REPLICA_URL` is set (a snapshot a
 * few seconds old is as consistent), on the primary when it is not or the replica cannot be reached.
 */
async function main(): Promise<void> {
  const dataSource = await openDataSource(configurationFromEnvironment().platform);
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

/** The replica's data source when there is one that answers, else the primary's. */
async function openDataSource(config: AppConfig): Promise<DataSource> {
  if (config.DATABASE_REPLICA_URL !== '') {
    const replica = new DataSource(replicaDataSourceOptions(config, ALL_ENTITIES));
    try {
      await replica.initialize();
      process.stdout.write('ledger: reading the replica (DATABASE_REPLICA_URL)\n');
      return replica;
    } catch (error) {
      await replica.driver.disconnect().catch(() => undefined);
      if (!isReplicaOutage(error)) throw error;
      process.stderr.write('ledger: the replica cannot be reached; reading the primary\n');
    }
  }
  const primary = new DataSource(dataSourceOptions(config, ALL_ENTITIES));
  await primary.initialize();
  return primary;
}

main().catch((error: unknown) => {
  process.stderr.write(`ledger:check failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
