import { Module } from '@nestjs/common';
import { HouseholdsController } from './households.controller';
import { HouseholdsModule } from './households.module';

/** The households routes; only ApiModule imports it. */
@Module({
  imports: [HouseholdsModule],
  controllers: [HouseholdsController],
})
export class HouseholdsHttpModule {}
