import { Module } from '@nestjs/common';
import { HouseholdsController } from './households.controller';
import { HouseholdsModule } from './households.module';
import { ConfigModule } from '../../platform/config/config.module';
import { HouseholdsConfig } from './households.config';

/** The households routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(HouseholdsConfig), HouseholdsModule],
  controllers: [HouseholdsController],
})
export class HouseholdsHttpModule {}
