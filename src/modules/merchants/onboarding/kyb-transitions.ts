import type { KybStatus } from './merchant.entity';

/**
 * Where an admin may move a merchant's KYB from each state (design/merchants.md section 1).
 * PENDING -> UNDER_REVIEW also happens by itself, when every document due has been received;
 * REJECTED is terminal.
 */
export const ADMIN_KYB_TRANSITIONS: Readonly<Record<KybStatus, readonly KybStatus[]>> = {
  PENDING: ['ACTION_REQUIRED', 'APPROVED', 'REJECTED'],
  UNDER_REVIEW: ['ACTION_REQUIRED', 'APPROVED', 'REJECTED'],
  // Not in the design's list: a merchant that never answers a request can still be rejected.
  ACTION_REQUIRED: ['REJECTED'],
  APPROVED: ['SUSPENDED', 'ACTION_REQUIRED'],
  SUSPENDED: ['APPROVED', 'REJECTED'],
  REJECTED: [],
};

export function canAdminMoveKyb(from: KybStatus, to: KybStatus): boolean {
  return ADMIN_KYB_TRANSITIONS[from].includes(to);
}

/** States in which uploading evidence still moves the application forward. */
export const UPLOAD_STATES: readonly KybStatus[] = ['PENDING', 'UNDER_REVIEW', 'ACTION_REQUIRED'];

/** What each state allows (MerchantResponse `capabilities`). */
export interface KybCapabilities {
  login: boolean;
  team: boolean;
  sandboxKeys: boolean;
  liveKeys: boolean;
  livePayments: boolean;
  payouts: boolean;
}

export function capabilitiesOf(status: KybStatus): KybCapabilities {
  const open = status !== 'REJECTED';
  const approved = status === 'APPROVED';
  return {
    login: open,
    team: open,
    sandboxKeys: open,
    liveKeys: approved,
    livePayments: approved,
    payouts: approved,
  };
}
