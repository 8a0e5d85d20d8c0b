import { formatMinorUnits, minorUnitDigits } from '../../../../platform/money/money-format';
import { html, HtmlValue, SafeHtml } from './html-template';
import type { PayFormTokens } from './hosted-checkout-tokens';

/** The rails the hosted page offers, in the order shown; the payment core checks each account. */
export const HOSTED_RAILS = [
  { code: 'CARD', label: 'Card', hint: 'Card number, 12 to 19 digits' },
  { code: 'BANK_TRANSFER', label: 'Bank account', hint: '10-digit account number (NUBAN)' },
  { code: 'MOBILE_MONEY', label: 'Mobile money', hint: 'Mobile number, 10 to 15 digits' },
] as const;
export type HostedRail = (typeof HOSTED_RAILS)[number]['code'];

export function isHostedRail(value: unknown): value is HostedRail {
  return HOSTED_RAILS.some((rail) => rail.code === value);
}

/** A rendered page: its status, its markup, and the nonce its inline style and script carry (the CSP's). */
export interface RenderedPage {
  status: number;
  markup: string;
  nonce: string;
}

/** What every checkout page shows: who is paid, what for, how much. */
export interface CheckoutSummary {
  merchantName: string;
  title: string | null;
  merchantReference: string;
  amount: number;
  currency: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d0d4da;border-radius:8px}
