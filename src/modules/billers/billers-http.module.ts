import { Module } from '@nestjs/common';
import { AdminCatalogueController } from './catalogue/admin-catalogue.controller';
import { BillersController } from './directory/billers.controller';
import { BillersModule } from './billers.module';
import { SavedAccountsController } from './saved-accounts/saved-accounts.controller';
import { ConfigModule } from '../../platform/config/config.module';
import { BillersConfig } from './billers.config';

/** The biller directory's routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(BillersConfig), BillersModule],
  controllers: [BillersController, SavedAccountsController, AdminCatalogueController],
})
export class BillersHttpModule {}
