import { randomInt } from 'node:crypto';
import { AppTarget, Caller, Http, httpOf } from '../support/app-target';

/** A signed-in user, as a route handler sees it, with the access token to send. */
export interface SignedInUser extends Caller {
  userId: string;
  phone: string;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  headers: { Authorization: string };
}

/** What `/auth/verify` and `/auth/login` answer. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  user: { id: string; phone: string };
}

export interface CustomerOverrides {
  phone?: string;
  /** Sets this PIN after the OTP sign-in, so the customer can log in again. */
  pin?: string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Mobile prefixes libphonenumber accepts as Nigerian. */
const MOBILE_PREFIXES = ['803', '805', '806', '807', '808', '809', '810', '811', '812', '813', '814', '816'];
const SUBSCRIBER_NUMBERS = 10_000_000;

/**
 * Where this process's numbers come from: one prefix and a run of subscriber numbers from a
 * random start. A run's Jest processes make several hundred customers in one shared database:
 * drawn at random from the 120 million numbers, two of 600-1,000 meet in 0.15-0.4 % of runs (a
 * registration then answers 409); now two processes meet only if they drew the same prefix and
 * overlapping runs, and one process never repeats itself.
 */
const phoneNumbers = {
  prefix: MOBILE_PREFIXES[randomInt(0, MOBILE_PREFIXES.length)],
  next: randomInt(0, SUBSCRIBER_NUMBERS),
};

/** A valid Nigerian mobile number that no earlier call of this process answered. */
export function randomPhoneNumber(): string {
  const subscriber = phoneNumbers.next++ % SUBSCRIBER_NUMBERS;
  return `+234${phoneNumbers.prefix}${subscriber.toString().padStart(7, '0')}`;
}

/** The code of the newest SMS the dev mailbox (DEV_MAILBOX=true in tests) holds for the number. */
export async function latestOtp(http: Http, phone: string): Promise<string> {
  const response = await http.get(`/api/v1/dev/messages?phone=${encodeURIComponent(phone)}`).expect(200);
  const body = (response.body as { body: string }[])[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no OTP in the mailbox of ${phone}`);
  return code;
}

/**
 * POST /auth/register, expecting 200. A 503 (the OTP could not be sent: Redis, which holds the
 * dev mailbox, briefly unreachable right after an app boots on a loaded machine) is retried
 * twice, as the app would; specs of the 503 itself call the route directly.
 */
async function registerPhone(http: Http, phone: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await http.post('/api/v1/auth/register').send({ phone });
    if (response.status === 200) return;
    if (response.status !== 503 || attempt === 3) {
      throw new Error(`register answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

/** register + verify: a session opened by OTP, as an app opens one. */
export async function registerAndVerify(http: Http, phone: string, deviceName?: string): Promise<Tokens> {
  await registerPhone(http, phone);
  const otp = await latestOtp(http, phone);
  const response = await http
    .post('/api/v1/auth/verify')
    .send({ phone, otp, ...(deviceName ? { deviceName } : {}) })
    .expect(200);
  return response.body as Tokens;
}

/** A customer with a PIN: register, verify, set the PIN. Answers the verify session's tokens. */
export async function signUp(http: Http, phone = randomPhoneNumber(), pin = '135790'): Promise<Tokens> {
  const tokens = await registerAndVerify(http, phone);
  await http.post('/api/v1/auth/pin').set(bearer(tokens.accessToken)).send({ pin }).expect(204);
  return tokens;
}

export async function login(http: Http, phone: string, pin = '135790'): Promise<Tokens> {
  const response = await http.post('/api/v1/auth/login').send({ phone, pin }).expect(200);
  return response.body as Tokens;
}

/**
 * A new customer signed in through the identity endpoints, as an app would (TIER_0, no PIN
 * unless `overrides.pin`). The app's config should raise RATE_LIMIT_REGISTER_PER_IP, as the
 * harness does: every spec registers from 127.0.0.1.
 */
export async function createCustomer(target: AppTarget, overrides: CustomerOverrides = {}): Promise<SignedInUser> {
  const http = httpOf(target);
  const phone = overrides.phone ?? randomPhoneNumber();
  const tokens =
    overrides.pin === undefined ? await registerAndVerify(http, phone) : await signUp(http, phone, overrides.pin);
  return signedIn(tokens, phone);
}

function signedIn(tokens: Tokens, phone = tokens.user.phone): SignedInUser {
  return {
    userId: tokens.user.id,
    phone,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    sessionId: tokens.sessionId,
    headers: bearer(tokens.accessToken),
  };
}
