import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A member's saved biller account shared with a household (biller and reference copied at share time). */
@Entity({ name: 'household_shared_accounts' })
export class HouseholdSharedAccount {
  @PrimaryColumn({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @PrimaryColumn({ name: 'saved_account_id', type: 'uuid' })
  savedAccountId: string;

  @Column({ name: 'shared_by', type: 'uuid' })
  sharedBy: string;

  @Column({ name: 'biller_id', type: 'uuid' })
  billerId: string;

  @Column({ name: 'biller_name', type: 'varchar', length: 120 })
  billerName: string;

  @Column({ name: 'account_reference', type: 'varchar', length: 64 })
  accountReference: string;

  @Column({ name: 'shared_at', type: 'timestamptz' })
  sharedAt: Date;
}
