import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { ListensTo } from '../../platform/outbox/outbox-subscriptions';
import { BillersModule } from '../billers';
import { HouseholdsModule } from '../households';
import { CustomerContactsModule } from '../identity';
import { PaymentsModule } from '../payments';
import { BillIngestionService } from './bill-ingestion.service';
import { BillRepository } from './bill.repository';
import { BillResolver } from './bill-resolver.service';
import { BillSettlementService } from './bill-settlement.service';
import { BILL_ENTITIES } from './bills.entities';
import { BILLS_QUEUE, BILLS_QUEUE_EVENTS } from './bills.events';
import { BillsService } from './bills.service';

/**
 * Pushed bills: the inbox, claims, resolution of bills to customers, paying a bill once, and
 * settling bills paid another way. Services only; the routes are in BillsHttpModule and the
 * queue processor in BillsJobsModule.
 */
@ListensTo(BILLS_QUEUE, BILLS_QUEUE_EVENTS.events)
@Module({
  imports: [
    TypeOrmModule.forFeature(BILL_ENTITIES),
    OutboxModule,
    BillersModule,
    CustomerContactsModule,
    PaymentsModule,
    HouseholdsModule,
  ],
  providers: [BillRepository, BillResolver, BillIngestionService, BillSettlementService, BillsService],
  exports: [BillsService, BillIngestionService, BillResolver, BillSettlementService],
})
export class BillsModule {}
