import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { MerchantStatementFanOut } from './merchant-statement-fan-out';
import { MerchantStatementFigures } from './merchant-statement-figures';
import { MerchantStatementGenerator } from './merchant-statement-generator';
import { MERCHANT_STATEMENTS_QUEUE } from './merchant-statement-queues';
import { StatementCsvRenderer } from './statement-csv.renderer';
import { StatementPdfRenderer } from './statement-pdf.renderer';

/**
 * Monthly statements' making: the figures from the ledger, the two renderers, the generator and
 * the fan-out onto the statements queue. The API (staff's on-demand month, the merchant's reads)
 * and the worker (the monthly job) both import it. The FileStore is the platform's (global).
 */
@Module({
  imports: [BullModule.registerQueue({ name: MERCHANT_STATEMENTS_QUEUE })],
  providers: [
    MerchantStatementFigures,
    StatementPdfRenderer,
    StatementCsvRenderer,
    MerchantStatementGenerator,
    MerchantStatementFanOut,
  ],
  // The queue too: the worker's processor and tick registration run on it.
  exports: [BullModule, MerchantStatementFigures, MerchantStatementGenerator, MerchantStatementFanOut],
})
export class MerchantStatementsModule {}
