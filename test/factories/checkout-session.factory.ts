import type { Response } from 'supertest';
import { AppTarget, httpOf } from '../support/app-target';

/** A test card the sandbox rail captures at once. */
export const CAPTURED_CARD = '4242424242424242';

/** The hosted pay form as a browser holds it: the page, the CSRF cookie, and the form's hidden fields. */
export interface HostedForm {
  response: Response;
  /** `paysvc_checkout_csrf=…`, as the browser sends it back. */
  cookie: string;
  attempt: string;
  csrf: string;
}

/** The hidden `attempt` and `csrf` fields of a page that shows the pay form (a fresh one after a decline too). */
export function hostedFormFields(html: string): { attempt: string; csrf: string } {
  return {
    attempt: /name="attempt" value="([^"]+)"/.exec(html)![1],
    csrf: /name="csrf" value="([^"]+)"/.exec(html)![1],
  };
}

/**
 * GET /c/{id}, expecting 200, as a browser opens the hosted page: sending `cookie` when it already
 * holds one (and keeping it), else taking the CSRF cookie the page sets.
 */
export async function openHostedForm(target: AppTarget, sessionId: string, cookie?: string): Promise<HostedForm> {
  const call = httpOf(target).get(`/c/${sessionId}`);
  const response = await (cookie ? call.set('Cookie', cookie) : call).expect(200);
  const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return {
    response,
    cookie: cookie ?? setCookie.find((line) => line.startsWith('paysvc_checkout_csrf='))!.split(';')[0],
    ...hostedFormFields(response.text),
  };
}

/** POST /c/{id}/pay with `fields` urlencoded, with `cookie` when given (none without); any answer. */
export function postHostedForm(
  target: AppTarget,
  sessionId: string,
  cookie: string | undefined,
  fields: Record<string, string>,
) {
  const call = httpOf(target).post(`/c/${sessionId}/pay`).type('form');
  return (cookie ? call.set('Cookie', cookie) : call).send(new URLSearchParams(fields).toString());
}

/** Posts `form` (its cookie, attempt and csrf) paying with `fundingAccount` on `rail`; any answer. */
export function payHostedForm(
  target: AppTarget,
  sessionId: string,
  form: Pick<HostedForm, 'cookie' | 'attempt' | 'csrf'>,
  fundingAccount: string,
  rail = 'CARD',
) {
  return postHostedForm(target, sessionId, form.cookie, {
    rail,
    fundingAccount,
    attempt: form.attempt,
    csrf: form.csrf,
  });
}

/**
 * Pays a session on its hosted page as a payer's browser does: opens the page, then posts its form
 * with the funding account (the captured card unless given) on the rail (CARD unless given),
 * expecting `status` (303, the redirect of a paid form, unless given).
 */
export async function payOnHostedPage(
  target: AppTarget,
  sessionId: string,
  {
    fundingAccount = CAPTURED_CARD,
    rail = 'CARD',
    status = 303,
  }: { fundingAccount?: string; rail?: string; status?: number } = {},
): Promise<Response> {
  const form = await openHostedForm(target, sessionId);
  return payHostedForm(target, sessionId, form, fundingAccount, rail).expect(status);
}
