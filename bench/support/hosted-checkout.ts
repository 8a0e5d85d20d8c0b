import { FUNDING_CARD } from './payment-kit';

/**
 * What the checkout benches share (checkout.bench.ts, merchant-events.bench.ts): the merchant's
 * `POST /merchant/checkout-sessions` request, and the hosted page's pay forms (`GET /c/{id}`) a
 * payer's browser renders before it posts them to `POST /c/{id}/pay`.
 */

export const SESSIONS_PATH = '/api/v1/merchant/checkout-sessions';
/** The hosted page's CSRF cookie. */
export const CSRF_COOKIE = 'paysvc_checkout_csrf';
/** Where a session sends the payer back: `/success` once paid, `/cancel` otherwise. */
export const RETURN_URL = 'http://localhost:8080/checkout';

/** A session's rendered pay form: what the browser posts back (with the CSRF cookie). */
export interface PayForm {
  sessionId: string;
  body: string;
}

/** The headers of `POST /merchant/checkout-sessions` with the merchant's key `secret` and an Idempotency-Key. */
export function sessionHeaders(secret: string, key: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${secret}`,
    'idempotency-key': key,
  };
}

/** A `POST /merchant/checkout-sessions` request: its Idempotency-Key and its JSON body. */
export interface SessionRequest {
  key: string;
  body: string;
}

/**
 * A session request for `amount` (NGN minor units) with `reference` as its Idempotency-Key and
 * merchant reference, returning to `RETURN_URL`'s pages.
 */
export function sessionRequest(reference: string, amount: number): SessionRequest {
  return {
    key: reference,
    body: JSON.stringify({
      amount,
      currency: 'NGN',
      merchantReference: reference,
      successUrl: `${RETURN_URL}/success`,
      cancelUrl: `${RETURN_URL}/cancel`,
    }),
  };
}

/** Opens a checkout session under the merchant's key `secret`; answers its id, or throws unless it answered 201. */
export async function openSession(baseUrl: string, secret: string, session: SessionRequest): Promise<string> {
  const response = await fetch(`${baseUrl}${SESSIONS_PATH}`, {
    method: 'POST',
    headers: sessionHeaders(secret, session.key),
    body: session.body,
  });
  if (response.status !== 201) throw new Error(`opening a session: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Each session's page (`GET /c/{id}`), as a payer's browser opens it: the first sets the CSRF
 * cookie, the rest are asked with it (so it is kept), and every form's attempt and token are
 * read from the markup, 16 pages at a time. Answers the cookie (`name=value`), to send with every
 * form, and the forms, one a session.
 */
export async function renderPayForms(
  baseUrl: string,
  sessionIds: string[],
): Promise<{ csrfCookie: string; forms: PayForm[] }> {
  const first = await fetch(`${baseUrl}/c/${sessionIds[0]}`);
  const cookie = first.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${CSRF_COOKIE}=`));
  if (!cookie) throw new Error(`GET /c/{id} set no ${CSRF_COOKIE} cookie (${first.status})`);
  const forms: PayForm[] = [payFormOf(sessionIds[0], first.status, await first.text())];
  for (let start = 1; start < sessionIds.length; start += 16) {
    forms.push(
      ...(await Promise.all(
        sessionIds.slice(start, start + 16).map(async (id) => {
          const response = await fetch(`${baseUrl}/c/${id}`, { headers: { cookie } });
          return payFormOf(id, response.status, await response.text());
        }),
      )),
    );
  }
  return { csrfCookie: cookie, forms };
}

/** The pay form of a session's page: the sandbox card, with the page's attempt and CSRF token. */
function payFormOf(sessionId: string, status: number, markup: string): PayForm {
  const attempt = /name="attempt" value="([^"]+)"/.exec(markup)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(markup)?.[1];
  if (status !== 200 || !attempt || !csrf) throw new Error(`GET /c/${sessionId}: ${status}, no pay form`);
  const body = new URLSearchParams({ rail: 'CARD', fundingAccount: FUNDING_CARD, attempt, csrf }).toString();
  return { sessionId, body };
}
