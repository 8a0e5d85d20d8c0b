import { DataSource } from 'typeorm';
import { newId } from '../../../src/platform/database/new-id';
import { localDate, startOfDay } from '../../../src/platform/clock/calendar-dates';
import { createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { adminOf, createStaffUser } from '../../factories/staff-user.factory';
import type { Caller } from '../../support/app-target';
import { FakeClock } from '../../support/fake-clock';
import { createIsolatedDatabase, IsolatedDatabase } from '../../support/isolated-database';
import { createTestHarness, TestHarness } from '../../support/test-harness';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface MetricsKit extends TestHarness {
  database: IsolatedDatabase;
  clock: FakeClock;
  /** The clock's (frozen) now: noon of a business day, so the last hour and today never straddle midnight. */
  now: Date;
  /** now minus `ms`. */
  ago(ms: number): Date;
  biller: { id: string; name: string; slug: string };
  admin: Caller;
  customer: SignedInUser;
  support: SignedInUser;
  compliance: SignedInUser;
  close(): Promise<void>;
}

/**
 * The app on a database of its own (the metrics read every row of their window) with its own
 * Redis keys (queue depths), its clock frozen at the latest past noon in the business time zone.
 */
export async function createMetricsKit(): Promise<MetricsKit> {
  const database = await createIsolatedDatabase();
  const clock = new FakeClock();
  const zone = process.env.SCHEDULE_TIME_ZONE ?? 'Africa/Lagos';
  const real = clock.now();
  let noon = startOfDay(localDate(real, zone), zone).getTime() + 12 * HOUR;
  if (noon > real.getTime()) noon -= DAY;
  clock.advance(noon - real.getTime());
  const harness = await createTestHarness({
    config: { DATABASE_URL: database.url },
    redisNamespace: 'metrics',
    clock,
  });
  try {
    if (harness.config.SCHEDULE_TIME_ZONE !== zone) throw new Error('the kit assumes the run environment time zone');
    const now = clock.now();
    const target = { app: harness.app, prefix: harness.prefix };
    const admin = await adminOf(target);
    // No posting happens here: the connector points at a closed port.
    const biller = await createBiller({ ...target, admin }, { connectorBaseUrl: 'http://127.0.0.1:9' });
    return {
      ...harness,
      database,
      clock,
      now,
      ago: (ms) => new Date(now.getTime() - ms),
      biller: { id: biller.id as string, name: biller.name as string, slug: biller.slug as string },
      admin,
      customer: await createCustomer(target),
      support: await createStaffUser(target, 'SUPPORT'),
      compliance: await createStaffUser(target, 'COMPLIANCE'),
      close: async () => {
        await harness.close();
        await database.drop();
      },
    };
  } catch (error) {
    await harness.close();
    await database.drop();
    throw error;
  }
}

let phoneCounter = 0;

/** A unique E.164 number for a hand-made row. */
export function handMadePhone(): string {
  phoneCounter += 1;
  return `+1555${String(phoneCounter).padStart(7, '0')}`;
}

export interface UserRow {
  createdAt: Date;
  pin?: boolean;
  kycTier1?: boolean;
  role?: 'CUSTOMER' | 'ADMIN' | 'SUPPORT';
  phone?: string;
}

/** A user row as registration, PIN setup and KYC would have left it, created at a chosen time. */
export async function insertUser(db: DataSource, row: UserRow): Promise<{ id: string; phone: string }> {
  const id = newId();
  const phone = row.phone ?? handMadePhone();
  await db.query(
    `INSERT INTO users (id, phone, role, kyc_tier, pin_hash, pin_set_at, phone_verified_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7)`,
    [
      id,
      phone,
      row.role ?? 'CUSTOMER',
      row.kycTier1 ? 'TIER_1' : 'TIER_0',
      row.pin ? '$2b$04$notarealhashnotarealhashnotarealhashnotarealhash12' : null,
      row.pin ? row.createdAt : null,
      row.createdAt,
    ],
  );
  return { id, phone };
}

/** A pending registration: an OTP asked for and never verified. */
export async function insertOtpChallenge(db: DataSource, phone: string, createdAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO otp_challenges (phone, code_hash, attempts, expires_at, created_at) VALUES ($1, $2, 0, $3, $4)`,
    [phone, 'c'.repeat(64), new Date(createdAt.getTime() + 5 * MINUTE), createdAt],
  );
}

export interface PaymentRow {
  customerId: string;
  biller: { id: string; name: string; slug: string };
  amount: number;
  currency?: string;
  status: 'AUTHORIZING' | 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';
  createdAt: Date;
}

/** A bare payment row created at a chosen time (read-only specs: no ledger entry). */
export async function insertPaymentAt(db: DataSource, row: PaymentRow): Promise<string> {
  const id = newId();
  await db.query(
    `INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
                           account_reference, amount, fee, currency, rail, funding_account_masked, status,
                           created_at, updated_at)
     VALUES ($1, $2, $2, $3, $4, $5, $6, $7, '45010001234', $8, 0, $9, 'CARD', 'Visa ****4242', $10, $11, $11)`,
    [
      id,
      row.customerId,
      `key-${id}`,
      'a'.repeat(64),
      row.biller.id,
      row.biller.name,
      row.biller.slug,
      row.amount,
      row.currency ?? 'NGN',
      row.status,
      row.createdAt,
    ],
  );
  return id;
}

/** A closed posting cycle (CONFIRMED or FAILED) that closed at a chosen time. */
export async function insertClosedPostingAttempt(
  db: DataSource,
  paymentId: string,
  status: 'CONFIRMED' | 'FAILED',
  completedAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, created_at, updated_at, completed_at)
     VALUES ($1, $2, 1, $3, 1, $4, $4, $4, $4)`,
    [newId(), paymentId, status, completedAt],
  );
}

