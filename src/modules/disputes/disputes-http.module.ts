import { Module } from '@nestjs/common';
import { AdminDisputesController } from './admin-disputes.controller';
import { DisputesController } from './disputes.controller';
import { DisputesModule } from './disputes.module';
import { ConfigModule } from '../../platform/config/config.module';
import { DisputesConfig } from './disputes.config';

/** The disputes routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(DisputesConfig), DisputesModule],
  controllers: [DisputesController, AdminDisputesController],
})
export class DisputesHttpModule {}
