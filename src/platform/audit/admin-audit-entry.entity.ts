import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One admin write: who (`actorUserId`), what (`action` on `entityType`/`entityId`) and the
 * entity's state before and after (null before a creation). Append-only; written in the
 * transaction of the write it records.
 */
@Entity({ name: 'admin_audit_log' })
export class AdminAuditEntry {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'actor_user_id', type: 'uuid' })
  actorUserId: string;

  /** Dotted, lower case: `biller.created`, `payment_rail.updated`. */
  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ name: 'entity_type', type: 'varchar', length: 60 })
  entityType: string;

  @Column({ name: 'entity_id', type: 'varchar', length: 100 })
  entityId: string;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'timestamptz' })
  at: Date;
}
