import { DataSource } from 'typeorm';
import { MerchantStatementGenerator } from '../../src/modules/merchants/statements/merchant-statement-generator';
import { parseStatementPeriod } from '../../src/modules/merchants/statements/statement-period';
import { plantMerchantCapture } from '../factories/merchant-ledger.factory';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import {
  addLocalhostOrigin,
  approvedMerchant,
  merchantRegistration,
  registerMerchant,
} from '../factories/merchant.factory';
import {
  latestInvitationToken,
  MERCHANT_PASSWORD,
  MerchantMember,
  merchantOwnerOf,
  teamMemberOf,
} from '../factories/merchant-user.factory';
import { type Fixture, type FixtureContext, targetOf, unique } from './fixture-kit';

/** The caller (a new merchant's OWNER) as the inviter of team members. */
function callerOf(context: FixtureContext): MerchantMember {
  return { headers: { Authorization: context.headers.authorization } } as MerchantMember;
}

/** A DEVELOPER on the caller's team; answers their membership id. */
async function teamMembership(context: FixtureContext): Promise<string> {
  const member = await teamMemberOf(targetOf(context), callerOf(context), 'DEVELOPER');
  const me = await context.http.get('/api/v1/merchant/me').set(member.headers).expect(200);
  return (me.body as { membership: { id: string } }).membership.id;
}

/** A pending invitation of the caller's merchant; answers its id. */
async function pendingInvitation(context: FixtureContext): Promise<string> {
  const response = await context.http
    .post('/api/v1/merchant/team/invitations')
    .set(context.headers)
    .send({ email: `${unique('invitee')}@merchant.example`, role: 'ANALYST' })
    .expect(201);
  return (response.body as { id: string }).id;
}

/** A webhook URL at a public IP literal: registration vets it without a lookup and connects nowhere. */
const WEBHOOK_URL = 'https://93.184.215.14/contract';

/** A webhook endpoint of the caller's merchant; answers its id. */
async function webhookEndpoint(context: FixtureContext): Promise<string> {
  const response = await context.http
    .post('/api/v1/merchant/webhook-endpoints')
    .set(context.headers)
    .send({ url: WEBHOOK_URL, enabledEvents: ['*'] })
    .expect(201);
  return (response.body as { id: string }).id;
}

/** A checkout payment of the caller's key's merchant and mode, paid through the payment core; answers its id. */
async function paidCheckoutPayment(context: FixtureContext): Promise<string> {
  const created = await context.http
    .post('/api/v1/merchant/checkout-sessions')
    .set(context.headers)
    .set('Idempotency-Key', unique('contract-checkout'))
    .send({
      amount: 250_000,
      currency: 'NGN',
      merchantReference: 'contract',
      successUrl: 'https://shop.example.com/paid',
      cancelUrl: 'https://shop.example.com/cart',
    })
    .expect(201);
  const paid = await context.app.get(CheckoutPayments).pay({
    sessionId: (created.body as { id: string }).id,
    rail: 'CARD',
    fundingAccount: '4242424242424242',
    idempotencyKey: unique('contract-pay'),
  });
  if (paid.outcome !== 'PAID') throw new Error(`the contract's checkout payment was ${paid.outcome}`);
  return paid.paymentId;
}

/** A PENDING refund of a paid checkout payment of the caller's merchant; answers its id. */
async function pendingRefund(context: FixtureContext): Promise<string> {
  const paymentId = await paidCheckoutPayment(context);
  const refunded = await context.http
    .post('/api/v1/merchant/refunds')
    .set(context.headers)
    .set('Idempotency-Key', unique('contract-refund'))
    .send({ paymentId, amount: 1000, reason: 'DUPLICATE' })
    .expect(201);
  return (refunded.body as { id: string }).id;
}

