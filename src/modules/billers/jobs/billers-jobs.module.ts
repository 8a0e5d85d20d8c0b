import { Module } from '@nestjs/common';
import { BillersModule } from '../billers.module';
import { BillerDirectoryScheduler } from './biller-directory.scheduler';

/** The biller directory's background work; only WorkerModule imports it. */
@Module({
  imports: [BillersModule],
  providers: [BillerDirectoryScheduler],
})
export class BillersJobsModule {}
