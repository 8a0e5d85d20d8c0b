import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { BillersModule } from '../billers';
import { CustomerContactsModule } from '../identity';
import { HouseholdDirectory } from './household-directory.service';
import { HouseholdRepository } from './household.repository';
import { HOUSEHOLD_ENTITIES } from './households.entities';
import { HouseholdsService } from './households.service';
import './households.errors';
import { ConfigModule } from '../../platform/config/config.module';
import { HouseholdsConfig } from './households.config';

/**
 * Households: members and roles (HouseholdsService) and the port through which the bills
 * context shares bills and learns what a customer sees shared (HouseholdDirectory). Services
 * only; the routes are in HouseholdsHttpModule. It never imports the bills context.
 */
@Module({
  imports: [
    ConfigModule.forFeature(HouseholdsConfig),
    TypeOrmModule.forFeature(HOUSEHOLD_ENTITIES),
    OutboxModule,
    BillersModule,
    CustomerContactsModule,
  ],
  providers: [HouseholdRepository, HouseholdsService, HouseholdDirectory],
  exports: [HouseholdsService, HouseholdDirectory],
})
export class HouseholdsModule {}
