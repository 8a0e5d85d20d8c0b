import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The AML rules the payment core's screening runs, in the order they are evaluated. */
export const AML_RULES = ['SINGLE_AMOUNT', 'VELOCITY', 'STRUCTURING', 'NEW_ACCOUNT', 'DISTINCT_PAYERS'] as const;
export type AmlRule = (typeof AML_RULES)[number];

export const AML_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type AmlSeverity = (typeof AML_SEVERITIES)[number];

export const AML_FLAG_STATUSES = ['OPEN', 'CLEARED', 'ESCALATED', 'REPORTED'] as const;
export type AmlFlagStatus = (typeof AML_FLAG_STATUSES)[number];

/** The statuses still in the review queue: a flag escalated stays there until cleared or reported. */
export const OPEN_AML_FLAG_STATUSES: readonly AmlFlagStatus[] = ['OPEN', 'ESCALATED'];

/** One AML rule that fired for one payment (`txnId` in the API), written when it was accepted. */
@Entity({ name: 'aml_flags' })
export class AmlFlag {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  @Column({ type: 'varchar', length: 32 })
  rule: AmlRule;

  @Column({ type: 'varchar', length: 8 })
  severity: AmlSeverity;

  @Column({ type: 'varchar', length: 300 })
  reason: string;

  @Column({ type: 'varchar', length: 16 })
  status: AmlFlagStatus;

  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy: string | null;

  @Column({ name: 'review_note', type: 'varchar', length: 2000, nullable: true })
  reviewNote: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A payment reported after a review (decision REPORT). */
@Entity({ name: 'aml_reports' })
export class AmlReport {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'payment_id', type: 'uuid' })
  paymentId: string;

  /** The rules of the flags reported together. */
  @Column({ type: 'varchar', length: 32, array: true })
  rules: string[];

  @Column({ name: 'reported_by', type: 'uuid' })
  reportedBy: string;

  @Column({ type: 'varchar', length: 2000 })
  note: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
