import { Injectable, OnModuleInit } from '@nestjs/common';
import * as bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';

/**
 * bcrypt at BCRYPT_COST, for every secret a person chooses: customers' PINs and merchant users'
 * passwords alike. `compareWithDecoy` spends the same time as a real comparison, so a login for
 * an unknown number or e-mail is as slow as one with a wrong PIN or password.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private decoy?: Promise<string>;

  constructor(private readonly config: AppConfig) {}

  /**
   * Makes the decoy hash at boot, so the first unknown-account login is not slower than the rest.
   * Awaited: a detached hash that failed would leave a rejected promise cached for every later
   * unknown-account login; here a failure stops boot instead.
   */
  async onModuleInit(): Promise<void> {
    await this.decoyHash();
  }

  hash(secret: string): Promise<string> {
    return bcrypt.hash(secret, this.config.BCRYPT_COST);
  }

  matches(secret: string, hash: string): Promise<boolean> {
    return bcrypt.compare(secret, hash);
  }

  async compareWithDecoy(secret: string): Promise<void> {
    await bcrypt.compare(secret, await this.decoyHash());
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= bcrypt.hash(randomBytes(16).toString('hex'), this.config.BCRYPT_COST);
    return this.decoy;
  }
}
