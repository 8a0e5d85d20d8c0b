import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../../platform/database/minor-units.transformer';

/**
 * How the amount of a payment relates to the amount due, as BBPS's exact / exact-up /
 * exact-down / ad hoc: `EXACT` the amount due, `AT_LEAST` it or more, `AT_MOST` it or less,
 * `ANY` whatever the customer chooses within the biller's minimum and maximum.
 */
export const AMOUNT_RULES = ['EXACT', 'AT_LEAST', 'AT_MOST', 'ANY'] as const;
export type AmountRule = (typeof AMOUNT_RULES)[number];

/**
 * A biller customers can pay. `active` false is the admin's soft delete: the biller leaves the
 * customer directory and keeps its history. `available` false keeps it listed but refuses
 * account validation and payments (an outage). `searchName` and `searchText` are written by
 * the service from the name and aliases (biller-search-text.ts); PostgreSQL derives the
 * full-text `search_vector` from them (not mapped here).
 */
@Entity({ name: 'billers' })
export class Biller {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 80 })
  slug: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** Other names customers search by: abbreviations, former names, brand names. */
  @Column({ type: 'text', array: true })
  aliases: string[];

  @Column({ name: 'category_id', type: 'uuid' })
  categoryId: string;

  @Column({ name: 'logo_url', type: 'varchar', length: 500, nullable: true })
  logoUrl: string | null;

  /** ISO 3166-1 alpha-2. */
  @Column({ type: 'char', length: 2 })
  country: string;

  /** ISO 4217; every amount of this biller is in its minor unit. */
  @Column({ type: 'char', length: 3 })
  currency: string;

  /** Codes of the payment rails the biller accepts; only the active ones are offered. */
  @Column({ name: 'accepted_rails', type: 'text', array: true })
  acceptedRails: string[];

  @Column({ name: 'fee_flat', type: 'bigint', transformer: minorUnits })
  feeFlat: number;

  /** Percentage fee in basis points (100 = 1%). */
  @Column({ name: 'fee_percent_bps', type: 'integer' })
  feePercentBps: number;

  /** What an agent earns per cash payment to this biller: a flat part, in minor units... */
  @Column({ name: 'agent_commission_flat', type: 'bigint', transformer: minorUnits })
  agentCommissionFlat: number;

  /** ...plus basis points of the amount (100 = 1%). */
  @Column({ name: 'agent_commission_bps', type: 'integer' })
  agentCommissionBps: number;

  @Column({ name: 'min_amount', type: 'bigint', transformer: minorUnits })
  minAmount: number;

  @Column({ name: 'max_amount', type: 'bigint', transformer: minorUnits })
  maxAmount: number;

  /** What the biller calls the account reference ("Meter number"). */
  @Column({ name: 'account_reference_label', type: 'varchar', length: 60 })
  accountReferenceLabel: string;

  /** A regular expression the whole reference must match (anchored by the service). */
  @Column({ name: 'account_reference_pattern', type: 'varchar', length: 200 })
  accountReferencePattern: string;

  @Column({ name: 'amount_rule', type: 'varchar', length: 16 })
  amountRule: AmountRule;

  /** Whether account references are checked with the biller itself, through its connector. */
  @Column({ name: 'validates_directly', type: 'boolean' })
  validatesDirectly: boolean;

  @Column({ name: 'connector_base_url', type: 'varchar', length: 500, nullable: true })
  connectorBaseUrl: string | null;

  /** Names the signing secret in the configuration (BILLER_CONNECTOR_SECRETS, or `simulator`); never the secret. */
  @Column({ name: 'connector_secret_ref', type: 'varchar', length: 40, nullable: true })
  connectorSecretRef: string | null;

  @Column({ name: 'connector_timeout_ms', type: 'integer' })
  connectorTimeoutMs: number;

  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ type: 'boolean' })
  available: boolean;

  /** Successful payments over the last 30 days, recomputed by the worker. */
  @Column({ type: 'integer' })
  popularity: number;

  /** The normalised name (biller-search-text.ts): the name's full-text lexemes and the name sort key. */
  @Column({ name: 'search_name', type: 'text' })
  searchName: string;

  /** The normalised name and aliases: the other lexemes, and the words of the typo vocabulary. */
  @Column({ name: 'search_text', type: 'text' })
  searchText: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
