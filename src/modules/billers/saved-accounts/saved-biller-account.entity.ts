import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A biller account a customer pays often. Unique per customer, biller and reference. */
@Entity({ name: 'saved_biller_accounts' })
export class SavedBillerAccount {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'customer_user_id', type: 'uuid' })
  customerUserId: string;

  @Column({ name: 'biller_id', type: 'uuid' })
  billerId: string;

  @Column({ name: 'account_reference', type: 'varchar', length: 64 })
  accountReference: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  nickname: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
