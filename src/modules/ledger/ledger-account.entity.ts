import { Column, Entity, PrimaryColumn } from 'typeorm';

export const LEDGER_ACCOUNT_TYPES = ['ASSET', 'LIABILITY', 'REVENUE', 'EXPENSE', 'EQUITY'] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

/** An account of the ledger, named by a stable code such as `fee_revenue:NGN`. */
@Entity({ name: 'ledger_accounts' })
export class LedgerAccount {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 160 })
  code: string;

  @Column({ type: 'varchar', length: 16 })
  type: LedgerAccountType;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
