import { Module } from '@nestjs/common';
import { AdminPostingController } from './admin-posting.controller';
import { PaymentsController } from './payments.controller';
import { PaymentsModule } from './payments.module';
import { ReceiptsModule } from './receipts/receipts.module';

/** The payments routes; only ApiModule imports it. */
@Module({
  imports: [PaymentsModule, ReceiptsModule],
  controllers: [PaymentsController, AdminPostingController],
})
export class PaymentsHttpModule {}
