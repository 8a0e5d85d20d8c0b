/** A check's verdict; the worst verdict of all checks sets the merchant's status. */
export type HealthCheckStatus = 'OK' | 'WARN' | 'FAIL';
export type MerchantHealthStatus = 'HEALTHY' | 'DEGRADED' | 'AT_RISK' | 'RESTRICTED';

export const HEALTH_CHECK_NAMES = [
  'kyb',
  'settlement_account',
  'api_error_rate',
  'webhook_delivery',
  'velocity_headroom',
  'refund_rate',
  'dispute_rate',
  'verified_origins',
] as const;
export type HealthCheckName = (typeof HEALTH_CHECK_NAMES)[number];

export interface HealthCheck {
  name: HealthCheckName;
  status: HealthCheckStatus;
  detail: string;
}

/** The thresholds of the checks (the module README's table). */
export const HEALTH_THRESHOLDS = {
  /** Fewer API requests than this in 24 h say nothing about an error rate. */
  apiMinimumRequests: 20,
  /** 4xx + 5xx share of the last 24 h's API requests, basis points. */
  apiErrorWarnBps: 1000,
  apiErrorFailBps: 2500,
  /** Any 5xx share at or above this is a FAIL on its own (our fault, or the merchant's requests break us). */
  apiServerErrorFailBps: 500,
  /** An enabled endpoint failing this long (of the 5 days before it is disabled) is a FAIL. */
  webhookFailingFailMs: 24 * 3600_000,
  /** A velocity cap this used (count or amount, its trailing window) is a WARN; full is a FAIL. */
  velocityWarnBps: 8000,
  velocityFailBps: 10_000,
  /** Refunded share of the last 30 days' captured volume, basis points. */
  refundWarnBps: 500,
  refundFailBps: 1000,
} as const;

const RANK: Record<HealthCheckStatus, number> = { OK: 0, WARN: 1, FAIL: 2 };

/**
 * RESTRICTED when KYB is SUSPENDED or REJECTED (whatever else holds); AT_RISK when any check
 * FAILs; DEGRADED when any WARNs; else HEALTHY.
 */
export function healthStatusOf(kybStatus: string, checks: readonly HealthCheck[]): MerchantHealthStatus {
  if (kybStatus === 'SUSPENDED' || kybStatus === 'REJECTED') return 'RESTRICTED';
  const worst = checks.reduce((status, check) => Math.max(status, RANK[check.status]), 0);
  return worst === 2 ? 'AT_RISK' : worst === 1 ? 'DEGRADED' : 'HEALTHY';
}

/** `part` of `whole` in basis points, rounded down; 0 of nothing. */
export function bps(part: bigint | number, whole: bigint | number): number {
  const p = BigInt(part);
  const w = BigInt(whole);
  return w <= 0n ? 0 : Number((p * 10_000n) / w);
}

/** `1234` bps -> `12.34%`. */
export function percent(value: number): string {
  return `${(value / 100).toFixed(2)}%`;
}

export function kybCheck(kybStatus: string): HealthCheck {
  if (kybStatus === 'APPROVED') return { name: 'kyb', status: 'OK', detail: 'KYB APPROVED' };
  if (kybStatus === 'SUSPENDED' || kybStatus === 'REJECTED') {
    return { name: 'kyb', status: 'FAIL', detail: `KYB ${kybStatus}: live payments are refused` };
  }
  return { name: 'kyb', status: 'WARN', detail: `KYB ${kybStatus}: live payments start once APPROVED` };
}

export function settlementCheck(
  account: { status: string | null; payoutsHeldUntil: Date | null },
  now: Date,
): HealthCheck {
  const name = 'settlement_account';
  if (account.status === null) return { name, status: 'WARN', detail: 'No settlement account: payouts cannot be made' };
  if (account.status === 'REJECTED') return { name, status: 'FAIL', detail: 'Settlement account REJECTED' };
  if (account.status !== 'VERIFIED') return { name, status: 'WARN', detail: `Settlement account ${account.status}` };
  if (account.payoutsHeldUntil && account.payoutsHeldUntil > now) {
    return {
      name,
      status: 'WARN',
      detail: `Settlement account changed: payouts held until ${account.payoutsHeldUntil.toISOString()}`,
    };
  }
  return { name, status: 'OK', detail: 'Settlement account VERIFIED' };
}

