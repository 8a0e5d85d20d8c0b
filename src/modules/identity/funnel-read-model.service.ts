import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one } from '../../platform/database/statement-executor';
import * as funnel from './sql/funnel.queries';

const SQL = sqlStatements('identity', funnel);

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
 *
 * The SQL is `sql/funnel.sql` (`identity.funnel-cohort`): the cohort is read through
 * `users_created_at_idx` and the pending registrations through `otp_challenges_created_at_idx`
 * (migration 1795840000000), so the cost follows the window.
 */
@Injectable()
export class FunnelReadModel {
  constructor(private readonly dataSource: DataSource) {}

  async cohort(from: Date, to: Date): Promise<IdentityFunnel> {
    const row = await one(executorOn(this.dataSource.manager), SQL.funnelCohort, { from, to });
    const verified = row?.verified ?? 0;
    const ids = row?.kyc_tier1_ids ?? [];
    return {
      registered: verified + (row?.unverified ?? 0),
      verified,
      pinSet: row?.pin_set ?? 0,
      kycTier1: ids.length,
      kycTier1CustomerIds: ids,
    } satisfies IdentityFunnel;
  }
}
