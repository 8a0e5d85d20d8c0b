import { Module } from '@nestjs/common';
import { MerchantAuthModule } from './auth/merchant-auth.module';
import { ClockModule } from './clock/clock.module';
import { ConfigModule } from './config/config.module';
import { CryptoModule } from './crypto/crypto.module';
import { DatabaseModule } from './database/database.module';
import { FilesModule } from './files/files.module';
import { LoggingModule } from './logging/logging.module';
import { OutboxModule } from './outbox/outbox.module';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './redis/redis.module';

/**
 * What both applications stand on: configuration, clock, keyed hashing, logs, PostgreSQL,
 * Redis, queues, outbox writer, the registry of merchant credential verifiers, the file store.
 */
@Module({
  imports: [
    ConfigModule,
    ClockModule,
    CryptoModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    QueueModule,
    OutboxModule,
    MerchantAuthModule,
    FilesModule,
  ],
  exports: [OutboxModule],
})
export class PlatformModule {}
