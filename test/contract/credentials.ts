import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { UserRole } from '../../src/platform/auth/principal';
import { AppConfig } from '../../src/platform/config/app-config';
import { handMadeJwt, signJwt } from '../factories/access-token.factory';
import { createCustomer } from '../factories/customer.factory';
import { registerMerchant } from '../factories/merchant.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import type { OperationModel } from './openapi-model';

/** Valid credentials per security scheme, as request headers. */
export type Credentials = Partial<Record<string, Record<string, string>>>;

/**
 * Builds a valid credential for every security scheme the fixtures can make. A scheme with no
 * fixture yet is reported, and the checks that need it are skipped for its operations.
 * `bearerAuth` is a signed-in customer; `merchantBearer` the OWNER of a new merchant;
 * `merchantApiKey` a test key (`sk_test_`) of another new merchant; `developerKey` one of a third,
 * in `X-Service-Developer-Key`.
 */
export async function fixtureCredentials(app: INestApplication): Promise<Credentials> {
  const config = app.get(AppConfig);
  const customer = await createCustomer(app);
  return {
    internalApiKey: { 'x-internal-api-key': config.INTERNAL_API_KEY },
    bearerAuth: { authorization: customer.headers.Authorization },
    merchantBearer: { authorization: (await newMerchantOwner(app)).authorization },
    merchantApiKey: { authorization: await newMerchantTestKey(app) },
    developerKey: { 'x-service-developer-key': (await newMerchantTestKey(app)).replace(/^Bearer /, '') },
  };
}

/** A test API key of a freshly registered merchant, as an Authorization value. */
async function newMerchantTestKey(app: INestApplication): Promise<string> {
  const owner = await newMerchantOwner(app);
  const created = await request(app.getHttpServer())
    .post('/api/v1/merchant/api-keys')
    .set('Authorization', owner.authorization)
    .send({})
    .expect(201);
  return `Bearer ${(created.body as { secret: string }).secret}`;
}

/** The OWNER of a freshly registered merchant, signed in through its invitation. */
async function newMerchantOwner(app: INestApplication): Promise<{ authorization: string }> {
  const { merchant } = await registerMerchant(app);
  return { authorization: (await merchantOwnerOf(app, merchant)).headers.Authorization };
}

/**
 * A fresh credential for one call of `operation` that may change the caller's own state (log
 * out, revoke a session): a new customer, or a new staff user with the first role the
 * operation admits. Undefined when no fixture can make one.
 */
export async function freshCredentialFor(
  app: INestApplication,
  operation: OperationModel,
  shared: Credentials,
): Promise<Record<string, string> | undefined> {
  if (operation.isPublic) return {};
  if (operation.security.includes('bearerAuth')) {
    const [role] = operation.requiredRoles as UserRole[];
    const user = role ? await createStaffUser(app, role) : await createCustomer(app);
    return { authorization: user.headers.Authorization };
  }
  // A merchant route may end its caller's session (logout, switch): a new owner each time.
  if (operation.security.includes('merchantBearer')) return newMerchantOwner(app);
  for (const scheme of operation.security) if (shared[scheme]) return shared[scheme];
  return undefined;
}

/** Credentials that must all be refused, for an operation secured by `schemes`. */
export function forgedCredentials(
  schemes: string[],
  config: AppConfig,
  valid: Credentials,
): { label: string; headers: Record<string, string> }[] {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
    sid: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a02',
    typ: 'access',
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const forged: { label: string; headers: Record<string, string> }[] = [
    { label: 'no credentials', headers: {} },
    { label: 'malformed bearer token', headers: bearer('not.a.jwt') },
    { label: 'bearer with garbage', headers: { authorization: 'Bearer \u00e9\u00e9' } },
    {
      label: 'expired token',
      headers: bearer(signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, config.JWT_ACCESS_SECRET)),
    },
    {
      label: 'token signed with another key',
      headers: bearer(signJwt({ ...claims, iat: now, exp: now + 600 }, 'another-key-0123456789-0123456789-abcd')),
    },
    {
      label: 'alg none token',
      headers: bearer(handMadeJwt({ alg: 'none', typ: 'JWT' }, { ...claims, iat: now, exp: now + 600 }, null)),
    },
    {
      label: 'refresh-kind token',
      headers: bearer(signJwt({ ...claims, typ: 'refresh', iat: now, exp: now + 600 }, config.JWT_ACCESS_SECRET)),
    },
    {
      label: 'merchant-kind token',
      headers: bearer(
        signJwt({ ...claims, typ: 'merchant_access', iat: now, exp: now + 600 }, config.JWT_ACCESS_SECRET),
      ),
    },
    { label: 'merchant API key', headers: bearer(`sk_test_${'a'.repeat(48)}`) },
    { label: 'wrong internal key', headers: { 'x-internal-api-key': 'wrong-internal-key' } },
  ];
  if (!schemes.includes('internalApiKey') && valid.internalApiKey) {
    forged.push({ label: 'internal key on a non-internal route', headers: valid.internalApiKey });
  }
  if (!schemes.includes('bearerAuth') && valid.bearerAuth) {
    forged.push({ label: 'customer token on a non-customer route', headers: valid.bearerAuth });
  }
  return forged;
}
