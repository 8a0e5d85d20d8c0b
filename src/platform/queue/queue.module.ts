import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { bullOptions, QueueRegistry } from './queue-registry';
import { QueueShutdown } from './queue-shutdown';

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ url: config.REDIS_URL, ...bullOptions(config) }),
    }),
  ],
  providers: [QueueRegistry, QueueShutdown],
  exports: [QueueRegistry, BullModule],
})
export class QueueModule {}
