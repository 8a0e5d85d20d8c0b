import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ClockModule } from './clock/clock.module';
import { CryptoModule } from './crypto/crypto.module';
import { DatabaseModule } from './database/database.module';
import { FilesModule } from './files/files.module';
import { LoggingModule } from './logging/logging.module';
import { OutboxModule } from './outbox/outbox.module';
import { PortsModule } from './ports/ports.module';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';

/**
 * What both applications stand on (beside the configuration, `ConfigModule.forRoot`, which the
 * application's composition imports with every slice): the boot audit of ports, clock, keyed
 * hashing, logs, PostgreSQL, Redis, queues, outbox writer, the file store, and the
 * `@nestjs/schedule` registry every per-process loop (the worker's relay, sweeps and upkeep, the
 * API's key-usage flush) puts its interval in, so it is registered once per application.
 */
@Module({
  imports: [
    PortsModule,
    ClockModule,
    CryptoModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    QueueModule,
    OutboxModule,
    FilesModule,
    ScheduleModule.forRoot(),
  ],
  exports: [OutboxModule],
})
export class PlatformModule {}
