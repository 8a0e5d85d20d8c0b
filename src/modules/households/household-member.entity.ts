import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The roles of a household, strongest first. */
export const HOUSEHOLD_ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** The roles a member can be added with (an OWNER is made by promotion, by an OWNER). */
export const ADDABLE_HOUSEHOLD_ROLES = ['ADMIN', 'MEMBER', 'VIEWER'] as const;
export type AddableHouseholdRole = (typeof ADDABLE_HOUSEHOLD_ROLES)[number];

/** One customer's membership of a household. */
@Entity({ name: 'household_members' })
export class HouseholdMember {
  @PrimaryColumn({ name: 'household_id', type: 'uuid' })
  householdId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 8 })
  role: HouseholdRole;

  /** Who added them; null for the creator. */
  @Column({ name: 'added_by', type: 'uuid', nullable: true })
  addedBy: string | null;

  @Column({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
