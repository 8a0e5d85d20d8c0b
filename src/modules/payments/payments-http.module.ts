import { Module } from '@nestjs/common';
import { AdminPostingController } from './posting/admin-posting.controller';
import { PaymentsController } from './core/payments.controller';
import { PaymentsModule } from './payments.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { ConfigModule } from '../../platform/config/config.module';
import { PaymentsConfig } from './payments.config';

/** The payments routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(PaymentsConfig), PaymentsModule, ReceiptsModule],
  controllers: [PaymentsController, AdminPostingController],
})
export class PaymentsHttpModule {}
