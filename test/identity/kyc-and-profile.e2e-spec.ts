import { bearer, randomPhoneNumber, signUp, Tokens } from '../factories/customer.factory';
import { expectApiError } from '../support/assertions';
import { FakeClock } from '../support/fake-clock';
import { createIdentityApp, IdentityApp } from './support/identity-kit';

const VALID_KYC = {
  legalName: 'Adaeze  Okafor',
  dateOfBirth: '1994-03-17',
  nationalIdType: 'NIN',
  nationalIdNumber: '12345678901',
  address: { line1: '12 Admiralty Way', line2: 'Lekki Phase 1', city: 'Lagos', state: 'Lagos', country: 'ng' },
};

/** `YYYY-MM-DD` of `years` years before the clock's today. */
function yearsBefore(clock: FakeClock, years: number, dayOffset = 0): string {
  const today = clock.now();
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + dayOffset));
  return date.toISOString().slice(0, 10);
}

describe('Identity: KYC tier 1 and profile', () => {
  const clock = new FakeClock();
  let ctx: IdentityApp;

  beforeAll(async () => {
    ctx = await createIdentityApp({ clock });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const submit = (tokens: Tokens, body: unknown) =>
    ctx.http
      .post('/api/v1/kyc/tier1')
      .set(bearer(tokens.accessToken))
      .send(body as object);

  describe('KYC tier 1', () => {
    it('moves the customer from TIER_0 to TIER_1 and answers the limits it unlocks', async () => {
      const customer = await signUp(ctx.http, randomPhoneNumber());
      const response = await submit(customer, VALID_KYC).expect(200);
      expect(response.body).toEqual({
        tier: 'TIER_1',
        limits: { currency: 'NGN', perPayment: 5_000_000, daily: 20_000_000 },
        limitsByCurrency: [{ currency: 'NGN', perPayment: 5_000_000, daily: 20_000_000 }],
        submissionId: expect.any(String),
        submittedAt: clock.now().toISOString(),
      });
      const [user] = await ctx.db.query(`SELECT kyc_tier FROM users WHERE id = $1`, [customer.user.id]);
      expect(user.kyc_tier).toBe('TIER_1');
      const [row] = await ctx.db.query(
        `SELECT *, date_of_birth::text AS date_of_birth FROM kyc_submissions WHERE id = $1`,
        [response.body.submissionId],
      );
      expect(row).toMatchObject({
        user_id: customer.user.id,
        tier: 'TIER_1',
        legal_name: 'Adaeze Okafor',
        date_of_birth: '1994-03-17',
        national_id_type: 'NIN',
        national_id_number_encrypted: expect.stringMatching(/^v1:/),
        address_line1: '12 Admiralty Way',
        country: 'NG',
        postal_code: null,
      });
      // The national id number is kept encrypted: no column holds it in clear.
      expect(row).not.toHaveProperty('national_id_number');
      expect(JSON.stringify(row)).not.toContain('12345678901');
      const events = await ctx.db.query(`SELECT event_type FROM outbox_events WHERE aggregate_id = $1`, [
        customer.user.id,
      ]);
      expect(events.map((event: { event_type: string }) => event.event_type)).toEqual(
        expect.arrayContaining(['kyc.submitted', 'user.kyc_tier_changed']),
      );
      const profile = await ctx.http.get('/api/v1/profile').set(bearer(customer.accessToken)).expect(200);
      expect(profile.body.kycTier).toBe('TIER_1');
    });

    it('keeps one submission for the same details and records different details as a new one', async () => {
      const customer = await signUp(ctx.http, randomPhoneNumber());
      const first = await submit(customer, VALID_KYC).expect(200);
      const same = await submit(customer, VALID_KYC).expect(200);
      expect(same.body.submissionId).toBe(first.body.submissionId);
      const moved = await submit(customer, {
        ...VALID_KYC,
        address: { ...VALID_KYC.address, line1: '3 Broad Street' },
      }).expect(200);
      expect(moved.body.submissionId).not.toBe(first.body.submissionId);
      expect(moved.body.tier).toBe('TIER_1');
      const movedAgain = await submit(customer, {
        ...VALID_KYC,
        address: { ...VALID_KYC.address, line1: '3 Broad Street' },
      }).expect(200);
      expect(movedAgain.body.submissionId).toBe(moved.body.submissionId);
      // The number is compared in clear, though each submission's ciphertext differs.
      const renumbered = await submit(customer, {
        ...VALID_KYC,
        nationalIdNumber: '10987654321',
        address: { ...VALID_KYC.address, line1: '3 Broad Street' },
      }).expect(200);
      expect(renumbered.body.submissionId).not.toBe(moved.body.submissionId);
      const rows = await ctx.db.query(
        `SELECT address_line1 FROM kyc_submissions WHERE user_id = $1 ORDER BY created_at, id`,
        [customer.user.id],
      );
      expect(rows.map((row: { address_line1: string }) => row.address_line1)).toEqual([
        '12 Admiralty Way',
        '3 Broad Street',
        '3 Broad Street',
      ]);
    });

    it('accepts an adult from their 18th birthday and refuses anyone younger, on the injected clock', async () => {
      const minor = await signUp(ctx.http, randomPhoneNumber());
      const refused = await submit(minor, { ...VALID_KYC, dateOfBirth: yearsBefore(clock, 18, 1) }).expect(400);
      expectApiError(refused.body, 'VALIDATION_FAILED');
      expect(refused.body.details).toEqual([{ field: 'dateOfBirth', message: 'must be of someone 18 or older' }]);
      const [user] = await ctx.db.query(`SELECT kyc_tier FROM users WHERE id = $1`, [minor.user.id]);
      expect(user.kyc_tier).toBe('TIER_0');
      expect(await ctx.db.query(`SELECT 1 FROM kyc_submissions WHERE user_id = $1`, [minor.user.id])).toHaveLength(0);

      await submit(minor, { ...VALID_KYC, dateOfBirth: yearsBefore(clock, 18) }).expect(200);
    });

    it('refuses malformed details with 400 naming each field', async () => {
      const customer = await signUp(ctx.http, randomPhoneNumber());
      const cases: [Record<string, unknown>, string][] = [
        [{ ...VALID_KYC, dateOfBirth: '2001-02-30' }, 'dateOfBirth'],
        [{ ...VALID_KYC, dateOfBirth: '17/03/1994' }, 'dateOfBirth'],
        [{ ...VALID_KYC, dateOfBirth: yearsBefore(clock, -1) }, 'dateOfBirth'],
        [{ ...VALID_KYC, nationalIdNumber: '1234567890' }, 'nationalIdNumber'],
        [{ ...VALID_KYC, nationalIdType: 'LIBRARY_CARD' }, 'nationalIdType'],
        [{ ...VALID_KYC, legalName: 'x'.repeat(201) }, 'legalName'],
        [{ ...VALID_KYC, legalName: 'R2-D2' }, 'legalName'],
        [{ ...VALID_KYC, address: { ...VALID_KYC.address, country: 'Nigeria' } }, 'address.country'],
        [{ ...VALID_KYC, address: { ...VALID_KYC.address, planet: 'Earth' } }, 'address.planet'],
        [{ ...VALID_KYC, address: undefined }, 'address'],
        [{ ...VALID_KYC, tier: 'TIER_2' }, 'tier'],
      ];
      for (const [body, field] of cases) {
        const response = await submit(customer, body).expect(400);
        expectApiError(response.body, 'VALIDATION_FAILED');
        expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      }
      await ctx.http.post('/api/v1/kyc/tier1').send(VALID_KYC).expect(401);
    });
  });

  describe('profile', () => {
    it('reads the profile and updates display name, e-mail and language', async () => {
      const phone = randomPhoneNumber();
      const customer = await signUp(ctx.http, phone);
      const initial = await ctx.http.get('/api/v1/profile').set(bearer(customer.accessToken)).expect(200);
      expect(initial.body).toMatchObject({
        phone,
        displayName: null,
        email: null,
        emailVerified: false,
        language: 'en',
        pinSet: true,
      });

      const updated = await ctx.http
        .patch('/api/v1/profile')
        .set(bearer(customer.accessToken))
        .send({ displayName: 'Ada', email: 'Ada@Example.com', language: 'yo' })
        .expect(200);
      expect(updated.body).toMatchObject({
        displayName: 'Ada',
        email: 'ada@example.com',
        emailVerified: false,
        language: 'yo',
      });
      const [row] = await ctx.db.query(`SELECT display_name, email, language FROM users WHERE id = $1`, [
        customer.user.id,
      ]);
      expect(row).toEqual({ display_name: 'Ada', email: 'ada@example.com', language: 'yo' });
      const again = await ctx.http.get('/api/v1/profile').set(bearer(customer.accessToken)).expect(200);
      expect(again.body).toEqual(updated.body);
    });

    it('marks a changed e-mail unverified and keeps an unchanged one verified', async () => {
      const customer = await signUp(ctx.http, randomPhoneNumber());
      const patch = (body: object) => ctx.http.patch('/api/v1/profile').set(bearer(customer.accessToken)).send(body);
      await patch({ email: 'first@example.com' }).expect(200);
      await ctx.db.query(`UPDATE users SET email_verified = true WHERE id = $1`, [customer.user.id]);

      expect((await patch({ email: 'FIRST@example.com', displayName: 'Ada' }).expect(200)).body.emailVerified).toBe(
        true,
      );
      const changed = await patch({ email: 'second@example.com' }).expect(200);
      expect(changed.body).toMatchObject({ email: 'second@example.com', emailVerified: false });
      const [row] = await ctx.db.query(`SELECT email_verified FROM users WHERE id = $1`, [customer.user.id]);
      expect(row.email_verified).toBe(false);
      const events = await ctx.db.query(
        `SELECT payload FROM outbox_events WHERE event_type = 'user.email_changed' AND aggregate_id = $1 ORDER BY id`,
        [customer.user.id],
      );
      expect(events.map((event: { payload: { email: string } }) => event.payload.email)).toEqual([
        'first@example.com',
        'second@example.com',
      ]);
      expect((await patch({ email: null, displayName: null }).expect(200)).body).toMatchObject({
        email: null,
        displayName: null,
      });
    });

    it('refuses bad values and fields a customer may not change', async () => {
      const customer = await signUp(ctx.http, randomPhoneNumber());
      const patch = (body: object) => ctx.http.patch('/api/v1/profile').set(bearer(customer.accessToken)).send(body);
      for (const [body, field] of [
        [{ email: 'not-an-email' }, 'email'],
        [{ language: 'de' }, 'language'],
        [{ language: null }, 'language'],
        [{ displayName: '' }, 'displayName'],
        [{ displayName: 'x'.repeat(61) }, 'displayName'],
        [{ role: 'ADMIN' }, 'role'],
        [{ kycTier: 'TIER_1' }, 'kycTier'],
      ] as const) {
        const response = await patch(body).expect(400);
        expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      }
      const [row] = await ctx.db.query(`SELECT role, kyc_tier, language FROM users WHERE id = $1`, [customer.user.id]);
      expect(row).toEqual({ role: 'CUSTOMER', kyc_tier: 'TIER_0', language: 'en' });
      await ctx.http.get('/api/v1/profile').expect(401);
      await ctx.http.patch('/api/v1/profile').send({ displayName: 'x' }).expect(401);
    });
  });
});
