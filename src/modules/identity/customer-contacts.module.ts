import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomerContactsService } from './customer-contacts.service';
import { CustomerDirectory } from './customer-directory.service';
import { CustomerStanding } from './customer-standing.service';
import { StaffDirectory } from './staff-directory.service';
import { IDENTITY_ENTITIES } from './identity.entities';
import { UserRepository } from './user.repository';
import { ConfigModule } from '../../platform/config/config.module';
import { IdentityConfig } from './identity.config';

/**
 * Customers' contact details for other contexts, in the API and the worker alike, and the
 * directory of verified customers (the bills context resolves bills to customers with it), and
 * the directory of staff and agents (disputes are assigned to support staff), and what compliance
 * knows of a customer (CustomerStanding).
 * Kept apart from IdentityModule so the worker can import it without identity's routes and guards.
 */
@Module({
  imports: [ConfigModule.forFeature(IdentityConfig), TypeOrmModule.forFeature(IDENTITY_ENTITIES)],
  providers: [UserRepository, CustomerContactsService, CustomerDirectory, CustomerStanding, StaffDirectory],
  exports: [CustomerContactsService, CustomerDirectory, CustomerStanding, StaffDirectory],
})
export class CustomerContactsModule {}
