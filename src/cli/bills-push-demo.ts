import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BillIngestionService, BillsModule } from '../modules/bills';
import { ComplianceModule } from '../modules/compliance';
import { demoBills } from '../modules/bills/demo-bills';
import { Clock } from '../platform/clock/clock';
import { AppConfigModule } from '../configuration';
import { PlatformModule } from '../platform/platform.module';

/** The bills context without HTTP: what pushing bills needs (bills pay through the payment core, whose screening port compliance binds). */
@Module({ imports: [AppConfigModule, PlatformModule, BillsModule, ComplianceModule] })
class BillsDemoModule {}

/**
 * `npm run bills:push-demo`: this month's bills of the seeded demo billers, pushed through the
 * same ingestion service as `POST /internal/bills`, so they resolve to the demo customer and
 * land in their inbox (one waits to be claimed). Safe to run again: the same month's bills
 * come back UNCHANGED. Run after `npm run seed`; `npm run dev` does it on every start.
 */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(BillsDemoModule, { logger: ['error', 'warn'] });
  try {
    const ingestion = app.get(BillIngestionService);
    for (const push of demoBills(app.get(Clock).now())) {
      const report = await ingestion.ingest(push.biller, push.bills);
      const counts = Object.entries(report.counts)
        .filter(([, count]) => count > 0)
        .map(([outcome, count]) => `${count} ${outcome}`)
        .join(', ');
      const matched = report.items.filter((item) => item.matched).length;
      process.stdout.write(`bills:push-demo ${push.biller}: ${counts} (${matched} of ${report.received} matched)\n`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bills:push-demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
