import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

export const PAYOUT_INTERVALS = ['DAILY', 'WEEKLY', 'MONTHLY', 'MANUAL'] as const;
export type PayoutInterval = (typeof PAYOUT_INTERVALS)[number];
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One version of a merchant's price list; the newest with `effectiveAt` in the past applies. Append-only. */
@Entity({ name: 'merchant_pricing_versions' })
export class MerchantPricingVersion {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ name: 'fee_bps', type: 'integer' })
  feeBps: number;

  @Column({ name: 'fee_fixed', type: 'bigint', transformer: minorUnits })
  feeFixed: number;

  @Column({ name: 'fee_cap', type: 'bigint', nullable: true, transformer: minorUnits })
  feeCap: number | null;

  @Column({ name: 'fee_currency', type: 'char', length: 3 })
  feeCurrency: string;

  @Column({ name: 'reserve_bps', type: 'integer' })
  reserveBps: number;

  @Column({ name: 'reserve_hold_days', type: 'integer' })
  reserveHoldDays: number;

  @Column({ name: 'payout_interval', type: 'varchar', length: 10 })
  payoutInterval: PayoutInterval;

  @Column({ name: 'payout_delay_days', type: 'integer' })
  payoutDelayDays: number;

  @Column({ name: 'payout_weekly_anchor', type: 'varchar', length: 10, nullable: true })
  payoutWeeklyAnchor: Weekday | null;

  @Column({ name: 'payout_monthly_anchor', type: 'integer', nullable: true })
  payoutMonthlyAnchor: number | null;

  @Column({ name: 'minimum_payout_amount', type: 'bigint', transformer: minorUnits })
  minimumPayoutAmount: number;

  @Column({ name: 'effective_at', type: 'timestamptz' })
  effectiveAt: Date;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export const SETTLEMENT_ACCOUNT_STATUSES = ['PENDING_VERIFICATION', 'VERIFIED', 'REJECTED'] as const;
export type SettlementAccountStatus = (typeof SETTLEMENT_ACCOUNT_STATUSES)[number];

/** The `FieldCipher` purpose of settlement account numbers (the migration that encrypted older rows uses it too). */
export const SETTLEMENT_ACCOUNT_NUMBER_PURPOSE = 'merchants.settlement-account-number';

/** Where payouts go. A change inserts a new row and marks the old one replaced. */
@Entity({ name: 'merchant_settlement_accounts' })
export class MerchantSettlementAccount {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ name: 'bank_code', type: 'varchar', length: 6 })
  bankCode: string;

  /**
   * The NUBAN, encrypted at rest (`FieldCipher`, purpose SETTLEMENT_ACCOUNT_NUMBER_PURPOSE, the
   * row's id bound in): only a payout needs it in clear; everything else shows the last four.
   */
  @Column({ name: 'account_number_encrypted', type: 'text' })
  accountNumberEncrypted: string;

  @Column({ name: 'account_number_last4', type: 'char', length: 4 })
  accountNumberLast4: string;

  @Column({ name: 'account_name', type: 'varchar', length: 100 })
  accountName: string;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 30 })
  status: SettlementAccountStatus;

  /** No payout before this (72 hours after a change: the window in which a hijacked change is noticed). */
  @Column({ name: 'payouts_held_until', type: 'timestamptz' })
  payoutsHeldUntil: Date;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'replaced_at', type: 'timestamptz', nullable: true })
  replacedAt: Date | null;
}

export const VELOCITY_SCOPES = ['MERCHANT', 'CUSTOMER'] as const;
export type VelocityScope = (typeof VELOCITY_SCOPES)[number];
export const VELOCITY_WINDOWS = ['HOUR', 'DAY'] as const;
export type VelocityWindow = (typeof VELOCITY_WINDOWS)[number];

/** A trailing-window cap on a merchant's payments (enforced by checkout; stored and shown here). */
@Entity({ name: 'merchant_velocity_caps' })
export class MerchantVelocityCap {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ type: 'varchar', length: 10 })
  scope: VelocityScope;

  @Column({ name: 'window_unit', type: 'varchar', length: 4 })
  window: VelocityWindow;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ name: 'max_count', type: 'integer', nullable: true })
  maxCount: number | null;

  @Column({ name: 'max_amount', type: 'bigint', nullable: true, transformer: minorUnits })
  maxAmount: number | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
