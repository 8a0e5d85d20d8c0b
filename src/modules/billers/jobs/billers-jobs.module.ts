import { Module } from '@nestjs/common';
import { BillersModule } from '../billers.module';
import { BillerDirectoryScheduler } from '../directory/biller-directory.scheduler';
import { ConfigModule } from '../../../platform/config/config.module';
import { BillersConfig } from '../billers.config';

/** The biller directory's background work; only WorkerModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(BillersConfig), BillersModule],
  providers: [BillerDirectoryScheduler],
})
export class BillersJobsModule {}