export function apiErrorCheck(totals: { total: number; clientErrors: number; serverErrors: number }): HealthCheck {
  const name = 'api_error_rate';
  const t = HEALTH_THRESHOLDS;
  const errors = totals.clientErrors + totals.serverErrors;
  if (totals.total < t.apiMinimumRequests) {
    return { name, status: 'OK', detail: `${totals.total} API requests in 24 h (${errors} errors): too few to judge` };
  }
  const rate = bps(errors, totals.total);
  const serverRate = bps(totals.serverErrors, totals.total);
  const detail =
    `${percent(rate)} of ${totals.total} API requests in 24 h answered an error ` +
    `(${totals.clientErrors} 4xx, ${totals.serverErrors} 5xx)`;
  if (rate >= t.apiErrorFailBps || serverRate >= t.apiServerErrorFailBps) return { name, status: 'FAIL', detail };
  if (rate >= t.apiErrorWarnBps) return { name, status: 'WARN', detail };
  return { name, status: 'OK', detail };
}

export interface EndpointState {
  status: string;
  disabledReason: string | null;
  failingSince: Date | null;
  failedDeliveries: number;
}

export function webhookCheck(endpoints: readonly EndpointState[], now: Date): HealthCheck {
  const name = 'webhook_delivery';
  if (endpoints.length === 0) return { name, status: 'OK', detail: 'No webhook endpoints in this mode' };
  const disabled = endpoints.filter((e) => e.status === 'DISABLED' && e.disabledReason !== 'MERCHANT').length;
  const failing = endpoints.filter((e) => e.status === 'ENABLED' && e.failingSince !== null);
  const longFailing = failing.filter(
    (e) => now.getTime() - e.failingSince!.getTime() >= HEALTH_THRESHOLDS.webhookFailingFailMs,
  ).length;
  const failedDeliveries = endpoints.reduce((sum, e) => sum + e.failedDeliveries, 0);
  const detail =
    `${endpoints.length} endpoints: ${failing.length} failing (${longFailing} for 24 h or more), ` +
    `${disabled} disabled by failures; ${failedDeliveries} deliveries ran out of attempts in 24 h`;
  if (disabled > 0 || longFailing > 0) return { name, status: 'FAIL', detail };
  if (failing.length > 0 || failedDeliveries > 0) return { name, status: 'WARN', detail };
  return { name, status: 'OK', detail };
}

export interface CapUse {
  window: string;
  currency: string;
  maxCount: number | null;
  maxAmount: number | null;
  usedCount: number;
  usedAmount: number;
}

export function velocityCheck(caps: readonly CapUse[]): HealthCheck {
  const name = 'velocity_headroom';
  if (caps.length === 0) return { name, status: 'OK', detail: 'No merchant velocity caps' };
  let worst = 0;
  let worstCap = caps[0];
  for (const cap of caps) {
    const used = Math.max(
      cap.maxCount ? bps(cap.usedCount, cap.maxCount) : 0,
      cap.maxAmount ? bps(cap.usedAmount, cap.maxAmount) : 0,
    );
    if (used >= worst) {
      worst = used;
      worstCap = cap;
    }
  }
  const detail = `The most used cap (${worstCap.window} ${worstCap.currency}) is ${percent(worst)} used`;
  if (worst >= HEALTH_THRESHOLDS.velocityFailBps) return { name, status: 'FAIL', detail };
  if (worst >= HEALTH_THRESHOLDS.velocityWarnBps) return { name, status: 'WARN', detail };
  return { name, status: 'OK', detail };
}

export function refundCheck(byCurrency: readonly { currency: string; gross: bigint; refunds: bigint }[]): HealthCheck {
  const name = 'refund_rate';
  const measured = byCurrency.filter((row) => row.gross > 0n || row.refunds > 0n);
  if (measured.length === 0) return { name, status: 'OK', detail: 'No captured volume in 30 days' };
  const rates = measured.map((row) => ({
    ...row,
    rate: row.gross > 0n ? bps(row.refunds, row.gross) : 10_000,
  }));
  const worst = rates.reduce((a, b) => (b.rate > a.rate ? b : a));
  const detail = `Refunds ${percent(worst.rate)} of the 30-day ${worst.currency} volume captured`;
  if (worst.rate >= HEALTH_THRESHOLDS.refundFailBps) return { name, status: 'FAIL', detail };
  if (worst.rate >= HEALTH_THRESHOLDS.refundWarnBps) return { name, status: 'WARN', detail };
  return { name, status: 'OK', detail };
}

export function disputeCheck(): HealthCheck {
  return {
    name: 'dispute_rate',
    status: 'OK',
    detail: '0.00%: checkout payments cannot be disputed yet',
  };
}

export function originsCheck(livemode: boolean, origins: { verified: number; total: number }): HealthCheck {
  const name = 'verified_origins';
  if (!livemode) return { name, status: 'OK', detail: 'Test mode takes any https or localhost redirect URL' };
  if (origins.verified === 0) {
    return { name, status: 'WARN', detail: 'No VERIFIED origin: live checkout sessions have nowhere to redirect' };
  }
  return { name, status: 'OK', detail: `${origins.verified} VERIFIED origins` };
}
