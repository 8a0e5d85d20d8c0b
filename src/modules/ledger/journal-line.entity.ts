import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A signed amount on one account: debit positive, credit negative, in minor units. */
@Entity({ name: 'journal_lines' })
export class JournalLine {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'entry_id', type: 'uuid' })
  entryId: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  /** bigint in PostgreSQL; read as a string by the driver and converted with BigInt. */
  @Column({ type: 'bigint' })
  amount: string;

  @Column({ type: 'char', length: 3 })
  currency: string;
}
