import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { KeyedHash } from '../../../platform/crypto/keyed-hash';
import { newId } from '../../../platform/database/new-id';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { MessageSender } from '../../../platform/messaging/message-sender';
import { merchantActor, MerchantAuditWriter, staffActor } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import type { MerchantRole, MerchantUserPrincipal, UserPrincipal } from '../../../platform/auth/principal';
import { PasswordHasher } from '../../../platform/crypto/password-hasher';
import { MerchantInvitation, MerchantMembership, MerchantUser } from './merchant-identity.entities';
import { MerchantIdentityError } from './merchant-identity.errors';
import { MerchantIdentityRepository } from './merchant-identity.repository';
import { IssuedMerchantTokens, MerchantSessionsService } from './merchant-sessions.service';
import { passwordProblem } from './password-policy';

const INVITATION_TOKEN_PURPOSE = 'merchant-invitation';
/** Invitations last 7 days (design/merchants.md section 3). */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** The first OWNER of a newly registered merchant, invited at its contact e-mail. */
export interface OwnerInvitationRequest {
  merchantId: string;
  merchantName: string;
  email: string;
}

/** What to do once the caller's transaction has committed (send the e-mail holding a token). */
export type AfterCommit = () => Promise<void>;

const ARTICLES: Record<MerchantRole, string> = { OWNER: 'the', ADMIN: 'an', DEVELOPER: 'a', ANALYST: 'an' };

