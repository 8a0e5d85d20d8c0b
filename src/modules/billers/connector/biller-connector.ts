import type { BillerPaymentStatus } from './biller-protocol';

/** Where and how to reach one direct biller, from its connector settings. */
export interface BillerEndpoint {
  baseUrl: string;
  /** Names the signing secret in the configuration. */
  secretRef: string;
  timeoutMs: number;
}

/** Why a biller could not give an answer: it did not answer in time, or answered unusably. */
export type BillerFailure = { kind: 'TIMEOUT' } | { kind: 'UNAVAILABLE'; reason: string };

export type AccountValidationOutcome =
  | { kind: 'VALID'; customerName: string; outstandingAmount: number | null }
  | { kind: 'NOT_FOUND' }
  | { kind: 'REJECTED'; reason: string }
  | BillerFailure;

export type PaymentPostingOutcome =
  | { kind: 'ACCEPTED'; status: Extract<BillerPaymentStatus, 'CONFIRMED' | 'PENDING'>; billerReference: string }
  | { kind: 'NOT_FOUND' }
  | { kind: 'REJECTED'; reason: string }
  | BillerFailure;

/** `amount` and `currency` are what the biller says it took, when its reply carries them. */
export type PaymentStatusOutcome =
  | { kind: 'FOUND'; status: BillerPaymentStatus; billerReference: string; amount?: number; currency?: string }
  | { kind: 'NOT_FOUND' }
  | BillerFailure;

export interface PaymentPosting {
  /** Our posting attempt's reference, sent as the idempotency key: reposting it is safe. */
  reference: string;
  accountReference: string;
  amount: number;
  currency: string;
}

/**
 * The port through which the service talks to a direct biller. Every failure is a typed
 * outcome, never an exception: callers decide what a timeout or an outage means to them
 * (a 422 for account validation, a retry for posting).
 */
export abstract class BillerConnector {
  /** Whether calls to the endpoint can be made at all: a usable URL and a signing secret we hold. */
  abstract canReach(endpoint: BillerEndpoint): boolean;

  abstract validateAccount(endpoint: BillerEndpoint, accountReference: string): Promise<AccountValidationOutcome>;

  /** `signal` cuts the call short (the worker is shutting down): the outcome is then `UNAVAILABLE`, reason `aborted`. */
  abstract postPayment(
    endpoint: BillerEndpoint,
    payment: PaymentPosting,
    signal?: AbortSignal,
  ): Promise<PaymentPostingOutcome>;

  abstract paymentStatus(
    endpoint: BillerEndpoint,
    reference: string,
    signal?: AbortSignal,
  ): Promise<PaymentStatusOutcome>;
}
