import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { bullPrefix, QueueRegistry } from './queue-registry';
import { QueueShutdown } from './queue-shutdown';
import { DEFAULT_JOB_OPTIONS } from './queues';

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        redis: config.REDIS_URL,
        prefix: bullPrefix(config),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
  ],
  providers: [QueueRegistry, QueueShutdown],
  exports: [QueueRegistry, BullModule],
})
export class QueueModule {}
