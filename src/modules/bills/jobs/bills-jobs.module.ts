import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { BILLS_QUEUE } from '../bills.events';
import { BillsModule } from '../bills.module';
import { BillsProcessor } from './bills.processor';

/** The bills queue's processor (payments made any way settle matching bills); only WorkerModule imports it. */
@Module({
  imports: [BillsModule, BullModule.registerQueue({ name: BILLS_QUEUE })],
  providers: [BillsProcessor],
})
export class BillsJobsModule {}
