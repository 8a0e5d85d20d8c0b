/** A text message to one phone number (E.164). */
export interface OutgoingSms {
  channel: 'SMS';
  to: string;
  body: string;
}

/** A plain-text e-mail to one address (lower case). */
export interface OutgoingEmail {
  channel: 'EMAIL';
  to: string;
  subject: string;
  body: string;
}

export type OutgoingMessage = OutgoingSms | OutgoingEmail;

/**
 * The port through which the service sends SMS and e-mail. Adapters: the development
 * mailbox (DEV_MAILBOX=true) and, until an SMS provider is chosen, a sender that only logs a
 * masked notice.
 */
export abstract class MessageSender {
  abstract send(message: OutgoingMessage): Promise<void>;
}

/** `+2348031234567` -> `+234*******4567`: enough to recognise a number in a log, not to use it. */
export function maskPhoneNumber(phone: string): string {
  if (phone.length <= 8) return '*'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 8)}${phone.slice(-4)}`;
}

/** `ada@example.com` -> `a**@example.com`: enough to recognise an address in a log, not to use it. */
export function maskEmailAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '*'.repeat(email.length);
  return `${email[0]}${'*'.repeat(Math.max(at - 1, 2))}${email.slice(at)}`;
}