h1{font-size:1.25rem;margin:0 0 .25rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.muted{color:#4a4f57}
dl{margin:.5rem 0 1rem}dt{font-weight:600}dd{margin:0 0 .5rem}
fieldset{border:1px solid #d0d4da;border-radius:6px;margin:0 0 1rem;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:block;padding:.25rem 0}
label.field{display:block;font-weight:600;margin:.5rem 0 .25rem}
input[type=text]{width:100%;padding:.6rem;font:inherit;border:1px solid #6b7280;border-radius:6px}
button{width:100%;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#1d4ed8;border:0;border-radius:6px;cursor:pointer}
button[disabled]{background:#4b5563}
a{color:#1d4ed8}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;border-radius:6px;padding:.75rem;margin:0 0 1rem}
.ok{border:1px solid #15803d;background:#f0fdf4;color:#14532d;border-radius:6px;padding:.75rem;margin:0 0 1rem}
.cancel{display:block;text-align:center;margin-top:1rem}
`;

/**
 * Disables the pay button once the form is sent, so an impatient second click sends nothing
 * (progressive enhancement only: without JavaScript a second submit carries the same attempt,
 * hence the same Idempotency-Key, and pays nothing twice).
 */
const SUBMIT_ONCE = `
document.querySelectorAll('form[data-submit-once]').forEach(function (form) {
  form.addEventListener('submit', function (event) {
    var button = form.querySelector('button[type=submit]');
    if (form.dataset.sent) { event.preventDefault(); return; }
    form.dataset.sent = '1';
    button.setAttribute('aria-disabled', 'true');
    button.textContent = 'Paying\u2026';
    setTimeout(function () { button.disabled = true; }, 0);
  });
});
`;

function layout(options: {
  nonce: string;
  title: string;
  body: SafeHtml;
  script?: boolean;
  refresh?: { seconds: number; url: string };
}): string {
  const { nonce, title, body, script, refresh } = options;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        ${refresh ? html`<meta http-equiv="refresh" content="${refresh.seconds}; url=${refresh.url}" />` : null}
        <title>${title}</title>
        <style nonce="${nonce}">
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
        ${
          script
            ? html`<script nonce="${nonce}">
                ${new SafeHtml(SUBMIT_ONCE)};
              </script>`
            : null
        }
      </body>
    </html> `.markup;
}

function summary(checkout: CheckoutSummary, headingLevel: 'h1' | 'h2' = 'h1'): SafeHtml {
  const heading =
    headingLevel === 'h1' ? html`<h1>${checkout.merchantName}</h1>` : html`<h2>${checkout.merchantName}</h2>`;
  return html`${heading} ${checkout.title ? html`<p class="muted">${checkout.title}</p>` : null}
    <p class="amount">${formatMinorUnits(checkout.amount, checkout.currency)}</p>
    <dl>
      <dt>Reference</dt>
      <dd>${checkout.merchantReference}</dd>
    </dl>`;
}

/** The pay form: the rails, the funding account, the attempt and its CSRF token; an error above it after a decline. */
export function payPage(options: {
  nonce: string;
  status?: number;
  checkout: CheckoutSummary;
  sessionId: string;
  tokens: PayFormTokens;
  cancelUrl: string | null;
  error?: string;
  rail?: HostedRail;
  livemode: boolean;
}): RenderedPage {
  const { checkout, tokens, sessionId, error } = options;
  const chosen = options.rail ?? 'CARD';
  const rails: HtmlValue[] = HOSTED_RAILS.map(
    (rail) =>
      html`<label class="choice"
        ><input
          type="radio"
          name="rail"
          value="${rail.code}"
          ${rail.code === chosen ? new SafeHtml(' checked') : null}
        />
        ${rail.label} <span class="muted">(${rail.hint})</span></label
      >`,
  );
  const body = html`${summary(checkout)}
    ${error ? html`<div class="alert" role="alert" id="pay-error"><strong>Payment not completed.</strong> ${error}</div>` : null}
    <form method="post" action="/c/${sessionId}/pay" data-submit-once novalidate>
      <input type="hidden" name="attempt" value="${tokens.attempt}" />
      <input type="hidden" name="csrf" value="${tokens.csrf}" />
      <fieldset>
        <legend>Pay with</legend>
        ${rails}
      </fieldset>
      <label class="field" for="fundingAccount">Card or account number</label>
      <input
        type="text"
        id="fundingAccount"
        name="fundingAccount"
        required
        autocomplete="off"
        inputmode="numeric"
        maxlength="34"
        ${error ? new SafeHtml(' aria-describedby="pay-error"') : null}
      />
      ${
        options.livemode
          ? null
          : html`<p class="muted">Test mode: no money moves; the rail simulator's test numbers decide the outcome.</p>`
      }
      <button type="submit">Pay ${formatMinorUnits(checkout.amount, checkout.currency)}</button>
    </form>
    ${options.cancelUrl ? html`<a class="cancel" href="${options.cancelUrl}">Cancel and return to ${checkout.merchantName}</a>` : null}`;
  return {
    status: options.status ?? 200,
    markup: layout({ nonce: options.nonce, title: `Pay ${checkout.merchantName}`, body, script: true }),
    nonce: options.nonce,
  };
}

/** A paid session: what was paid, and the way back to the merchant. */
export function completePage(options: {
  nonce: string;
  checkout: CheckoutSummary;
  returnUrl: string | null;
  message: string | null;
}): RenderedPage {
  const { checkout } = options;
  const body = html`${summary(checkout)}
    <div class="ok" role="status">
      <strong>Paid.</strong> ${options.message ?? 'This payment is complete. Nothing more is due.'}
    </div>
    ${options.returnUrl ? html`<p><a href="${options.returnUrl}">Return to ${checkout.merchantName}</a></p>` : null}`;
  return {
    status: 200,
    markup: layout({ nonce: options.nonce, title: `Paid: ${checkout.merchantName}`, body }),
    nonce: options.nonce,
  };
}

/**
 * A payment the rail has not answered yet: the page looks at the session again every few seconds
 * (`/c/{id}?awaiting=1`, which shows this page while the session is OPEN and the paid page once it
 * completes), with the way back to the form should the payment fail in the end.
 */
export function processingPage(options: { nonce: string; checkout: CheckoutSummary; sessionId: string }): RenderedPage {
  const body = html`${summary(options.checkout)}
    <div class="ok" role="status">
      <strong>Payment in progress.</strong> Your payment is being confirmed. This page refreshes by itself; please do
      not pay again.
    </div>
    <p><a href="/c/${options.sessionId}">Back to the payment form</a> (if the payment does not complete)</p>`;
  return {
    status: 202,
    markup: layout({
      nonce: options.nonce,
      title: 'Payment in progress',
      body,
      refresh: { seconds: 3, url: `/c/${options.sessionId}?awaiting=1` },
    }),
    nonce: options.nonce,
  };
}

/** A session past its expiry: nothing can be paid here. */
export function expiredPage(options: {
  nonce: string;
  checkout: CheckoutSummary;
  cancelUrl: string | null;
}): RenderedPage {
  const { checkout } = options;
  const body = html`${summary(checkout)}
    <div class="alert" role="alert">
      <strong>This checkout has expired.</strong> No payment was taken. Start again from ${checkout.merchantName}'s
      site.
    </div>
    ${options.cancelUrl ? html`<p><a href="${options.cancelUrl}">Return to ${checkout.merchantName}</a></p>` : null}`;
  return {
    status: 410,
    markup: layout({ nonce: options.nonce, title: 'Checkout expired', body }),
    nonce: options.nonce,
  };
}

/** A page with a heading and a sentence: unknown checkout, refused form, unavailable link, failure. */
export function messagePage(options: {
  nonce: string;
  status: number;
  title: string;
  message: string;
  link?: { href: string; text: string };
}): RenderedPage {
  const body = html`<h1>${options.title}</h1>
    <p>${options.message}</p>
    ${options.link ? html`<p><a href="${options.link.href}">${options.link.text}</a></p>` : null}`;
  return {
    status: options.status,
    markup: layout({ nonce: options.nonce, title: options.title, body }),
    nonce: options.nonce,
  };
}

/** A payment link whose amount the payer chooses: a GET form back to the link with `amount`. */
export function linkAmountPage(options: {
  nonce: string;
  status?: number;
  path: string;
  merchantName: string;
  title: string;
  description: string | null;
  currency: string;
  minAmount: number;
  maxAmount: number;
  error?: string;
}): RenderedPage {
  const { currency } = options;
  const digits = minorUnitDigits(currency);
  const min = formatMinorUnits(options.minAmount, currency);
  const max = formatMinorUnits(options.maxAmount, currency);
  const body = html`<h1>${options.merchantName}</h1>
    <p class="muted">${options.title}</p>
    ${options.description ? html`<p>${options.description}</p>` : null}
    ${options.error ? html`<div class="alert" role="alert" id="amount-error">${options.error}</div>` : null}
    <form method="get" action="${options.path}">
      <label class="field" for="amount">Amount in ${currency} (${min} to ${max})</label>
      <input
        type="text"
        id="amount"
        name="amount"
        required
        inputmode="decimal"
        autocomplete="off"
        maxlength="20"
        aria-describedby="amount-hint${options.error ? ' amount-error' : ''}"
      />
      <p class="muted" id="amount-hint">${digits > 0 ? `Up to ${digits} decimal places.` : 'Whole units only.'}</p>
      <button type="submit">Continue</button>
    </form>`;
  return {
    status: options.status ?? 200,
    markup: layout({ nonce: options.nonce, title: `Pay ${options.merchantName}`, body }),
    nonce: options.nonce,
  };
}
