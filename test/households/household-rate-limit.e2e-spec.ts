import { randomPhoneNumber } from '../factories/customer.factory';
import { createHousehold, postHouseholdMember } from '../factories/household.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createHouseholdsApp, HouseholdsApp } from './support/households-kit';

/** Member additions are limited per caller, found or not, so the route cannot enumerate phone numbers. */
describe('households: the member-add rate limit', () => {
  let kit: HouseholdsApp;

  beforeAll(async () => {
    kit = await createHouseholdsApp({ HOUSEHOLD_MEMBER_ADDS_PER_HOUR: '3' });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  it('counts every add of the caller (X-RateLimit-*), then answers 429 RATE_LIMITED with Retry-After', async () => {
    const [owner, member, otherOwner] = await Promise.all([kit.newCustomer(), kit.newCustomer(), kit.newCustomer()]);
    const household = await createHousehold(kit, owner);
    const remaining: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // Unknown numbers count as much as known ones.
      const response = await postHouseholdMember(kit, household.id, owner, {
        phone: randomPhoneNumber(),
        role: 'MEMBER',
      }).expect(404);
      expectCataloguedApiError(response.body, 'CUSTOMER_NOT_FOUND');
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      remaining.push(response.headers['x-ratelimit-remaining'] as string);
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const limited = await postHouseholdMember(kit, household.id, owner, { phone: member.phone, role: 'MEMBER' }).expect(
      429,
    );
    expectCataloguedApiError(limited.body, 'RATE_LIMITED');
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const rows = await kit.db.query(`SELECT user_id FROM household_members WHERE household_id = $1`, [household.id]);
    expect(rows).toEqual([{ user_id: owner.userId }]);

    // The counter is the caller's: another customer adds the same phone.
    const elsewhere = await createHousehold(kit, otherOwner);
    const added = await postHouseholdMember(kit, elsewhere.id, otherOwner, {
      phone: member.phone,
      role: 'MEMBER',
    }).expect(201);
    expect(added.headers['x-ratelimit-remaining']).toBe('2');
  });

  it("authenticates before counting: no token is 401 and uses nobody's allowance", async () => {
    const owner = await kit.newCustomer();
    const household = await createHousehold(kit, owner);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await kit.http
        .post(`/api/v1/households/${household.id}/members`)
        .send({ phone: randomPhoneNumber(), role: 'MEMBER' })
        .expect(401);
    }
    const first = await postHouseholdMember(kit, household.id, owner, { phone: randomPhoneNumber(), role: 'MEMBER' });
    expect(first.status).toBe(404);
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
  });
});
