import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface OwnerInvitationRequest {
  merchantId: string;
  merchantName: string;
  email: string;
}

/** What to do once the caller's transaction has committed (send the e-mail holding a token). */
export type AfterCommit = () => Promise<void>;

/**
 * Port: invite the first OWNER of a newly registered merchant at its contact e-mail, in the
 * registration's transaction. The merchant-identity context implements it; merchant users
 * exist only through invitations. It answers what to run after commit (the e-mail), so no
 * message goes out for a registration that rolled back.
 */
export abstract class MerchantOwnerInvitations {
  abstract inviteOwner(manager: EntityManager, request: OwnerInvitationRequest, now: Date): Promise<AfterCommit>;
}

/**
 * Port: revoke every live API key of a merchant, in the caller's transaction (KYB REJECTED).
 * The merchant API keys context implements it. Answers how many it revoked.
 */
export abstract class MerchantLiveKeyRevocation {
  abstract revokeLiveKeys(manager: EntityManager, merchantId: string, now: Date): Promise<number>;
}

/**
 * Port: end every open dashboard session of a merchant's people, in the caller's transaction
 * (KYB REJECTED: its people lose access at once, not when their tokens expire). The
 * merchant-identity context implements it. Answers how many sessions ended.
 */
export abstract class MerchantSessionRevocation {
  abstract endSessionsOf(manager: EntityManager, merchantId: string, now: Date): Promise<number>;
}

/**
 * Where the implementing contexts register when their modules start, so this context depends
 * on neither (each of them depends on this one). Until merchant-identity registers, a
 * registration sends only its onboarding link (logged once as a warning).
 */
@Injectable()
export class MerchantPortRegistry {
  private readonly logger = new Logger(MerchantPortRegistry.name);
  private ownerInvitations: MerchantOwnerInvitations | null = null;
  private liveKeyRevocation: MerchantLiveKeyRevocation | null = null;
  private sessionRevocation: MerchantSessionRevocation | null = null;

  useOwnerInvitations(port: MerchantOwnerInvitations): void {
    this.ownerInvitations = port;
  }

  useLiveKeyRevocation(port: MerchantLiveKeyRevocation): void {
    this.liveKeyRevocation = port;
  }

  useSessionRevocation(port: MerchantSessionRevocation): void {
    this.sessionRevocation = port;
  }

  async inviteOwner(manager: EntityManager, request: OwnerInvitationRequest, now: Date): Promise<AfterCommit> {
    if (!this.ownerInvitations) {
      this.logger.warn('no MerchantOwnerInvitations is registered: the owner is not invited');
      return () => Promise.resolve();
    }
    return this.ownerInvitations.inviteOwner(manager, request, now);
  }

  async revokeLiveKeys(manager: EntityManager, merchantId: string, now: Date): Promise<number> {
    if (!this.liveKeyRevocation) {
      this.logger.warn('no MerchantLiveKeyRevocation is registered: no live keys to revoke');
      return 0;
    }
    return this.liveKeyRevocation.revokeLiveKeys(manager, merchantId, now);
  }

  async endSessionsOf(manager: EntityManager, merchantId: string, now: Date): Promise<number> {
    if (!this.sessionRevocation) {
      this.logger.warn('no MerchantSessionRevocation is registered: no sessions to end');
      return 0;
    }
    return this.sessionRevocation.endSessionsOf(manager, merchantId, now);
  }
}
