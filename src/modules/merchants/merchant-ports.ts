import { EntityManager } from 'typeorm';
import { Port } from '../../platform/ports/port';

export interface OwnerInvitationRequest {
  merchantId: string;
  merchantName: string;
  email: string;
}

/** What to do once the caller's transaction has committed (send the e-mail holding a token). */
export type AfterCommit = () => Promise<void>;

/*
 * The ports below are defined here and implemented by the contexts that build on this one
 * (each imports MerchantsModule, so this context imports neither): their modules bind them
 * globally, and an application that loads MerchantsModule without them does not boot.
 */

/**
 * Port: invite the first OWNER of a newly registered merchant at its contact e-mail, in the
 * registration's transaction. The merchant-identity context implements it; merchant users
 * exist only through invitations. It answers what to run after commit (the e-mail), so no
 * message goes out for a registration that rolled back.
 */
@Port({ implementedBy: 'MerchantIdentityModule (merchant-identity)' })
export abstract class MerchantOwnerInvitations {
  abstract inviteOwner(manager: EntityManager, request: OwnerInvitationRequest, now: Date): Promise<AfterCommit>;
}

/**
 * Port: revoke every live API key of a merchant, in the caller's transaction (KYB REJECTED).
 * The merchant API keys context implements it. Answers how many it revoked.
 */
@Port({ implementedBy: 'MerchantApiKeysModule (merchant-api-keys)' })
export abstract class MerchantLiveKeyRevocation {
  abstract revokeLiveKeys(manager: EntityManager, merchantId: string, now: Date): Promise<number>;
}

/**
 * Port: end every open dashboard session of a merchant's people, in the caller's transaction
 * (KYB REJECTED: its people lose access at once, not when their tokens expire). The
 * merchant-identity context implements it. Answers how many sessions ended.
 */
@Port({ implementedBy: 'MerchantIdentityModule (merchant-identity)' })
export abstract class MerchantSessionRevocation {
  abstract endSessionsOf(manager: EntityManager, merchantId: string, now: Date): Promise<number>;
}
