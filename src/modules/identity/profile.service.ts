import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserPrincipal } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { ApiException } from '../../platform/http/api-error';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { ProfileUpdateRequestDto } from './dto/profile-update-request.dto';
import { IdentityEvents } from './identity.events';
import { User } from './user.entity';
import { ProfileChanges, UserRepository } from './user.repository';

/** The signed-in user's own profile: display name, e-mail (unverified once changed), language. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async get(principal: UserPrincipal): Promise<User> {
    const user = await this.users.findById(this.dataSource.manager, principal.userId);
    if (!user) throw new ApiException('UNAUTHENTICATED', 'The account no longer exists');
    return user;
  }

  async update(principal: UserPrincipal, request: ProfileUpdateRequestDto): Promise<User> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.lockById(manager, principal.userId);
      if (!user) throw new ApiException('UNAUTHENTICATED', 'The account no longer exists');
      const changes: ProfileChanges = {};
      if (request.displayName !== undefined) changes.displayName = request.displayName;
      if (request.language !== undefined) changes.language = request.language;
      const emailChanged = request.email !== undefined && request.email !== user.email;
      if (emailChanged) {
        changes.email = request.email ?? null;
        changes.emailVerified = false;
      }
      if (Object.keys(changes).length === 0) return user;
      await this.users.updateProfile(manager, user.id, changes, now);
      if (emailChanged) await this.outbox.write(manager, IdentityEvents.emailChanged(user.id, changes.email ?? null));
      return Object.assign(user, changes, { updatedAt: now });
    });
  }
}
