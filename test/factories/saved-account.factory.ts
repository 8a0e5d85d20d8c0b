import { AppTarget, Caller, dbOf, httpOf } from '../support/app-target';
import { GOOD_REFERENCE } from './payment.factory';

export interface SavedAccountBody {
  id: string;
  billerId: string;
  accountReference: string;
  nickname: string | null;
}

/** Saves a biller account for the customer through the API (204), and answers it as listed. */
export async function createSavedAccount(
  target: AppTarget,
  customer: Caller,
  fields: { billerId: string; accountReference?: string; nickname?: string },
): Promise<SavedAccountBody> {
  const http = httpOf(target);
  const accountReference = fields.accountReference ?? GOOD_REFERENCE;
  const saved = await http
    .post('/api/v1/saved-accounts')
    .set(customer.headers)
    .send({ ...fields, accountReference });
  if (saved.status !== 204) throw new Error(`saved account: ${saved.status} ${JSON.stringify(saved.body)}`);
  const listed = await http.get('/api/v1/saved-accounts').set(customer.headers).expect(200);
  const account = (listed.body as SavedAccountBody[]).find(
    (candidate) => candidate.billerId === fields.billerId && candidate.accountReference === accountReference,
  );
  if (!account) throw new Error(`saved account: not listed after saving ${JSON.stringify(fields)}`);
  return account;
}

/**
 * `count` saved accounts of the customer at one biller, written straight to the database (for a
 * spec that needs a customer near the limit), references 00000000001 upwards.
 */
export async function insertSavedAccounts(
  target: AppTarget,
  fields: { customerId: string; billerId: string; count: number },
): Promise<void> {
  await dbOf(target).query(
    `INSERT INTO saved_biller_accounts (id, customer_user_id, biller_id, account_reference)
     SELECT gen_random_uuid(), $1, $2, lpad(n::text, 11, '0') FROM generate_series(1, $3::int) AS n`,
    [fields.customerId, fields.billerId, fields.count],
  );
}