/** The merchants operations' good inputs: a new application each, with its own registration number and e-mail. */
export const MERCHANT_FIXTURES: Record<string, Fixture> = {
  MerchantOnboarding_register: () => Promise.resolve({ body: merchantRegistration() }),
  MerchantOnboarding_status: async (context) => {
    const { merchant, onboardingToken } = await registerMerchant(targetOf(context));
    return { pathParams: { merchantId: merchant.id }, query: { token: onboardingToken } };
  },
  MerchantOnboarding_uploadDocument: async (context) => {
    const { merchant, onboardingToken } = await registerMerchant(targetOf(context));
    return {
      pathParams: { merchantId: merchant.id },
      query: { token: onboardingToken },
      body: { registrationNo: merchant.registrationNumber },
    };
  },
  AdminMerchants_setPricing: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
    // The example's date would fall in the past one day.
    // The examples show both anchors; a schedule takes the one its interval needs.
    body: {
      effectiveAt: new Date(Date.now() + 86_400_000).toISOString(),
      payoutSchedule: { interval: 'WEEKLY', delayDays: 1, weeklyAnchor: 'FRIDAY' },
    },
  }),
  AdminMerchants_setSettlementAccount: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  AdminMerchants_setRiskTier: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  AdminMerchants_setVelocityCaps: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  MerchantAuth_login: async (context) => {
    const { merchant } = await registerMerchant(targetOf(context));
    await merchantOwnerOf(targetOf(context), merchant);
    return { body: { email: merchant.contactEmail, password: MERCHANT_PASSWORD, merchantId: merchant.id } };
  },
  MerchantAuth_refresh: async (context) => {
    const { merchant } = await registerMerchant(targetOf(context));
    return { body: { refreshToken: (await merchantOwnerOf(targetOf(context), merchant)).refreshToken } };
  },
  MerchantAuth_accept: async (context) => {
    const { merchant } = await registerMerchant(targetOf(context));
    return {
      pathParams: { token: await latestInvitationToken(targetOf(context), merchant.contactEmail) },
      body: { name: 'Ada Owner', password: MERCHANT_PASSWORD },
    };
  },
  // The caller (a new merchant's owner) gets a second membership to switch to.
  MerchantAuth_switchMembership: async (context) => {
    const second = (await approvedMerchant(targetOf(context))).merchant;
    const me = await context.http.get('/api/v1/merchant/me').set(context.headers).expect(200);
    const userId = (me.body as { user: { id: string } }).user.id;
    await context.app
      .get(DataSource)
      .query(
        `INSERT INTO merchant_memberships (id, user_id, merchant_id, role, status, created_at) VALUES (gen_random_uuid(), $1, $2, 'ANALYST', 'ACTIVE', now())`,
        [userId, second.id],
      );
    return { pathParams: { merchantId: second.id } };
  },
  MerchantTeam_changeRole: async (context) => ({ pathParams: { id: await teamMembership(context) } }),
  MerchantTeam_remove: async (context) => ({ pathParams: { id: await teamMembership(context) } }),
  MerchantTeam_invite: () => Promise.resolve({ body: { email: `${unique('invitee')}@merchant.example` } }),
  MerchantTeam_resend: async (context) => ({ pathParams: { id: await pendingInvitation(context) } }),
  MerchantTeam_revoke: async (context) => ({ pathParams: { id: await pendingInvitation(context) } }),
  MerchantApiKeys_revoke: async (context) => {
    const created = await context.http.post('/api/v1/merchant/api-keys').set(context.headers).send({}).expect(201);
    return { pathParams: { apiKeyId: (created.body as { id: string }).id } };
  },
  MerchantOrigins_verify: async (context) => ({ pathParams: { id: await addLocalhostOrigin(context.app, context) } }),
  MerchantOrigins_remove: async (context) => ({ pathParams: { id: await addLocalhostOrigin(context.app, context) } }),
  MerchantWebhookEndpoints_create: () => Promise.resolve({ body: { url: WEBHOOK_URL, enabledEvents: ['*'] } }),
  MerchantWebhookEndpoints_update: async (context) => ({
    pathParams: { id: await webhookEndpoint(context) },
    body: { url: WEBHOOK_URL },
  }),
  MerchantWebhookEndpoints_remove: async (context) => ({ pathParams: { id: await webhookEndpoint(context) } }),
  MerchantWebhookEndpoints_rotateSecret: async (context) => ({ pathParams: { id: await webhookEndpoint(context) } }),
  MerchantWebhookEndpoints_test: async (context) => ({ pathParams: { id: await webhookEndpoint(context) } }),
  MerchantWebhookEndpoints_deliveries: async (context) => ({ pathParams: { id: await webhookEndpoint(context) } }),
  MerchantWebhookEndpoints_retry: async (context) => {
    const id = await webhookEndpoint(context);
    const test = await context.http
      .post(`/api/v1/merchant/webhook-endpoints/${id}/test`)
      .set(context.headers)
      .expect(202);
    return { pathParams: { id, deliveryId: (test.body as { id: string }).id } };
  },
  MerchantWebhookEvents_redeliver: async (context) => {
    const id = await webhookEndpoint(context);
    const test = await context.http
      .post(`/api/v1/merchant/webhook-endpoints/${id}/test`)
      .set(context.headers)
      .expect(202);
    return { pathParams: { eventId: (test.body as { eventId: string }).eventId } };
  },
  AdminMerchantOwnerInvitation_reissue: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  AdminMerchantApiKeys_issue: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  // A fixed amount (the example shows the bounds too), a slug and an expiry of the run's own.
  PaymentLinks_create: () =>
    Promise.resolve({
      body: {
        minAmount: undefined,
        maxAmount: undefined,
        slug: unique('contract-link').toLowerCase(),
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
  // The examples carry both return-URL forms; each call sends one (undefined drops the field).
  CheckoutSessions_create: () =>
    Promise.resolve({ headers: { 'Idempotency-Key': unique('contract-checkout') }, body: { endpoint: undefined } }),
  SandboxCheckoutSessions_create: () =>
    Promise.resolve({
      headers: { 'Idempotency-Key': unique('contract-sandbox') },
      body: { successUrl: undefined, cancelUrl: undefined },
    }),
  CheckoutSessions_get: async (context) => {
    const created = await context.http
      .post('/api/v1/merchant/checkout-sessions')
      .set(context.headers)
      .set('Idempotency-Key', unique('contract-checkout'))
      .send({
        amount: 1000,
        currency: 'NGN',
        merchantReference: 'contract',
        successUrl: 'https://shop.example.com/paid',
        cancelUrl: 'https://shop.example.com/cart',
      })
      .expect(201);
    return { pathParams: { checkoutSessionId: (created.body as { id: string }).id } };
  },
  // A test-mode statement of the key's merchant: a capture planted in September 2026, the month stated.
  MerchantStatements_file: async (context) => {
    const secret = context.headers.authorization.replace(/^Bearer /, '');
    const [key] = await context.app
      .get(DataSource)
      .query<{ merchant_id: string }[]>(`SELECT merchant_id FROM merchant_api_keys WHERE prefix = $1`, [
        secret.slice(0, 'sk_test_'.length + 6),
      ]);
    const merchant = { merchantId: key.merchant_id, livemode: false };
    await plantMerchantCapture(targetOf(context), merchant, '2026-09-12T10:00:00Z', {
      amount: 100_000,
      fee: 1_500,
      reserve: 0,
    });
    const [statement] = await context.app
      .get(MerchantStatementGenerator)
      .generate(merchant.merchantId, false, parseStatementPeriod('2026-09'));
    return { pathParams: { statementId: statement.id } };
  },
  AdminMerchantStatements_generate: async (context) => ({
    pathParams: { merchantId: (await approvedMerchant(targetOf(context))).merchant.id },
  }),
  // The example's 50,000 of a 250,000 payment, spent from the balance a second payment leaves too.
  MerchantRefunds_create: async (context) => {
    await paidCheckoutPayment(context);
    return {
      headers: { 'Idempotency-Key': unique('contract-refund') },
      body: { paymentId: await paidCheckoutPayment(context) },
    };
  },
  MerchantRefunds_get: async (context) => ({ pathParams: { refundId: await pendingRefund(context) } }),
  // The examples name both targets; each call sends one: a new test session of the caller's.
  TestClock_advance: async (context) => {
    const created = await context.http
      .post('/api/v1/developer/sandbox/checkout-sessions')
      .set(context.headers)
      .set('Idempotency-Key', unique('contract-clock'))
      .send({ amount: 1000, currency: 'NGN', merchantReference: 'contract', endpoint: 'https://shop.example.com/back' })
      .expect(201);
    return { body: { checkoutSessionId: (created.body as { id: string }).id, paymentId: undefined, seconds: 60 } };
  },
  AdminMerchants_changeKyb: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
    body: { status: 'APPROVED' },
  }),
};
