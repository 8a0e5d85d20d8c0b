import { Injectable, Logger } from '@nestjs/common';
import { maskEmailAddress, maskPhoneNumber, MessageSender, OutgoingMessage } from './message-sender';

/**
 * The production default until an SMS and e-mail provider is wired in: it records that a message
 * would have gone out, with the recipient masked and never the body (which may hold an OTP or
 * an invitation link).
 */
@Injectable()
export class LoggingMessageSender extends MessageSender {
  private readonly logger = new Logger('MessageSender');

  send(message: OutgoingMessage): Promise<void> {
    const to = message.channel === 'SMS' ? maskPhoneNumber(message.to) : maskEmailAddress(message.to);
    this.logger.warn(
      `no ${message.channel} provider configured: ${message.channel} to ${to} (${message.body.length} characters) not delivered`,
    );
    return Promise.resolve();
  }
}
