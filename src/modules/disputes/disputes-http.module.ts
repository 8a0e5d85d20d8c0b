import { Module } from '@nestjs/common';
import { AdminDisputesController } from './admin-disputes.controller';
import { DisputesController } from './disputes.controller';
import { DisputesModule } from './disputes.module';

/** The disputes routes; only ApiModule imports it. */
@Module({
  imports: [DisputesModule],
  controllers: [DisputesController, AdminDisputesController],
})
export class DisputesHttpModule {}
