import { Module } from '@nestjs/common';
import { BillersModule } from '../billers';
import { BillsController } from './bills.controller';
import { BillsModule } from './bills.module';
import { InternalBillsController } from './internal-bills.controller';

/** The bill inbox routes and the billers' internal routes; only ApiModule imports it. */
@Module({
  imports: [BillsModule, BillersModule],
  controllers: [BillsController, InternalBillsController],
})
export class BillsHttpModule {}