/** Roles an invitation may carry: ownership moves only by transfer. */
export const INVITABLE_ROLES = ['ADMIN', 'DEVELOPER', 'ANALYST'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** An invitation token: `raw` goes only in the e-mail; `hash` is what is kept. */
interface InvitationToken {
  raw: string;
  hash: string;
  expiresAt: Date;
}

/** A PENDING invitation row for `token`. */
function newInvitation(
  merchantId: string,
  email: string,
  role: MerchantRole,
  token: InvitationToken,
  invitedByUserId: string | null,
  now: Date,
): MerchantInvitation {
  return {
    id: newId(),
    merchantId,
    email,
    role,
    tokenHash: token.hash,
    status: 'PENDING',
    expiresAt: token.expiresAt,
    invitedByUserId,
    createdAt: now,
    resentAt: null,
    acceptedAt: null,
    revokedAt: null,
  };
}

export interface AcceptInvitation {
  name?: string;
  password: string;
}

/**
 * Invitations: the only way a merchant user or membership comes to exist. The token
 * (`inv_` + 32 bytes) travels only in the e-mail and is kept as an HMAC.
 */
@Injectable()
export class MerchantInvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantIdentityRepository,
    private readonly sessions: MerchantSessionsService,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
    private readonly hasher: PasswordHasher,
    private readonly keyedHash: KeyedHash,
    private readonly messages: MessageSender,
    private readonly clock: Clock,
  ) {}

  /** The OWNER invitation of a new merchant, in its registration's transaction; the e-mail after commit. */
  async inviteOwner(manager: EntityManager, request: OwnerInvitationRequest, now: Date): Promise<AfterCommit> {
    const token = this.newToken(now);
    await this.repository.insertInvitation(
      manager,
      newInvitation(request.merchantId, request.email, 'OWNER', token, null, now),
    );
    return this.email(request.email, request.merchantName, 'OWNER', token.raw);
  }

  /** The merchant's pending invitations, expired ones included (they can be resent), newest first. */
  pending(principal: MerchantUserPrincipal): Promise<MerchantInvitation[]> {
    return this.repository.pendingInvitations(this.dataSource.manager, principal.merchantId);
  }

  /**
   * Invites a person to the caller's merchant with a role other than OWNER (ownership moves only
   * by transfer). 409 when a pending invitation for the e-mail exists or the person is a member.
   */
  async invite(
    principal: MerchantUserPrincipal,
    request: { email: string; role: InvitableRole },
    client: ClientInfo,
  ): Promise<MerchantInvitation> {
    const now = this.clock.now();
    const token = this.newToken(now);
    const { invitation, send } = await this.dataSource.transaction(async (manager) => {
      const merchant = await this.merchants.lockById(manager, principal.merchantId);
      if (!merchant) throw MerchantIdentityError.notFound('merchant');
      if (await this.repository.hasActiveMemberWithEmail(manager, merchant.id, request.email)) {
        throw new MerchantIdentityError('ALREADY_MERCHANT_MEMBER', 'This person is already a member of the team');
      }
      if (await this.repository.pendingInvitationFor(manager, merchant.id, request.email)) {
        throw new MerchantIdentityError(
          'INVITATION_ALREADY_PENDING',
          'An invitation to this e-mail is pending; resend it instead',
        );
      }
      const created = newInvitation(merchant.id, request.email, request.role, token, principal.userId, now);
      await this.repository.insertInvitation(manager, created);
      await this.audit.record(manager, {
        merchantId: merchant.id,
        action: 'INVITATION_CREATED',
        actor: merchantActor(principal),
        target: { type: 'invitation', id: created.id },
        client,
        details: { email: created.email, role: created.role, expiresAt: created.expiresAt },
      });
      return { invitation: created, send: this.email(created.email, merchant.name, created.role, token.raw) };
    });
    await send();
    return invitation;
  }

  /**
   * A new token and a new 7-day expiry for a pending invitation, expired or not (the old token
   * stops working); 404 once accepted or revoked. Only the OWNER touches an OWNER invitation.
   */
  async resend(principal: MerchantUserPrincipal, id: string, client: ClientInfo): Promise<MerchantInvitation> {
    const now = this.clock.now();
    const token = this.newToken(now);
    const { invitation, send } = await this.dataSource.transaction(async (manager) => {
      const found = await this.pendingInvitation(manager, principal, id);
      // Only its name, for the e-mail: no lock needed.
      const merchant = await this.merchants.findById(principal.merchantId, manager);
      if (!merchant) throw MerchantIdentityError.notFound('merchant');
      const renewed = await this.renew(manager, found, token, now);
      await this.audit.record(manager, {
        merchantId: principal.merchantId,
        action: 'INVITATION_RESENT',
        actor: merchantActor(principal),
        target: { type: 'invitation', id: found.id },
        client,
        details: { email: found.email, role: found.role, expiresAt: token.expiresAt },
      });
      return { invitation: renewed, send: this.email(found.email, merchant.name, found.role, token.raw) };
    });
    await send();
    return invitation;
  }

  /** Revokes a pending invitation; its token stops working. 404 once accepted or revoked. */
  async revoke(principal: MerchantUserPrincipal, id: string, client: ClientInfo): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const found = await this.pendingInvitation(manager, principal, id);
      await this.repository.revokeInvitation(manager, found.id, now);
      await this.audit.record(manager, {
        merchantId: principal.merchantId,
        action: 'INVITATION_REVOKED',
        actor: merchantActor(principal),
        target: { type: 'invitation', id: found.id },
        client,
        details: { email: found.email, role: found.role },
      });
    });
  }

  /**
   * Platform staff send the OWNER invitation again, to the merchant's contact e-mail, when nobody
   * accepted it in time (no member exists who could resend it): a pending one gets a new token and
   * expiry, a revoked one is replaced. 409 MERCHANT_HAS_OWNER once an OWNER exists; 409
   * APPLICATION_CLOSED for a REJECTED merchant.
   */
  async reissueOwnerInvitation(
    staff: UserPrincipal,
    merchantId: string,
    client: ClientInfo,
  ): Promise<MerchantInvitation> {
    const now = this.clock.now();
    const token = this.newToken(now);
    const { invitation, send } = await this.dataSource.transaction(async (manager) => {
      const merchant = await this.merchants.lockById(manager, merchantId);
      if (!merchant) throw MerchantIdentityError.notFound('merchant');
      if (merchant.kybStatus === 'REJECTED') {
        throw new MerchantIdentityError('APPLICATION_CLOSED', 'The merchant was rejected: nobody can join it');
      }
      if (await this.repository.activeOwner(manager, merchant.id)) {
        throw new MerchantIdentityError('MERCHANT_HAS_OWNER', 'The merchant has its OWNER already');
      }
      const pending = await this.repository.pendingInvitationFor(manager, merchant.id, merchant.contactEmail);
      let reissued: MerchantInvitation;
      if (pending && pending.role === 'OWNER') {
        reissued = await this.renew(manager, pending, token, now);
      } else {
        // Another role pending for that address gives way: the seat that matters is the OWNER's.
        if (pending) await this.repository.revokeInvitation(manager, pending.id, now);
        reissued = newInvitation(merchant.id, merchant.contactEmail, 'OWNER', token, null, now);
        await this.repository.insertInvitation(manager, reissued);
      }
      await this.audit.record(manager, {
        merchantId: merchant.id,
        action: pending?.role === 'OWNER' ? 'INVITATION_RESENT' : 'INVITATION_CREATED',
        actor: staffActor(staff),
        target: { type: 'invitation', id: reissued.id },
        client,
        details: { email: reissued.email, role: 'OWNER', expiresAt: reissued.expiresAt },
      });
      return { invitation: reissued, send: this.email(reissued.email, merchant.name, 'OWNER', token.raw) };
    });
    await send();
    return invitation;
  }

  private async pendingInvitation(
    manager: EntityManager,
    principal: MerchantUserPrincipal,
    id: string,
  ): Promise<MerchantInvitation> {
    const found = await this.repository.lockInvitation(manager, principal.merchantId, id);
    if (!found || found.status !== 'PENDING') throw MerchantIdentityError.notFound('pending invitation');
    if (found.role === 'OWNER' && principal.role !== 'OWNER') {
      throw new MerchantIdentityError('FORBIDDEN', 'Only the OWNER may manage the OWNER invitation');
    }
    return found;
  }

  /** A new token and expiry for a pending invitation; the old token stops working. */
  private async renew(
    manager: EntityManager,
    invitation: MerchantInvitation,
    token: InvitationToken,
    now: Date,
  ): Promise<MerchantInvitation> {
    await this.repository.renewInvitation(manager, invitation.id, token.hash, token.expiresAt, now);
    return { ...invitation, tokenHash: token.hash, expiresAt: token.expiresAt, resentAt: now };
  }

  private newToken(now: Date): InvitationToken {
    const raw = `inv_${randomBytes(32).toString('base64url')}`;
    return {
      raw,
      hash: this.keyedHash.digest(INVITATION_TOKEN_PURPOSE, raw),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    };
  }

  /** The invitation e-mail, to send once the transaction that stored its token has committed. */
  private email(to: string, merchantName: string, role: MerchantRole, rawToken: string): AfterCommit {
    return () =>
      this.messages.send({
        channel: 'EMAIL',
        to,
        subject:
          role === 'OWNER' ? `You are invited to run ${merchantName}` : `You are invited to join ${merchantName}`,
        body: [
          `You have been invited as ${ARTICLES[role]} ${role} of ${merchantName}.`,
          '',
          'Accept within 7 days with this invitation token, choosing your name and a password:',
          rawToken,
          '',
          `POST /api/v1/merchant/invitations/${rawToken}/accept`,
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
    // Hash outside the transaction: bcrypt takes tens of milliseconds. The e-mail is known only
    // inside; checked there too, it can only find more against the password, never less.
    const newUserHash =
      passwordProblem(request.password, request.name ? [request.name] : []) === null
        ? await this.hasher.hash(request.password)
        : null;
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
    const problem = passwordProblem(request.password, [email, request.name]);
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
