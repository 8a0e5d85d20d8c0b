import { Client } from 'pg';
import type { Response } from 'supertest';
import { createClaimedBill } from '../factories/bill.factory';
import { createHouseholdWith, shareBill } from '../factories/household.factory';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { waitFor } from '../support/wait-for';
import { createHouseholdsApp, HouseholdsApp } from './support/households-kit';

/**
 * The lock order of a bill and its payment lease (bills README): every transaction that takes
 * both locks the bill row first. The spec holds locks of its own on a database of its own to
 * make the one interleaving that deadlocks when an order is reversed happen every time: a
 * member's tap waits for the bill row while the owner's payment, already made, records itself.
 */
describe('households: a shared bill paid by its owner and a member at once', () => {
  let database: IsolatedDatabase;
  let kit: HouseholdsApp;
  const holders: Client[] = [];

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    kit = await createHouseholdsApp({ DATABASE_URL: database.url });
  }, 60_000);

  afterAll(async () => {
    for (const holder of holders) await holder.end().catch(() => undefined);
    await kit?.close();
    await database?.drop();
  });

  /** A connection of the spec's own, in an open transaction, to hold locks the app waits for. */
  async function lockHolder(): Promise<Client> {
    const client = new Client({ connectionString: database.url });
    holders.push(client);
    await client.connect();
    await client.query('BEGIN');
    return client;
  }

  /** The app's statements waiting for a lock whose text contains `fragment`. */
  const waitingOn = async (fragment: string): Promise<number> => {
    const [row] = (
      await database.admin.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = $1 AND wait_event_type = 'Lock' AND position($2 in query) > 0`,
        [database.name, fragment],
      )
    ).rows;
    return row.waiting as number;
  };

  it('records the payment and refuses the member with 409, never a deadlock (500)', async () => {
    const [owner, member] = await Promise.all([kit.newCustomer(), kit.newCustomer()]);
    const household = await createHouseholdWith(kit, owner, [{ member, role: 'MEMBER' }]);
    const bill = await createClaimedBill(kit, owner, kit.biller.slug);
    await shareBill(kit, owner, bill.id, household.id);

    // 1. The owner's payment holds the bill's lease and waits in the payment core's admission,
    // for the customer's row lock (taken with their tier).
    const admission = await lockHolder();
    await admission.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [owner.userId]);
    const byOwner = kit.payBill(owner, bill.id).then((response: Response) => response);
    await waitFor(
      () => waitingOn('FROM users WHERE id = $1 FOR NO KEY UPDATE'),
      (waiting) => waiting === 1,
      "the owner's admission",
    );

    // 2. The member's tap waits for the bill row, which the spec holds.
    const billRow = await lockHolder();
    await billRow.query(`SELECT id FROM bills WHERE id = $1 FOR UPDATE`, [bill.id]);
    const byMember = kit.payBill(member, bill.id).then((response: Response) => response);
    await waitFor(
      () => waitingOn('bills'),
      (waiting) => waiting === 1,
      "the member's tap on the bill row",
    );

    // 3. The owner's payment goes on and comes to record itself on the bill: it queues behind the member.
    await admission.query('COMMIT');
    await waitFor(
      () => waitingOn('bills'),
      (waiting) => waiting === 2,
      "the owner's payment recording itself",
    );

    // 4. The member gets the bill row first.
    await billRow.query('COMMIT');
    const [ownerAnswer, memberAnswer] = await Promise.all([byOwner, byMember]);

    expect(ownerAnswer.status).toBe(200);
    expect(memberAnswer.status).toBe(409);
    expectCataloguedApiError(memberAnswer.body, 'BILL_ALREADY_PAID');
    const payments = await kit.db.query(`SELECT id FROM payments WHERE customer_id = ANY ($1::uuid[])`, [
      [owner.userId, member.userId],
    ]);
    expect(payments).toEqual([{ id: ownerAnswer.body.id }]);
    const [row] = await kit.db.query(`SELECT status, payment_id FROM bills WHERE id = $1`, [bill.id]);
    expect(row).toEqual({ status: 'PAID', payment_id: ownerAnswer.body.id });
    expect(await kit.db.query(`SELECT 1 FROM bill_payment_leases WHERE bill_id = $1`, [bill.id])).toEqual([]);
    await expectLedgerBalanced(kit);
  });
});
