import { Module } from '@nestjs/common';
import { ClockModule } from './clock/clock.module';
import { ConfigModule } from './config/config.module';
import { CryptoModule } from './crypto/crypto.module';
import { DatabaseModule } from './database/database.module';
import { FilesModule } from './files/files.module';
import { LoggingModule } from './logging/logging.module';
import { OutboxModule } from './outbox/outbox.module';
import { PortsModule } from './ports/ports.module';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';

/**
 * What both applications stand on: the boot audit of ports, configuration, clock, keyed
 * hashing, logs, PostgreSQL, Redis, queues, outbox writer, the file store.
 */
@Module({
  imports: [
    PortsModule,
    ConfigModule,
    ClockModule,
    CryptoModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    QueueModule,
    OutboxModule,
    FilesModule,
  ],
  exports: [OutboxModule],
})
export class PlatformModule {}
