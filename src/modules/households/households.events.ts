import type { HouseholdRole } from './household-member.entity';

/**
 * The households context's outbox events, one per membership change, written in the change's
 * transaction:
 *
 * - `household.member_added`: `userId` joined with `role`, added by `actorId`.
 * - `household.member_removed`: `userId` left (`actorId` equal to `userId`) or was removed;
 *   their shares to the household ended with it.
 * - `household.member_role_changed`: `userId` went from `previousRole` to `role`.
 */
export const HOUSEHOLD_EVENTS = {
  memberAdded: 'household.member_added',
  memberRemoved: 'household.member_removed',
  memberRoleChanged: 'household.member_role_changed',
} as const;

export type HouseholdEventType = (typeof HOUSEHOLD_EVENTS)[keyof typeof HOUSEHOLD_EVENTS];

export interface HouseholdMemberEventPayload {
  householdId: string;
  householdName: string;
  userId: string;
  /** Who made the change. */
  actorId: string;
  /** The role after the change; for `member_removed`, the role they had. */
  role: HouseholdRole;
  /** `member_role_changed` only. */
  previousRole?: HouseholdRole;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [HOUSEHOLD_EVENTS.memberAdded]: HouseholdMemberEventPayload;
    [HOUSEHOLD_EVENTS.memberRemoved]: HouseholdMemberEventPayload;
    [HOUSEHOLD_EVENTS.memberRoleChanged]: HouseholdMemberEventPayload;
  }
}
