import { Injectable, OnModuleInit } from '@nestjs/common';
import * as bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import { IdentityConfig } from './identity.config';

/**
 * bcrypt at BCRYPT_COST. `compareWithDecoy` spends the same time as a real comparison, so a
 * login for an unknown number is as slow as one with a wrong PIN.
 */
@Injectable()
export class PinHasher implements OnModuleInit {
  private decoy?: Promise<string>;

  constructor(private readonly config: IdentityConfig) {}

  /**
   * Makes the decoy hash at boot, so the first unknown-number login is not slower than the rest.
   * Awaited: a detached hash that failed would leave a rejected promise cached for every later
   * unknown-number login; here a failure stops boot instead.
   */
  async onModuleInit(): Promise<void> {
    await this.decoyHash();
  }

  hash(pin: string): Promise<string> {
    return bcrypt.hash(pin, this.config.BCRYPT_COST);
  }

  matches(pin: string, hash: string): Promise<boolean> {
    return bcrypt.compare(pin, hash);
  }

  async compareWithDecoy(pin: string): Promise<void> {
    await bcrypt.compare(pin, await this.decoyHash());
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= bcrypt.hash(randomBytes(16).toString('hex'), this.config.BCRYPT_COST);
    return this.decoy;
  }
}
