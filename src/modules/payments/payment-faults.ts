import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';

/**
 * Fault injection at the payment core's dangerous points: after the payment is committed and
 * before the rail is called, and (the worst) after the rail has captured the funds and before
 * the outcome is recorded. Production never injects anything (`TEST_FAULT_AFTER_CAPTURE` is
 * refused outside NODE_ENV=test). Fault tests set `TEST_FAULT_AFTER_CAPTURE=exit` on a real API
 * process to kill it after a capture, or replace this provider in a test app to crash a request
 * or cut its database connection at either point, and check that the recovery job loses
 * nothing and captures nothing twice.
 */
@Injectable()
export class PaymentFaults {
  constructor(private readonly config: AppConfig) {}

  /** Runs between the committed `AUTHORIZING` payment and the call to the rail (only tests inject here). */
  async afterAuthorize(paymentId: string): Promise<void> {
    void paymentId;
  }

  /** Runs between the rail's answer about a payment and the transaction that records it. */
  async afterCapture(paymentId: string): Promise<void> {
    if (this.config.NODE_ENV !== 'test' || this.config.TEST_FAULT_AFTER_CAPTURE !== 'exit') return;
    process.stderr.write(`TEST_FAULT_AFTER_CAPTURE: killing the process after capturing payment ${paymentId}\n`);
    // As a crash would: no shutdown hooks, no flush, no answer to the client.
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => undefined);
  }
}
