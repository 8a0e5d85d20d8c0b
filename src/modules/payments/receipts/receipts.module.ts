import { Module } from '@nestjs/common';
import { ReceiptLink } from './receipt-link';
import { ReceiptPdfRenderer } from './receipt-pdf.renderer';
import { ReceiptRepository } from './receipt.repository';
import { ReceiptService } from './receipt.service';
import { ReceiptsController } from './receipts.controller';
import { ConfigModule } from '../../../platform/config/config.module';
import { PaymentsConfig } from '../payments.config';

/**
 * Payment receipts: short-lived signed links and the PDF behind them. Exports ReceiptService
 * so the payments routes can issue links (`POST /payments/{id}/receipt`); serves the public
 * download route `GET /receipts/{token}` itself.
 */
@Module({
  imports: [ConfigModule.forFeature(PaymentsConfig)],
  providers: [ReceiptRepository, ReceiptLink, ReceiptPdfRenderer, ReceiptService],
  controllers: [ReceiptsController],
  exports: [ReceiptService],
})
export class ReceiptsModule {}
