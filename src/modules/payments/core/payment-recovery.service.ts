import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PaymentCore } from './payment-core.service';
import { Payment } from './payment.entity';
import { PaymentRepository } from './payment.repository';
import { RailCode, RailConnector } from '../rails/rail-connector';
import { PaymentsConfig } from '../payments.config';

/**
 * Settles payments left `AUTHORIZING`: the process that called the rail died or lost its
 * database connection before, during or after the call, or the rail timed out. Runs in the
 * worker. For each payment older than AUTHORIZATION_RECOVERY_AFTER_MS it asks the rail what
 * became of the capture (by the payment id, the rail's idempotency reference) and records that
 * through the payment core, exactly as the request would have: a capture becomes `PENDING`
 * with one journal entry and is posted; a decline fails the payment. A payment the rail never
 * took was still asked for: the job captures it (`PaymentCore.completeCapture`, under the same
 * reference, so a repeat never captures twice) until AUTHORIZATION_RECOVERY_MAX_AGE_MS after it
 * was accepted, and only then fails it (`RAIL_NO_CAPTURE`, with a cancel that voids the
 * reference). A rail that does not answer is asked again after the same delay. Both delays are
 * measured on the database's `now()`, as the payment's `created_at` and `updated_at` are written.
 */
@Injectable()
export class PaymentRecoveryService {
  private readonly logger = new Logger(PaymentRecoveryService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PaymentsConfig,
    private readonly payments: PaymentRepository,
    private readonly core: PaymentCore,
    private readonly rails: RailConnector,
  ) {}

  /** Settles up to `limit` stuck payments; answers how many it took. */
  async recover(limit = 50): Promise<number> {
    const stuck = await this.payments.claimStuckAuthorizations(
      this.dataSource.manager,
      this.config.AUTHORIZATION_RECOVERY_AFTER_MS,
      limit,
      this.config.AUTHORIZATION_RECOVERY_MAX_AGE_MS,
    );
    for (const { payment, pastMaxAge } of stuck) {
      const status = await this.rails.captureStatus({ rail: payment.rail as RailCode, reference: payment.id });
      if (status.status === 'UNAVAILABLE') {
        this.logger.warn(
          `payment ${payment.id} is still authorizing: ${payment.rail} did not answer (${status.reason})`,
        );
        continue;
      }
      const recorded =
        status.status === 'NOT_FOUND'
          ? await this.captureOrAbandon(payment, pastMaxAge)
          : await this.core.recordCapture(payment, status);
      this.logger.warn(
        `recovered payment ${payment.id} left authorizing: ${payment.rail} says ${status.status}, now ${recorded.status}`,
      );
    }
    return stuck.length;
  }

  /** A payment the rail has no capture of: captured while young enough and its account known, else failed. */
  private async captureOrAbandon(payment: Payment, pastMaxAge: boolean): Promise<Payment> {
    if (pastMaxAge) {
      const maxAgeSeconds = this.config.AUTHORIZATION_RECOVERY_MAX_AGE_MS / 1000;
      return this.core.abandonCapture(payment, `not captured within ${maxAgeSeconds} s of acceptance`);
    }
    const captured = await this.core.completeCapture(payment);
    return captured ?? this.core.abandonCapture(payment, 'its funding account is not known to capture it with');
  }
}
