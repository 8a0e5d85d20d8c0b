import { Module } from '@nestjs/common';
import { AdminCatalogueController } from './admin-catalogue.controller';
import { BillersController } from './billers.controller';
import { BillersModule } from './billers.module';
import { SavedAccountsController } from './saved-accounts.controller';
import { ConfigModule } from '../../platform/config/config.module';
import { BillersConfig } from './billers.config';

/** The biller directory's routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(BillersConfig), BillersModule],
  controllers: [BillersController, SavedAccountsController, AdminCatalogueController],
})
export class BillersHttpModule {}
