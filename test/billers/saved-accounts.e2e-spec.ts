import { createBiller, createBillerCategory } from '../factories/biller.factory';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { insertSavedAccounts } from '../factories/saved-account.factory';
import { expectApiError } from '../support/assertions';
import { BillersApp, createBillersApp } from './support/billers-kit';

describe('saved biller accounts (/saved-accounts)', () => {
  let kit: BillersApp;
  let other: SignedInUser;
  let meter: { id: string; slug: string };
  let tv: { id: string; slug: string };

  beforeAll(async () => {
    kit = await createBillersApp();
    other = await createCustomer(kit);
    const category = await createBillerCategory(kit, { slug: `${kit.prefix}-utilities` });
    meter = await createBiller(kit, { categoryId: category.id, slug: `${kit.prefix}-meter`, name: 'Meter Co' });
    tv = await createBiller(kit, {
      categoryId: category.id,
      slug: `${kit.prefix}-tv`,
      name: 'TV Co',
      accountReferenceLabel: 'Smartcard number',
      accountReferencePattern: '\\d{10}',
    });
  }, 60_000);

  afterAll(() => kit?.close());

  const list = (user: SignedInUser) => kit.http.get('/api/v1/saved-accounts').set(user.headers);
  const save = (user: SignedInUser, body: Record<string, unknown>) =>
    kit.http.post('/api/v1/saved-accounts').set(user.headers).send(body);
  const rowsOf = (userId: string) =>
    kit.db.query(
      `SELECT biller_id, account_reference, nickname FROM saved_biller_accounts WHERE customer_user_id = $1 ORDER BY created_at`,
      [userId],
    );

  it('saves (204), lists with the biller, renames (204) and deletes (204) an account', async () => {
    const customer = await createCustomer(kit);
    const saved = await save(customer, {
      billerId: meter.id,
      accountReference: '45010001234',
      nickname: 'Home',
    }).expect(204);
    expect(saved.body).toEqual({});
    await save(customer, { billerId: tv.id, accountReference: '7012345678' }).expect(204);

    const listed = await list(customer).expect(200);
    expect(listed.body).toEqual([
      {
        id: expect.any(String),
        billerId: tv.id,
        billerSlug: tv.slug,
        billerName: 'TV Co',
        billerLogoUrl: `https://cdn.example.com/billers/${tv.slug}.png`,
        billerActive: true,
        billerAvailable: true,
        categorySlug: `${kit.prefix}-utilities`,
        accountReferenceLabel: 'Smartcard number',
        accountReference: '7012345678',
        nickname: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      expect.objectContaining({ billerId: meter.id, accountReference: '45010001234', nickname: 'Home' }),
    ]);
    expect(await rowsOf(customer.userId)).toEqual([
      { biller_id: meter.id, account_reference: '45010001234', nickname: 'Home' },
      { biller_id: tv.id, account_reference: '7012345678', nickname: null },
    ]);

    const tvAccount = listed.body[0] as { id: string };
    await kit.http
      .patch(`/api/v1/saved-accounts/${tvAccount.id}`)
      .set(customer.headers)
      .send({ nickname: '  Living room  ' })
      .expect(204);
    expect((await list(customer).expect(200)).body[0]).toMatchObject({ id: tvAccount.id, nickname: 'Living room' });
    await kit.http
      .patch(`/api/v1/saved-accounts/${tvAccount.id}`)
      .set(customer.headers)
      .send({ nickname: null })
      .expect(204);
    expect((await list(customer).expect(200)).body[0]).toMatchObject({ id: tvAccount.id, nickname: null });

    await kit.http.delete(`/api/v1/saved-accounts/${tvAccount.id}`).set(customer.headers).expect(204);
    expect((await list(customer).expect(200)).body.map((account: { billerId: string }) => account.billerId)).toEqual([
      meter.id,
    ]);
    expectApiError(
      (await kit.http.delete(`/api/v1/saved-accounts/${tvAccount.id}`).set(customer.headers).expect(404)).body,
      'NOT_FOUND',
    );
  });

  it('refuses the same biller and reference twice for one customer (409), but not for another', async () => {
    const customer = await createCustomer(kit);
    await save(customer, { billerId: meter.id, accountReference: '45010005555' }).expect(204);
    const duplicate = await save(customer, {
      billerId: meter.id,
      accountReference: '45010005555',
      nickname: 'Again',
    }).expect(409);
    expectApiError(duplicate.body, 'CONFLICT');
    await save(other, { billerId: meter.id, accountReference: '45010005555' }).expect(204);
    await save(customer, { billerId: tv.id, accountReference: '4501000555' }).expect(204);
    expect(await rowsOf(customer.userId)).toHaveLength(2);
  });

  it('keeps at most 100 saved accounts per customer (409 beyond)', async () => {
    const customer = await createCustomer(kit);
    await insertSavedAccounts(kit, { customerId: customer.userId, billerId: meter.id, count: 99 });
    await save(customer, { billerId: tv.id, accountReference: '7000000100' }).expect(204);
    const full = await save(customer, { billerId: tv.id, accountReference: '7000000101' }).expect(409);
    expect(full.body.details).toEqual([{ field: 'savedAccounts', message: 'at most 100' }]);
    expect((await list(customer).expect(200)).body).toHaveLength(100);
  });

  it("answers 404 for another customer's saved account, and changes nothing", async () => {
    const owner = await createCustomer(kit);
    await save(owner, { billerId: meter.id, accountReference: '45010006666', nickname: 'Mine' }).expect(204);
    const [{ id }] = (await list(owner).expect(200)).body as { id: string }[];

    expectApiError(
      (await kit.http.patch(`/api/v1/saved-accounts/${id}`).set(other.headers).send({ nickname: 'Stolen' }).expect(404))
        .body,
      'NOT_FOUND',
    );
    expectApiError(
      (await kit.http.delete(`/api/v1/saved-accounts/${id}`).set(other.headers).expect(404)).body,
      'NOT_FOUND',
    );
    expect((await list(other).expect(200)).body.map((account: { id: string }) => account.id)).not.toContain(id);
    expect(await rowsOf(owner.userId)).toEqual([
      { biller_id: meter.id, account_reference: '45010006666', nickname: 'Mine' },
    ]);
    await kit.http
      .patch('/api/v1/saved-accounts/0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01')
      .set(owner.headers)
      .send({ nickname: 'x' })
      .expect(404);
  });

  it("checks the reference against the biller's pattern and the biller against the directory", async () => {
    const customer = await createCustomer(kit);
    const mismatch = await save(customer, { billerId: meter.id, accountReference: '12345' }).expect(400);
    expect(mismatch.body.details).toEqual([{ field: 'accountReference', message: 'is not a valid Meter number' }]);
    expectApiError(
      (
        await save(customer, {
          billerId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
          accountReference: '45010001234',
        }).expect(404)
      ).body,
      'NOT_FOUND',
    );
    const retired = await createBiller(kit, {
      categoryId: (await createBillerCategory(kit, { slug: `${kit.prefix}-old` })).id,
      slug: `${kit.prefix}-retired`,
    });
    await kit.http.delete(`/api/v1/admin/billers/${retired.id}`).set(kit.admin.headers).expect(204);
    await save(customer, { billerId: retired.id, accountReference: '45010001234' }).expect(404);
    expect(await rowsOf(customer.userId)).toEqual([]);
  });

  it('validates bodies and ids strictly', async () => {
    const customer = await createCustomer(kit);
    const bads: Record<string, unknown>[] = [
      {},
      { billerId: 'not-a-uuid', accountReference: '45010001234' },
      { billerId: meter.id },
      { billerId: meter.id, accountReference: '45010001234', nickname: 'x'.repeat(61) },
      { billerId: meter.id, accountReference: '45010001234', nickname: '' },
      { billerId: meter.id, accountReference: '45010001234', owner: other.userId },
      { billerId: meter.id, accountReference: 45010001234 },
    ];
    for (const body of bads) expectApiError((await save(customer, body).expect(400)).body, 'VALIDATION_FAILED');
    await kit.http.patch('/api/v1/saved-accounts/not-a-uuid').set(customer.headers).send({ nickname: 'x' }).expect(400);
    await kit.http.delete('/api/v1/saved-accounts/12345').set(customer.headers).expect(400);
    await save(customer, { billerId: meter.id, accountReference: '45010008888' }).expect(204);
    const [{ id }] = (await list(customer).expect(200)).body as { id: string }[];
    for (const body of [{}, { nickname: 5 }, { nickname: '' }, { nickname: 'ok', extra: true }]) {
      await kit.http.patch(`/api/v1/saved-accounts/${id}`).set(customer.headers).send(body).expect(400);
    }
    expect(await rowsOf(customer.userId)).toEqual([
      { biller_id: meter.id, account_reference: '45010008888', nickname: null },
    ]);
  });

  it('needs a signed-in user (401) on every route', async () => {
    const id = '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01';
    await kit.http.get('/api/v1/saved-accounts').expect(401);
    await kit.http
      .post('/api/v1/saved-accounts')
      .send({ billerId: meter.id, accountReference: '45010001234' })
      .expect(401);
    await kit.http.patch(`/api/v1/saved-accounts/${id}`).send({ nickname: 'x' }).expect(401);
    await kit.http.delete(`/api/v1/saved-accounts/${id}`).expect(401);
  });
});
