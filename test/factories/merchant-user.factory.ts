import { randomBytes } from 'node:crypto';
import { AppTarget, httpOf } from '../support/app-target';
import { MerchantBody } from './merchant.factory';

export const MERCHANT_PASSWORD = 'correct horse battery staple';

/** What /merchant/auth/login, refresh, accept and switch answer. */
export interface MerchantTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
  expiresIn: number;
}

export interface MerchantMember extends MerchantTokens {
  email: string;
  password: string;
  headers: { Authorization: string };
}

/** The newest invitation token the dev mailbox holds for `email`. */
export async function latestInvitationToken(target: AppTarget, email: string): Promise<string> {
  const response = await httpOf(target).get('/api/v1/dev/messages').query({ email }).expect(200);
  for (const message of response.body as { body: string }[]) {
    const token = /\binv_[A-Za-z0-9_-]{43}\b/.exec(message.body)?.[0];
    if (token) return token;
  }
  throw new Error(`no invitation in the mailbox of ${email}`);
}

/** POST /merchant/invitations/{token}/accept; any answer. */
export function acceptInvitation(target: AppTarget, token: string, body: Record<string, unknown>) {
  return httpOf(target)
    .post(`/api/v1/merchant/invitations/${encodeURIComponent(token)}/accept`)
    .send(body);
}

/** The merchant's OWNER: the invitation registration e-mailed, accepted with a name and MERCHANT_PASSWORD. */
export async function merchantOwnerOf(
  target: AppTarget,
  merchant: MerchantBody,
  name = 'Ada Owner',
): Promise<MerchantMember> {
  const token = await latestInvitationToken(target, merchant.contactEmail);
  const response = await acceptInvitation(target, token, { name, password: MERCHANT_PASSWORD }).expect(200);
  const tokens = response.body as MerchantTokens;
  return {
    ...tokens,
    email: merchant.contactEmail,
    password: MERCHANT_PASSWORD,
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  };
}

/** POST /merchant/auth/login; any answer. */
export function merchantLogin(target: AppTarget, body: Record<string, unknown>) {
  return httpOf(target).post('/api/v1/merchant/auth/login').send(body);
}

/** A new person on the team of `inviter`'s merchant with `role`: invited by `inviter`, accepted with MERCHANT_PASSWORD. */
export async function teamMemberOf(
  target: AppTarget,
  inviter: MerchantMember,
  role: 'ADMIN' | 'DEVELOPER' | 'ANALYST',
  email = `${role.toLowerCase()}-${randomBytes(5).toString('hex')}@merchant.example`,
): Promise<MerchantMember & { invitationId: string }> {
  const invited = await httpOf(target)
    .post('/api/v1/merchant/team/invitations')
    .set(inviter.headers)
    .send({ email, role })
    .expect(201);
  const token = await latestInvitationToken(target, email);
  const response = await acceptInvitation(target, token, {
    name: `${role[0]}${role.slice(1).toLowerCase()} Member`,
    password: MERCHANT_PASSWORD,
  }).expect(200);
  const tokens = response.body as MerchantTokens;
  return {
    ...tokens,
    email,
    password: MERCHANT_PASSWORD,
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    invitationId: (invited.body as { id: string }).id,
  };
}