/** A PENDING outbox row written at a chosen time. */
export async function insertPendingOutboxEvent(db: DataSource, createdAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO outbox_events (id, event_type, aggregate_type, aggregate_id, payload, status, next_attempt_at, created_at)
     VALUES ($1, 'test.metrics.lag', 'probe', 'lag', '{}', 'PENDING', $2, $2)`,
    [newId(), createdAt],
  );
}

/**
 * History older than every window the metrics and the funnel are asked about: `count` users,
 * pending registrations, payments and closed posting cycles, then ANALYZE, so the planner
 * sees tables that have grown and plans as it would in production.
 */
export async function seedHistory(db: DataSource, before: Date, count: number): Promise<void> {
  await db.query(
    `INSERT INTO users (id, phone, role, kyc_tier, phone_verified_at, created_at, updated_at)
     SELECT gen_random_uuid(), '+1999' || lpad(i::text, 9, '0'), 'CUSTOMER', 'TIER_0', t, t, t
       FROM generate_series(1, $2::int) AS i, LATERAL (SELECT $1::timestamptz - i * interval '1 minute' AS t) AS at`,
    [before, count],
  );
  await db.query(
    `INSERT INTO otp_challenges (phone, code_hash, attempts, expires_at, created_at)
     SELECT '+1888' || lpad(i::text, 9, '0'), repeat('d', 64), 0, t + interval '5 minutes', t
       FROM generate_series(1, $2::int) AS i, LATERAL (SELECT $1::timestamptz - i * interval '1 minute' AS t) AS at`,
    [before, count],
  );
  await db.query(
    `INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
                           account_reference, amount, fee, currency, rail, funding_account_masked, status,
                           created_at, updated_at)
     SELECT gen_random_uuid(), u.id, u.id, 'history-' || u.phone, repeat('a', 64), b.id, b.name, b.slug,
            '45010001234', 1000, 0, 'NGN', 'CARD', 'Visa ****4242', 'SUCCEEDED', u.created_at, u.created_at
       FROM users u CROSS JOIN (SELECT id, name, slug FROM billers LIMIT 1) b
      WHERE u.phone LIKE '+1999%'`,
  );
  await db.query(
    `INSERT INTO posting_attempts (id, payment_id, cycle, status, tries, next_attempt_at, created_at, updated_at, completed_at)
     SELECT gen_random_uuid(), p.id, 1, 'CONFIRMED', 1, p.created_at, p.created_at, p.created_at,
            p.created_at + interval '1 minute'
       FROM payments p WHERE p.idempotency_key LIKE 'history-%'`,
  );
  await db.query(`ANALYZE users, otp_challenges, payments, posting_attempts`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of `EXPLAIN (FORMAT JSON)`'s plan for `sql` run with `params`. */
export async function planNodes(db: DataSource, sql: string, params: unknown[]): Promise<PlanNode[]> {
  const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(row['QUERY PLAN'][0].Plan);
  return nodes;
}
