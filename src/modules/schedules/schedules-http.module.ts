import { Module } from '@nestjs/common';
import { SchedulesController } from './schedules.controller';
import { SchedulesModule } from './schedules.module';

/** The schedules routes; only ApiModule imports it. */
@Module({
  imports: [SchedulesModule],
  controllers: [SchedulesController],
})
export class SchedulesHttpModule {}
