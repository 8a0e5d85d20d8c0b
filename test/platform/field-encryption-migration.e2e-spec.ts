import { EncryptNationalIdsAndSettlementAccounts1795878000000 as EncryptMigration } from '../../migrations/1795878000000-encrypt-national-ids-and-settlement-accounts';
import { nubanFor } from '../../src/modules/merchants/onboarding/nuban';
import { bearer, randomPhoneNumber, signUp } from '../factories/customer.factory';
import { registerMerchant } from '../factories/merchant.factory';
import { adminOf } from '../factories/staff-user.factory';
import type { Caller } from '../support/app-target';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestHarness, TestHarness } from '../support/test-harness';

const KYC = {
  legalName: 'Adaeze Okafor',
  dateOfBirth: '1994-03-17',
  nationalIdType: 'NIN',
  nationalIdNumber: '24681357900',
  address: { line1: '12 Admiralty Way', city: 'Lagos', state: 'Lagos', country: 'NG' },
};

/**
 * The migration that encrypts national id numbers and settlement account numbers: its `down`
 * puts them back in clear, its `up` encrypts the rows already there with the key the API
 * reads them with, and the API goes on as before.
 */
describe('migration: national ids and settlement account numbers encrypted at rest', () => {
  let database: IsolatedDatabase;
  let harness: TestHarness;
  let admin: Caller;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    harness = await createTestHarness({ config: { DATABASE_URL: database.url } });
    admin = await adminOf(harness);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await database?.drop();
  });

  async function migrate(direction: 'up' | 'down'): Promise<void> {
    const runner = harness.db.createQueryRunner();
    try {
      await runner.startTransaction();
      await new EncryptMigration()[direction](runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
  }

  it('decrypts into the plaintext columns on down, encrypts existing rows on up, and the API reads them', async () => {
    const customer = await signUp(harness.http, randomPhoneNumber());
    const submitted = await harness.http
      .post('/api/v1/kyc/tier1')
      .set(bearer(customer.accessToken))
      .send(KYC)
      .expect(200);
    const { merchant } = await registerMerchant(harness);
    const accountNumber = nubanFor('058', '135792468');
    await harness.http
      .patch(`/api/v1/admin/merchants/${merchant.id}/settlement-account`)
      .set(admin.headers)
      .send({ bankCode: '058', accountNumber, accountName: 'ACME', currency: 'NGN' })
      .expect(200);
    const kycRow = () =>
      harness.db.query<Record<string, unknown>[]>(`SELECT * FROM kyc_submissions WHERE id = $1`, [
        submitted.body.submissionId,
      ]);
    const accountRow = () =>
      harness.db.query<Record<string, unknown>[]>(`SELECT * FROM merchant_settlement_accounts WHERE merchant_id = $1`, [
        merchant.id,
      ]);

    await migrate('down');
    const [plainKyc] = await kycRow();
    expect(plainKyc).toMatchObject({ national_id_number: KYC.nationalIdNumber });
    expect(plainKyc).not.toHaveProperty('national_id_number_encrypted');
    const [plainAccount] = await accountRow();
    expect(plainAccount).toMatchObject({ account_number: accountNumber });
    expect(plainAccount).not.toHaveProperty('account_number_encrypted');

    await migrate('up');
    const [sealedKyc] = await kycRow();
    expect(sealedKyc).toMatchObject({ national_id_number_encrypted: expect.stringMatching(/^v1:/) });
    expect(sealedKyc).not.toHaveProperty('national_id_number');
    expect(JSON.stringify(sealedKyc)).not.toContain(KYC.nationalIdNumber);
    const [sealedAccount] = await accountRow();
    expect(sealedAccount).toMatchObject({
      account_number_encrypted: expect.stringMatching(/^v1:/),
      account_number_last4: accountNumber.slice(-4),
    });
    expect(sealedAccount).not.toHaveProperty('account_number');
    expect(JSON.stringify(sealedAccount)).not.toContain(accountNumber);

    // The API decrypts what the migration encrypted: the same details are the same submission.
    const again = await harness.http.post('/api/v1/kyc/tier1').set(bearer(customer.accessToken)).send(KYC).expect(200);
    expect(again.body.submissionId).toBe(submitted.body.submissionId);
    const listed = await harness.http
      .get('/api/v1/admin/merchants')
      .query({ q: merchant.registrationNumber })
      .set(admin.headers)
      .expect(200);
    expect(listed.body[0].settlementAccount).toMatchObject({ accountNumberLast4: accountNumber.slice(-4) });
  });
});
