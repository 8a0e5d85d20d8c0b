import type { IncomingBill } from './bill-ingestion.service';

/** The seeded demo customer (identity.seeder.ts DEMO_USERS and their KYC), as a biller would know them. */
const DEMO_CUSTOMER = { phone: '+2348000000001', name: 'Demo Customer', nationalId: '00000000001' };

/** Accounts of the demo customer with the seeded demo billers (demo-catalogue.ts), and one nobody claimed yet. */
export const DEMO_ACCOUNTS = {
  electricity: { biller: 'ikeja-electric', accountReference: '45010001234' },
  tv: { biller: 'dstv', accountReference: '7023456789' },
  water: { biller: 'lagos-water', accountReference: '3012345678' },
  unclaimed: { biller: 'ikeja-electric', accountReference: '45010009876' },
} as const;

export interface DemoPush {
  biller: string;
  bills: IncomingBill[];
}

/**
 * This month's demo bills (`bills:push-demo`): one per demo biller for the demo customer, with
 * the hints a biller would send (they resolve to the customer), and one electricity bill without
 * hints that waits to be claimed. Bill references carry the month, so pushing again in the same
 * month changes nothing and next month brings new bills (last month's then show as OVERDUE).
 */
export function demoBills(today: Date): DemoPush[] {
  const month = today.toISOString().slice(0, 7);
  const billDate = `${month}-01`;
  const dueDate = `${month}-28`;
  const tag = month.replace('-', '');
  const bill = (
    account: { accountReference: string },
    reference: string,
    lineItems: { description: string; amount: number }[],
    hinted = true,
  ): IncomingBill => ({
    billReference: `${reference}-${tag}`,
    accountReference: account.accountReference,
    amountDue: lineItems.reduce((sum, item) => sum + item.amount, 0),
    currency: 'NGN',
    billDate,
    dueDate,
    lineItems,
    customer: hinted ? DEMO_CUSTOMER : null,
  });
  return [
    {
      biller: DEMO_ACCOUNTS.electricity.biller,
      bills: [
        bill(DEMO_ACCOUNTS.electricity, 'IE-DEMO-1234', [
          { description: 'Energy charge', amount: 1_150_000 },
          { description: 'Fixed charge', amount: 100_000 },
        ]),
        bill(DEMO_ACCOUNTS.unclaimed, 'IE-DEMO-9876', [{ description: 'Energy charge', amount: 640_000 }], false),
      ],
    },
    {
      biller: DEMO_ACCOUNTS.tv.biller,
      bills: [
        bill(DEMO_ACCOUNTS.tv, 'DSTV-DEMO-6789', [{ description: 'DStv Compact, one month', amount: 1_570_000 }]),
      ],
    },
    {
      biller: DEMO_ACCOUNTS.water.biller,
      bills: [
        bill(DEMO_ACCOUNTS.water, 'LWC-DEMO-5678', [
          { description: 'Water supply', amount: 720_000 },
          { description: 'Sewerage', amount: 130_000 },
        ]),
      ],
    },
  ];
}
