import { Column, Entity, PrimaryColumn } from 'typeorm';
import { minorUnits } from '../../platform/database/minor-units.transformer';

/** Cash an agent deposited, credited to their float by an admin (or the `agent:top-up` task). */
@Entity({ name: 'agent_float_top_ups' })
export class FloatTopUp {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'agent_id', type: 'uuid' })
  agentId: string;

  /** The deposit's own reference (a bank slip, a receipt number): one credit per agent and reference. */
  @Column({ type: 'varchar', length: 64 })
  reference: string;

  @Column({ type: 'bigint', transformer: minorUnits })
  amount: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ name: 'journal_entry_id', type: 'uuid' })
  journalEntryId: string;

  /** The admin who credited it; null for the command-line task. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
