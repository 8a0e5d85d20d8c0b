import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { PayerType, PaymentChannel } from './payment.entity';

/** How serious a screening hit is: `HIGH` holds the payment before posting until a review clears it. */
export type ScreeningSeverity = 'LOW' | 'MEDIUM' | 'HIGH';

/** A payment as screening sees it: inserted already, in the admission transaction. */
export interface ScreeningCandidate {
  paymentId: string;
  customerId: string;
  payerType: PayerType;
  payerId: string;
  channel: PaymentChannel;
  billerId: string;
  accountReference: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

/** One rule that fired for the payment (the screener records it before answering). */
export interface ScreeningHit {
  rule: string;
  severity: ScreeningSeverity;
}

/**
 * The port through which the payment core screens every payment it accepts, in every channel,
 * inside the admission transaction that inserts the payment: the screener reads and writes
 * through `manager`, so what it records commits or rolls back with the payment. A `HIGH` hit
 * holds the payment (`held_for_review`): it is captured but not posted until released.
 * The compliance context implements it; payments never imports compliance.
 */
export abstract class PaymentScreening {
  abstract screen(manager: EntityManager, candidate: ScreeningCandidate): Promise<ScreeningHit[]>;
}

/**
 * Where the implementation of PaymentScreening plugs in (ComplianceModule registers its
 * screener when the module starts). A process without one screens nothing and says so once:
 * the API and the worker both load ComplianceModule.
 */
@Injectable()
export class PaymentScreeningRegistry {
  private readonly logger = new Logger(PaymentScreeningRegistry.name);
  private screener: PaymentScreening | null = null;
  private warned = false;

  use(screener: PaymentScreening): void {
    this.screener = screener;
  }

  async screen(manager: EntityManager, candidate: ScreeningCandidate): Promise<ScreeningHit[]> {
    if (!this.screener) {
      if (!this.warned) this.logger.warn('no payment screening is registered: payments are not screened');
      this.warned = true;
      return [];
    }
    return this.screener.screen(manager, candidate);
  }
}

/** Whether the hits hold the payment before posting. */
export function holdsPayment(hits: readonly ScreeningHit[]): boolean {
  return hits.some((hit) => hit.severity === 'HIGH');
}
