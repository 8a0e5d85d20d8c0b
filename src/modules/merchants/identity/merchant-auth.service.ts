import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MerchantRole, MerchantUserPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import { PasswordHasher } from '../../../platform/crypto/password-hasher';
import { MerchantAuditWriter, merchantActor } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import type { KybStatus } from '../onboarding/merchant.entity';
import type { MerchantMembership } from './merchant-identity.entities';
import { MerchantIdentityError } from './merchant-identity.errors';
import { MerchantIdentityRepository } from './merchant-identity.repository';
import { IssuedMerchantTokens, MerchantSessionsService } from './merchant-sessions.service';

export interface MembershipView {
  merchantId: string;
  merchantName: string;
  role: MerchantRole;
  kybStatus: KybStatus;
  current: boolean;
}

export interface MeView {
  user: { id: string; email: string; name: string };
  merchant: { id: string; name: string; kybStatus: KybStatus };
  membership: { id: string; role: MerchantRole };
}

/** Login, logout, who am I, my memberships, and switching between them. */
@Injectable()
export class MerchantAuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantIdentityRepository,
    private readonly sessions: MerchantSessionsService,
    private readonly merchants: MerchantDirectory,
    private readonly audit: MerchantAuditWriter,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  /**
   * E-mail and password, then the membership named by `merchantId`, else the last one used,
   * else the oldest. Memberships of REJECTED merchants do not count. An unknown e-mail costs
   * the same bcrypt time as a wrong password and answers the same 401.
   */
  async login(
    email: string,
    password: string,
    merchantId: string | undefined,
    client: ClientInfo,
  ): Promise<IssuedMerchantTokens> {
    const manager = this.dataSource.manager;
    const user = await this.repository.findUserByEmail(manager, email);
    if (!user) {
      await this.hasher.compareWithDecoy(password);
      throw MerchantIdentityError.invalidCredentials();
    }
    if (!(await this.hasher.matches(password, user.passwordHash))) throw MerchantIdentityError.invalidCredentials();
    const usable = await this.usableMemberships(user.id);
    const membership = merchantId
      ? usable.find((candidate) => candidate.merchantId === merchantId)
      : (usable.find((candidate) => candidate.id === user.lastMembershipId) ?? usable[0]);
    if (!membership) {
      throw new MerchantIdentityError(
        'NO_ACTIVE_MEMBERSHIP',
        merchantId ? 'You have no active membership in that merchant' : 'You have no active merchant membership',
      );
    }
    const now = this.clock.now();
    const opened = await this.dataSource.transaction(async (transaction) => {
      const session = await this.sessions.open(transaction, membership, client, now);
      await this.audit.record(transaction, {
        merchantId: membership.merchantId,
        action: 'LOGIN',
        actor: { type: 'USER', role: membership.role, userId: user.id, email: user.email },
        target: { type: 'session', id: session.sessionId },
        client,
      });
      return session;
    });
    return this.sessions.withAccessToken(opened);
  }

  async logout(principal: MerchantUserPrincipal, client: ClientInfo): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.sessions.end(manager, principal.sessionId, 'LOGOUT', now))) return;
      await this.audit.record(manager, {
        merchantId: principal.merchantId,
        action: 'LOGOUT',
        actor: merchantActor(principal),
        target: { type: 'session', id: principal.sessionId },
        client,
      });
    });
  }

  async me(principal: MerchantUserPrincipal): Promise<MeView> {
    const manager = this.dataSource.manager;
    const [user, merchant] = await Promise.all([
      this.repository.findUserById(manager, principal.userId),
      this.merchants.findById(principal.merchantId),
    ]);
    if (!user || !merchant) throw new MerchantIdentityError('UNAUTHENTICATED', 'The session has ended');
    return {
      user: { id: user.id, email: user.email, name: user.name },
      merchant: { id: merchant.id, name: merchant.name, kybStatus: merchant.kybStatus },
      membership: { id: principal.membershipId, role: principal.role },
    };
  }

  async memberships(principal: MerchantUserPrincipal): Promise<MembershipView[]> {
    const memberships = await this.repository.activeMembershipsOf(this.dataSource.manager, principal.userId);
    const views: MembershipView[] = [];
    for (const membership of memberships) {
      const merchant = await this.merchants.findById(membership.merchantId);
      if (!merchant) continue;
      views.push({
        merchantId: merchant.id,
        merchantName: merchant.name,
        role: membership.role,
        kybStatus: merchant.kybStatus,
        current: membership.id === principal.membershipId,
      });
    }
    return views;
  }

  /** Ends the current session and opens one on the user's membership in `merchantId`. */
  async switchTo(
    principal: MerchantUserPrincipal,
    merchantId: string,
    client: ClientInfo,
  ): Promise<IssuedMerchantTokens> {
    const target = (await this.usableMemberships(principal.userId)).find(
      (membership) => membership.merchantId === merchantId,
    );
    if (!target)
      throw new MerchantIdentityError('MEMBERSHIP_NOT_FOUND', 'You have no active membership in that merchant');
    const now = this.clock.now();
    const opened = await this.dataSource.transaction(async (manager) => {
      await this.sessions.end(manager, principal.sessionId, 'SWITCHED', now);
      const session = await this.sessions.open(manager, target, client, now);
      await this.audit.record(manager, {
        merchantId: target.merchantId,
        action: 'MEMBERSHIP_SWITCHED',
        actor: { type: 'USER', role: target.role, userId: principal.userId, email: principal.email },
        target: { type: 'membership', id: target.id },
        client,
        details: { fromMerchantId: principal.merchantId },
      });
      return session;
    });
    return this.sessions.withAccessToken(opened);
  }

  /** Active memberships whose merchant still lets its people in (not REJECTED), oldest first. */
  private async usableMemberships(userId: string): Promise<MerchantMembership[]> {
    const memberships = await this.repository.activeMembershipsOf(this.dataSource.manager, userId);
    const usable: MerchantMembership[] = [];
    for (const membership of memberships) {
      const merchant = await this.merchants.findById(membership.merchantId);
      if (merchant && merchant.kybStatus !== 'REJECTED') usable.push(membership);
    }
    return usable;
  }
}
