import { Module } from '@nestjs/common';
import { SchedulesController } from './schedules.controller';
import { SchedulesModule } from './schedules.module';
import { ConfigModule } from '../../platform/config/config.module';
import { SchedulesConfig } from './schedules.config';

/** The schedules routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(SchedulesConfig), SchedulesModule],
  controllers: [SchedulesController],
})
export class SchedulesHttpModule {}
