import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A pushed bill shared with a household by its owner. The bills context checks the bill is the
 * sharer's and asks for the share through `HouseholdDirectory`; this context keeps the rows so a
 * member's shares end in the same transaction as their membership.
 */
@Entity({ name: 'bill_shares' })
export class BillShare {
  @PrimaryColumn({ name: 'bill_id', type: 'uuid' })
  billId: string;

  @PrimaryColumn({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @Column({ name: 'shared_by', type: 'uuid' })
  sharedBy: string;

  @Column({ name: 'shared_at', type: 'timestamptz' })
  sharedAt: Date;
}
