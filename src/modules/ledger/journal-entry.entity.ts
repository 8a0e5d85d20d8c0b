import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One balanced movement of money; its lines sum to zero. Never updated: reversed instead. */
@Entity({ name: 'journal_entries' })
export class JournalEntry {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ name: 'reference_type', type: 'varchar', length: 40 })
  referenceType: string;

  @Column({ name: 'reference_id', type: 'uuid' })
  referenceId: string;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ name: 'reverses_entry_id', type: 'uuid', nullable: true })
  reversesEntryId: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  memo: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
