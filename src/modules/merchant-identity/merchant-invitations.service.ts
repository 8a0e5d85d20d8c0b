import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { KeyedHash } from '../../platform/crypto/keyed-hash';
import { newId } from '../../platform/database/new-id';
import type { ClientInfo } from '../../platform/http/client-info.decorator';
import { MessageSender } from '../../platform/messaging/message-sender';
import {
  type AfterCommit,
  MerchantAuditWriter,
  MerchantDirectory,
  MerchantOwnerInvitations,
  type OwnerInvitationRequest,
} from '../merchants';
import { PinHasher } from '../identity';
import { MerchantInvitation, MerchantMembership, MerchantUser } from './merchant-identity.entities';
import { MerchantIdentityError } from './merchant-identity.errors';
import { MerchantIdentityRepository } from './merchant-identity.repository';
import { IssuedMerchantTokens, MerchantSessionsService } from './merchant-sessions.service';
import { passwordProblem } from './password-policy';

const INVITATION_TOKEN_PURPOSE = 'merchant-invitation';
/** Invitations last 7 days (design/merchants.md section 3). */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export interface AcceptInvitation {
  name?: string;
  password: string;
}

/**
 * Invitations: the only way a merchant user or membership comes to exist. The token
 * (`inv_` + 32 bytes) travels only in the e-mail and is kept as an HMAC.
 */
@Injectable()
export class MerchantInvitationsService extends MerchantOwnerInvitations {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantIdentityRepository,
    private readonly sessions: MerchantSessionsService,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
    private readonly hasher: PinHasher,
    private readonly keyedHash: KeyedHash,
    private readonly messages: MessageSender,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** The OWNER invitation of a new merchant, in its registration's transaction; the e-mail after commit. */
  async inviteOwner(manager: EntityManager, request: OwnerInvitationRequest, now: Date): Promise<AfterCommit> {
    const raw = `inv_${randomBytes(32).toString('base64url')}`;
    const invitation: MerchantInvitation = {
      id: newId(),
      merchantId: request.merchantId,
      email: request.email,
      role: 'OWNER',
      tokenHash: this.keyedHash.digest(INVITATION_TOKEN_PURPOSE, raw),
      status: 'PENDING',
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      invitedByUserId: null,
      createdAt: now,
      acceptedAt: null,
      revokedAt: null,
    };
    await this.repository.insertInvitation(manager, invitation);
    return () =>
      this.messages.send({
        channel: 'EMAIL',
        to: request.email,
        subject: `You are invited to run ${request.merchantName}`,
        body: [
          `You have been invited as the OWNER of ${request.merchantName}.`,
          '',
          'Accept within 7 days with this invitation token, choosing your name and a password:',
          raw,
          '',
          `POST /api/v1/merchant/invitations/${raw}/accept`,
        ].join('\n'),
      });
  }

  /**
   * Accepts an invitation: a new user gives a name and a password; an existing user (same
   * e-mail) proves it with their password. Answers tokens for the new membership.
   */
  async accept(rawToken: string, request: AcceptInvitation, client: ClientInfo): Promise<IssuedMerchantTokens> {
    const now = this.clock.now();
    const tokenHash = this.keyedHash.digest(INVITATION_TOKEN_PURPOSE, rawToken);
    // Hash outside the transaction: bcrypt takes tens of milliseconds.
    const newUserHash = passwordProblem(request.password) === null ? await this.hasher.hash(request.password) : null;
    const opened = await this.dataSource.transaction(async (manager) => {
      const invitation = await this.repository.lockInvitationByTokenHash(manager, tokenHash);
      if (!invitation || invitation.status !== 'PENDING') throw MerchantIdentityError.invitationNotFound();
      if (invitation.expiresAt <= now) {
        throw new MerchantIdentityError('INVITATION_EXPIRED', 'This invitation has expired; ask for a new one');
      }
      const merchant = await this.merchants.lockById(manager, invitation.merchantId);
      if (!merchant || merchant.kybStatus === 'REJECTED') throw MerchantIdentityError.invitationNotFound();
      if (invitation.role === 'OWNER' && (await this.repository.activeOwner(manager, merchant.id))) {
        throw MerchantIdentityError.invitationNotFound();
      }
      const user = await this.userFor(manager, invitation.email, request, newUserHash, now);
      if (await this.repository.activeMembership(manager, user.id, merchant.id)) {
        throw MerchantIdentityError.invitationNotFound();
      }
      const membership: MerchantMembership = {
        id: newId(),
        userId: user.id,
        merchantId: merchant.id,
        role: invitation.role,
        status: 'ACTIVE',
        createdAt: now,
        revokedAt: null,
      };
      await this.repository.insertMembership(manager, membership);
      await this.repository.markInvitationAccepted(manager, invitation.id, now);
      await this.audit.record(manager, {
        merchantId: merchant.id,
        action: 'INVITATION_ACCEPTED',
        actor: { type: 'USER', role: invitation.role, userId: user.id, email: user.email },
        target: { type: 'invitation', id: invitation.id },
        client,
        details: { role: invitation.role, membershipId: membership.id },
      });
      return this.sessions.open(manager, membership, client, now);
    });
    return this.sessions.withAccessToken(opened);
  }

  private async userFor(
    manager: EntityManager,
    email: string,
    request: AcceptInvitation,
    newUserHash: string | null,
    now: Date,
  ): Promise<MerchantUser> {
    const existing = await this.repository.findUserByEmail(manager, email);
    if (existing) {
      if (!(await this.hasher.matches(request.password, existing.passwordHash))) {
        throw MerchantIdentityError.invalidCredentials();
      }
      return existing;
    }
    if (!request.name) {
      throw new MerchantIdentityError('VALIDATION_FAILED', 'A new user gives a name', [
        { field: 'name', message: 'required when the e-mail has no account yet' },
      ]);
    }
    const problem = passwordProblem(request.password);
    if (problem || !newUserHash) {
      throw new MerchantIdentityError('WEAK_PASSWORD', `The password must be ${problem ?? 'stronger'}`, [
        { field: 'password', message: problem ?? 'too weak' },
      ]);
    }
    const user: MerchantUser = {
      id: newId(),
      email,
      name: request.name,
      passwordHash: newUserHash,
      lastMembershipId: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.repository.insertUser(manager, user);
    return user;
  }
}
