import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { AccountValidationService } from './connector/account-validation.service';
import { BillerCatalogueService } from './catalogue/biller-catalogue.service';
import { BillerCategoryRepository } from './catalogue/biller-category.repository';
import { BillerDirectoryService } from './directory/biller-directory.service';
import { BillerPopularityService } from './directory/biller-popularity.service';
import { BillerRepository } from './catalogue/biller.repository';
import { BILLER_ENTITIES } from './billers.entities';
import { BillerConnector } from './connector/biller-connector';
import { HttpBillerConnector } from './connector/http-biller.connector';
import { PaymentQuoteService } from './catalogue/payment-quote.service';
import { PaymentRailRepository } from './catalogue/payment-rail.repository';
import { SavedAccountRepository } from './saved-accounts/saved-account.repository';
import { SavedAccountsService } from './saved-accounts/saved-accounts.service';
import { ConfigModule } from '../../platform/config/config.module';
import { BillersConfig } from './billers.config';

/**
 * The biller directory: search, categories, biller detail, account validation through the
 * BillerConnector, saved accounts, and the admin catalogue (billers, categories, rails).
 * Services only, so the worker can import it without the HTTP layer's guards; the routes are
 * in BillersHttpModule. Exports the directory, the connector, popularity counting and the
 * payment quote (the payments context's only view of a biller when it takes a payment).
 */
@Module({
  imports: [ConfigModule.forFeature(BillersConfig), TypeOrmModule.forFeature(BILLER_ENTITIES), AdminAuditModule],
  providers: [
    BillerRepository,
    BillerCategoryRepository,
    PaymentRailRepository,
    SavedAccountRepository,
    BillerDirectoryService,
    AccountValidationService,
    SavedAccountsService,
    BillerCatalogueService,
    BillerPopularityService,
    PaymentQuoteService,
    { provide: BillerConnector, useClass: HttpBillerConnector },
  ],
  exports: [
    BillerDirectoryService,
    AccountValidationService,
    SavedAccountsService,
    BillerCatalogueService,
    BillerConnector,
    BillerPopularityService,
    PaymentQuoteService,
  ],
})
export class BillersModule {}
