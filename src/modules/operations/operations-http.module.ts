import { Module } from '@nestjs/common';
import { OperationsController } from './operations.controller';
import { OperationsModule } from './operations.module';

/** Operators' routes (outbox events, the ledger check); only ApiModule imports it. */
@Module({
  imports: [OperationsModule],
  controllers: [OperationsController],
})
export class OperationsHttpModule {}
