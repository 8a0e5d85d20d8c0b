import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The identity steps of a registration cohort's funnel (each step includes the previous ones). */
export interface IdentityFunnel {
  /** Verified accounts of the cohort plus numbers that asked for an OTP in the window and never verified. */
  registered: number;
  /** Accounts created in the window (an account exists only once its phone is verified). */
  verified: number;
  /** ...of which set a PIN. */
  pinSet: number;
  /** ...of which reached KYC tier 1. */
  kycTier1: number;
  /** The ids of the `kycTier1` customers, for the payment steps. */
  kycTier1CustomerIds: string[];
}

/**
 * The SQL of the port, exported so an e2e test can `EXPLAIN` it. $1 from, $2 to (half-open).
 * The cohort is read through `users_created_at_idx` and the pending registrations through
 * `otp_challenges_created_at_idx` (migration 1795840000000): the cost follows the window.
 */
export const FUNNEL_READ_MODEL_SQL = {
  cohort: `
    WITH cohort AS (
      SELECT u.id, u.pin_set_at, u.kyc_tier
        FROM users u
       WHERE u.created_at >= $1 AND u.created_at < $2 AND u.role = 'CUSTOMER'
    )
    SELECT (SELECT count(*) FROM cohort)::int AS verified,
           (SELECT count(*) FROM cohort WHERE pin_set_at IS NOT NULL)::int AS pin_set,
           (SELECT count(*) FROM otp_challenges o
             WHERE o.created_at >= $1 AND o.created_at < $2
               AND NOT EXISTS (SELECT 1 FROM users u WHERE u.phone = o.phone))::int AS unverified,
           coalesce((SELECT array_agg(id::text) FROM cohort WHERE pin_set_at IS NOT NULL AND kyc_tier = 'TIER_1'),
                    '{}'::text[]) AS kyc_tier1_ids`,
} as const;

/**
 * The narrow, read-only port through which operations reads the registration funnel, so the
 * SQL on `users` and `otp_challenges` stays in identity.
 *
 * "Registered" means "asked for a registration OTP in the window": an account row is created
 * only when the OTP is verified, so a number that never verified exists only as its pending
 * `otp_challenges` row (kept until replaced by a new request or consumed by verification). The
 * cohort is therefore the customers (role CUSTOMER; staff and agents are not in the funnel)
 * whose account was created in the window, plus the numbers without an account whose pending
 * challenge was created in the window. An OTP a number that already has an account asks for
 * (signing in on a new device) is not a registration.
 */
@Injectable()
export class FunnelReadModel {
  constructor(private readonly dataSource: DataSource) {}

  async cohort(from: Date, to: Date): Promise<IdentityFunnel> {
    const [row] = await this.dataSource.query<
      { verified: number; pin_set: number; unverified: number; kyc_tier1_ids: string[] }[]
    >(FUNNEL_READ_MODEL_SQL.cohort, [from, to]);
    const ids = row?.kyc_tier1_ids ?? [];
    return {
      registered: (row?.verified ?? 0) + (row?.unverified ?? 0),
      verified: row?.verified ?? 0,
      pinSet: row?.pin_set ?? 0,
      kycTier1: ids.length,
      kycTier1CustomerIds: ids,
    };
  }
}
