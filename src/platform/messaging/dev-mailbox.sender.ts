import { Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { newId } from '../database/new-id';
import { InjectRedis } from '../redis/redis.module';
import { MessageSender, OutgoingMessage } from './message-sender';

export type StoredMessage = OutgoingMessage & {
  id: string;
  sentAt: string;
};

/**
 * Development and test adapter: every message is kept in Redis, newest first, at most
 * DEV_MAILBOX_SIZE per recipient for DEV_MAILBOX_TTL_SECONDS, and read back through
 * GET /dev/messages. Only selected when DEV_MAILBOX=true, which production refuses at boot.
 */
@Injectable()
export class DevMailboxSender extends MessageSender {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  async send(message: OutgoingMessage): Promise<void> {
    const stored: StoredMessage = { id: newId(), ...message, sentAt: this.clock.now().toISOString() };
    const key = this.key(message.to);
    await this.redis
      .multi()
      .lpush(key, JSON.stringify(stored))
      .ltrim(key, 0, this.config.DEV_MAILBOX_SIZE - 1)
      .expire(key, this.config.DEV_MAILBOX_TTL_SECONDS)
      .exec();
  }

  async read(to: string): Promise<StoredMessage[]> {
    const entries = await this.redis.lrange(this.key(to), 0, this.config.DEV_MAILBOX_SIZE - 1);
    return entries.map((entry) => JSON.parse(entry) as StoredMessage);
  }

  private key(to: string): string {
    return `devmailbox:${to}`;
  }
}
