import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Language } from './user.entity';
import { UserRepository } from './user.repository';

/** Where an active customer can be reached, for contexts that message them. */
export interface CustomerContact {
  userId: string;
  /** E.164, verified at registration. */
  phone: string;
  /** Null until the customer gives one; `emailVerified` says whether it was confirmed. */
  email: string | null;
  emailVerified: boolean;
  language: Language;
}

/**
 * The narrow port other contexts use to reach a customer (notifications sends SMS through it),
 * so none of them reads the `users` table.
 */
@Injectable()
export class CustomerContactsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
  ) {}

  /** The contact of an active user; null for an unknown or deactivated one. */
  async findContact(userId: string): Promise<CustomerContact | null> {
    const user = await this.users.findById(this.dataSource.manager, userId);
    if (!user || user.status !== 'ACTIVE') return null;
    return {
      userId: user.id,
      phone: user.phone,
      email: user.email,
      emailVerified: user.emailVerified,
      language: user.language,
    };
  }
}
