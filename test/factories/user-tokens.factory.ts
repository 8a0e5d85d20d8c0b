import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import request from 'supertest';
import { StaffAccountService } from '../../src/modules/identity/staff-account.service';
import type { UserRole } from '../../src/platform/auth/principal';

/** A signed-in user, as a route handler sees it, with the access token to send. */
export interface SignedInUser {
  userId: string;
  phone: string;
  accessToken: string;
  headers: { Authorization: string };
}

/** A valid Nigerian mobile number, unique enough for one test run. */
export function randomPhoneNumber(): string {
  return `+234805${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
}

/**
 * Signs a new customer in through the identity endpoints, as an app would: register, read the
 * OTP from the development mailbox (DEV_MAILBOX=true in tests), verify. The app's config
 * should raise RATE_LIMIT_REGISTER_PER_IP: every spec registers from 127.0.0.1.
 */
export async function signInCustomer(app: INestApplication): Promise<SignedInUser> {
  const http = request(app.getHttpServer());
  const phone = randomPhoneNumber();
  await http.post('/api/v1/auth/register').send({ phone }).expect(200);
  const mailbox = await http.get('/api/v1/dev/messages').query({ phone }).expect(200);
  const otp = /\b(\d{6})\b/.exec((mailbox.body as { body: string }[])[0]?.body ?? '')?.[1];
  if (!otp) throw new Error(`no OTP in the development mailbox of ${phone}`);
  const verified = await http.post('/api/v1/auth/verify').send({ phone, otp }).expect(200);
  const body = verified.body as { accessToken: string; user: { id: string } };
  return {
    userId: body.user.id,
    phone,
    accessToken: body.accessToken,
    headers: { Authorization: `Bearer ${body.accessToken}` },
  };
}

/**
 * A signed-in user with a staff role. Roles are granted only by the `admin` command-line
 * task, through StaffAccountService; the user's live session gets the role on its next request.
 */
export async function signInStaff(app: INestApplication, role: UserRole): Promise<SignedInUser> {
  const user = await signInCustomer(app);
  await app.get(StaffAccountService).assignRole(user.phone, role);
  return user;
}
