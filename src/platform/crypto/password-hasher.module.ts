import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';

/**
 * The PasswordHasher, for the contexts whose people sign in with a secret they chose (identity's
 * PINs, merchants' passwords). Imported by them, not by the platform, so only an application that
 * takes such logins makes the decoy hash at boot; Nest keeps one instance for all importers.
 */
@Module({ providers: [PasswordHasher], exports: [PasswordHasher] })
export class PasswordHasherModule {}
