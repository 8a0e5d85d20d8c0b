import { addDays } from '../../src/modules/schedules/schedule-calendar';
import type { SignedInUser } from '../factories/customer.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { createSavedAccount } from '../factories/saved-account.factory';
import { businessToday, CURRENT_CONSENT_VERSION } from '../factories/schedule.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createSchedulesApp, SchedulesApp } from './support/schedules-kit';

/** The schedule routes: create with consent and the biller's rules, read, change, pause, resume, cancel. */
describe('schedules', () => {
  let kit: SchedulesApp;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  const today = businessToday();
  const fresh = () => ({ version: CURRENT_CONSENT_VERSION, acceptedAt: new Date().toISOString() });

  beforeAll(async () => {
    kit = await createSchedulesApp();
    [owner, stranger] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  it('creates a monthly fixed-amount schedule (201), storing the funding account encrypted and showing it masked', async () => {
    const response = await kit.schedule(owner, { dayOfMonth: 31, startDate: today }).expect(201);
    expect(response.body).toMatchObject({
      status: 'ACTIVE',
      billerId: kit.biller.id,
      billerSlug: kit.biller.slug,
      accountReference: GOOD_REFERENCE,
      mode: 'FIXED',
      amount: 100_000,
      maximumAmount: null,
      currency: 'NGN',
      rail: 'CARD',
      fundingAccount: '************4242',
      frequency: 'MONTHLY',
      dayOfMonth: 31,
      dayOfWeek: null,
      startDate: today,
      endDate: null,
      timeZone: 'Africa/Lagos',
      consent: { version: CURRENT_CONSENT_VERSION },
    });
    // Day 31 is the month's last day.
    const [year, month] = today.split('-').map(Number);
    const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    expect(response.body.nextRunOn).toBe(lastDay);
    const [row] = await kit.db.query(
      `SELECT funding_account_encrypted, funding_account_masked FROM schedules WHERE id = $1`,
      [response.body.id],
    );
    expect(row.funding_account_encrypted).not.toContain('4242424242424242');
    expect(row.funding_account_encrypted).toMatch(/^v1:/);
    expect(JSON.stringify(response.body)).not.toContain('4242424242424242');
  });

  it('creates weekly, once and bills-mode schedules, and by saved account', async () => {
    const weekly = await kit.schedule(owner, { frequency: 'WEEKLY', dayOfWeek: 3, dayOfMonth: undefined }).expect(201);
    expect(weekly.body).toMatchObject({ frequency: 'WEEKLY', dayOfWeek: 3 });
    const once = await kit
      .schedule(owner, { frequency: 'ONCE', dayOfMonth: undefined, startDate: addDays(today, 3) })
      .expect(201);
    expect(once.body.nextRunOn).toBe(addDays(today, 3));
    const bills = await kit.schedule(owner, { mode: 'BILLS', amount: undefined, maximumAmount: 2_000_000 }).expect(201);
    expect(bills.body).toMatchObject({ mode: 'BILLS', amount: null, maximumAmount: 2_000_000 });
    const saved = await createSavedAccount(kit, owner, { billerId: kit.biller.id, accountReference: '45010009876' });
    const bySaved = await kit.schedule(owner, { accountReference: undefined, savedAccountId: saved.id }).expect(201);
    expect(bySaved.body).toMatchObject({ savedAccountId: saved.id, accountReference: '45010009876' });
  });

  it('answers 422 CONSENT_MISSING or CONSENT_STALE naming the current version', async () => {
    const missing = await kit.schedule(owner, { consent: undefined }).expect(422);
    expectCataloguedApiError(missing.body, 'CONSENT_MISSING');
    expect(missing.body.details).toContainEqual({ field: 'consent.version', message: CURRENT_CONSENT_VERSION });
    const stale = await kit.schedule(owner, { consent: { version: '2025-06', acceptedAt: new Date().toISOString() } });
    expect(stale.status).toBe(422);
    expectCataloguedApiError(stale.body, 'CONSENT_STALE');
    expect(stale.body.details).toContainEqual({ field: 'consent.version', message: CURRENT_CONSENT_VERSION });
  });

  it.each([
    ['currency', { currency: 'USD' }],
    ['accountReference', { accountReference: '12AB' }],
    ['startDate', { startDate: addDays(today, -1) }],
    ['startDate', { startDate: '2026-02-30' }],
    ['endDate', { endDate: today }],
    ['dayOfWeek', { frequency: 'WEEKLY', dayOfMonth: undefined }],
    ['dayOfMonth', { dayOfMonth: undefined }],
    ['dayOfMonth', { dayOfMonth: 32 }],
    ['amount', { amount: undefined }],
    ['maximumAmount', { mode: 'BILLS', amount: undefined }],
    ['amount', { amount: 10.5 }],
    ['frequency', { frequency: 'DAILY' }],
    ['consent.acceptedAt', { consent: { version: CURRENT_CONSENT_VERSION, acceptedAt: 'yesterday' } }],
    ['accountReference', { savedAccountId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a04' }],
    ['surprise', { surprise: true }],
    ['fundingAccount', { rail: 'CARD', fundingAccount: 'null' }],
    ['fundingAccount', { rail: 'CARD', fundingAccount: '0000000000000000' }],
    ['fundingAccount', { rail: 'BANK_TRANSFER', fundingAccount: '4242' }],
  ])('refuses a bad %s with 400 VALIDATION_FAILED naming it', async (field, overrides) => {
    const response = await kit.schedule(owner, overrides);
    expect(response.status).toBe(400);
    expectCataloguedApiError(response.body, 'VALIDATION_FAILED');
    expect(JSON.stringify(response.body.details)).toContain(field);
  });

  it('answers 422 RAIL_UNAVAILABLE for a rail the biller does not take, 404 for an unknown biller', async () => {
    const rail = await kit.schedule(owner, { rail: 'WALLET', fundingAccount: 'wallet-1234' }).expect(422);
    expectCataloguedApiError(rail.body, 'RAIL_UNAVAILABLE');
    const unknown = await kit.schedule(owner, { biller: 'no-such-biller-at-all' }).expect(404);
    expectCataloguedApiError(unknown.body, 'NOT_FOUND');
  });

  it("lists the caller's schedules as an array, and hides them from another customer (404)", async () => {
    const mine = await kit.schedule(owner).expect(201);
    const list = await kit.http.get('/api/v1/schedules').set(owner.headers).expect(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((entry: { id: string }) => entry.id)).toContain(mine.body.id);
    const theirs = await kit.http.get('/api/v1/schedules').set(stranger.headers).expect(200);
    expect(theirs.body.map((entry: { id: string }) => entry.id)).not.toContain(mine.body.id);

    await kit.http.get(`/api/v1/schedules/${mine.body.id}`).set(owner.headers).expect(200);
    const id = mine.body.id as string;
    for (const call of [
      kit.http.get(`/api/v1/schedules/${id}`),
      kit.http.get(`/api/v1/schedules/${id}/runs`),
      kit.http.patch(`/api/v1/schedules/${id}`).send({ status: 'PAUSED' }),
      kit.http.delete(`/api/v1/schedules/${id}`),
    ]) {
      const response = await call.set(stranger.headers);
      expect(response.status).toBe(404);
      expectCataloguedApiError(response.body, 'NOT_FOUND');
    }
    const after = await kit.http.get(`/api/v1/schedules/${id}`).set(owner.headers).expect(200);
    expect(after.body.status).toBe('ACTIVE');
    await kit.http.get('/api/v1/schedules/not-a-uuid').set(owner.headers).expect(400);
    await kit.http.get('/api/v1/schedules').expect(401);
  });

  it('changes the amount, frequency and end date; raising the amount needs fresh consent', async () => {
    const created = await kit.schedule(owner, { amount: 50_000 }).expect(201);
    const id = created.body.id as string;
    const lower = await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ amount: 40_000 })
      .expect(200);
    expect(lower.body.amount).toBe(40_000);
    const raised = await kit.http.patch(`/api/v1/schedules/${id}`).set(owner.headers).send({ amount: 90_000 });
    expect(raised.status).toBe(422);
    expectCataloguedApiError(raised.body, 'CONSENT_MISSING');
    const stale = await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ amount: 90_000, consent: { version: '2020-01', acceptedAt: new Date().toISOString() } });
    expectCataloguedApiError(stale.body, 'CONSENT_STALE');
    const consented = await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ amount: 90_000, consent: fresh() })
      .expect(200);
    expect(consented.body.amount).toBe(90_000);

    const endDate = addDays(today, 120);
    const weekly = await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ frequency: 'WEEKLY', dayOfWeek: 5, endDate })
      .expect(200);
    expect(weekly.body).toMatchObject({ frequency: 'WEEKLY', dayOfWeek: 5, dayOfMonth: null, endDate });
    expect(weekly.body.nextRunOn >= today).toBe(true);
    const noDay = await kit.http.patch(`/api/v1/schedules/${id}`).set(owner.headers).send({ frequency: 'MONTHLY' });
    expect(noDay.status).toBe(400);
    const cleared = await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ endDate: null })
      .expect(200);
    expect(cleared.body.endDate).toBeNull();
    const maximum = await kit.http.patch(`/api/v1/schedules/${id}`).set(owner.headers).send({ maximumAmount: 5 });
    expect(maximum.status).toBe(400);
  });

  it('raising a bills-mode maximum needs fresh consent too', async () => {
    const created = await kit.schedule(owner, { mode: 'BILLS', amount: undefined, maximumAmount: 100_000 }).expect(201);
    const id = created.body.id as string;
    const raised = await kit.http.patch(`/api/v1/schedules/${id}`).set(owner.headers).send({ maximumAmount: 200_000 });
    expectCataloguedApiError(raised.body, 'CONSENT_MISSING');
    await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ maximumAmount: 200_000, consent: fresh() })
      .expect(200);
  });

  it('pauses and resumes', async () => {
    const created = await kit.schedule(owner).expect(201);
    const id = created.body.id as string;
    const paused = await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ status: 'PAUSED' })
      .expect(200);
    expect(paused.body).toMatchObject({ status: 'PAUSED', nextRunOn: null });
    const resumed = await kit.http
      .patch(`/api/v1/schedules/${id}`)
      .set(owner.headers)
      .send({ status: 'ACTIVE' })
      .expect(200);
    expect(resumed.body.status).toBe('ACTIVE');
    expect(resumed.body.nextRunOn).toEqual(expect.any(String));
  });

  it('cancels with 204, keeps the history readable, answers PATCH with 409 SCHEDULE_CANCELLED and DELETE again with 204', async () => {
    const created = await kit.schedule(owner).expect(201);
    const id = created.body.id as string;
    await kit.http.delete(`/api/v1/schedules/${id}`).set(owner.headers).expect(204);
    const read = await kit.http.get(`/api/v1/schedules/${id}`).set(owner.headers).expect(200);
    expect(read.body).toMatchObject({ status: 'CANCELLED', nextRunOn: null, cancelledAt: expect.any(String) });
    const runs = await kit.http.get(`/api/v1/schedules/${id}/runs`).set(owner.headers).expect(200);
    expect(runs.body).toEqual([]);
    const patched = await kit.http.patch(`/api/v1/schedules/${id}`).set(owner.headers).send({ status: 'ACTIVE' });
    expect(patched.status).toBe(409);
    expectCataloguedApiError(patched.body, 'SCHEDULE_CANCELLED');
    await kit.http.delete(`/api/v1/schedules/${id}`).set(owner.headers).expect(204);
  });

  it('answers 409 SCHEDULE_COMPLETED when a completed schedule is resumed', async () => {
    const created = await kit.schedule(owner, { frequency: 'ONCE', dayOfMonth: undefined }).expect(201);
    await kit.db.query(`UPDATE schedules SET status = 'COMPLETED', next_run_on = NULL WHERE id = $1`, [
      created.body.id,
    ]);
    const resumed = await kit.http
      .patch(`/api/v1/schedules/${created.body.id}`)
      .set(owner.headers)
      .send({ status: 'ACTIVE' });
    expect(resumed.status).toBe(409);
    expectCataloguedApiError(resumed.body, 'SCHEDULE_COMPLETED');
  });
});
