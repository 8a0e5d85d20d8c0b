import { Injectable, Logger } from '@nestjs/common';
import { maskPhoneNumber, MessageSender, OutgoingMessage } from './message-sender';

/**
 * The production default until an SMS provider is wired in: it records that a message would
 * have gone out, with the number masked and never the body (which may hold an OTP).
 */
@Injectable()
export class LoggingMessageSender extends MessageSender {
  private readonly logger = new Logger('MessageSender');

  send(message: OutgoingMessage): Promise<void> {
    this.logger.warn(
      `no SMS provider configured: ${message.channel} to ${maskPhoneNumber(message.to)} (${message.body.length} characters) not delivered`,
    );
    return Promise.resolve();
  }
}
