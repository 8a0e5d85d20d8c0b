import type { Response } from 'supertest';
import { addLocalhostOrigin, approvedMerchant } from '../factories/merchant.factory';
import {
  MERCHANT_PASSWORD,
  MerchantMember,
  merchantLogin,
  merchantOwnerOf,
  MerchantTokens,
  teamMemberOf,
} from '../factories/merchant-user.factory';
import { expectCataloguedApiError } from '../support/assertions';
import { createTestHarness, TestHarness } from '../support/test-harness';

type Caller = 'OWNER' | 'ADMIN' | 'DEVELOPER' | 'ANALYST' | 'API_KEY';
const CALLERS: Caller[] = ['OWNER', 'ADMIN', 'DEVELOPER', 'ANALYST', 'API_KEY'];

interface Cell {
  /** The request as `headers` would send it; objects it names are made fresh for each cell. */
  send: (headers: Record<string, string>) => Promise<Response>;
  /** The status when the caller is admitted. */
  success: number;
  admitted: Caller[];
}

/**
 * The role matrix of design/merchants.md section 3, route by route and caller by caller: each
 * admitted caller gets the route's success status, every other one 403 (FORBIDDEN for a role,
 * HUMAN_CONTEXT_REQUIRED for an API key, MERCHANT_API_KEY_REQUIRED for a person on a key-only
 * route). Each cell signs in afresh, so a logout or a switch in
 * one cell does not touch the next.
 */
describe('Merchant role matrix: every route x every role x API key', () => {
  let harness: TestHarness;
  let merchantId: string;
  let owner: MerchantMember;
  const people = new Map<Exclude<Caller, 'API_KEY'>, MerchantMember>();
  let apiKey: string;

  beforeAll(async () => {
    // Every cell signs in afresh: more logins per person than the default limit allows.
    harness = await createTestHarness({ config: { RATE_LIMIT_LOGIN_PER_PHONE: '1000' } });
    const { merchant } = await approvedMerchant(harness);
    merchantId = merchant.id;
    owner = await merchantOwnerOf(harness, merchant);
    people.set('OWNER', owner);
    for (const role of ['ADMIN', 'DEVELOPER', 'ANALYST'] as const)
      people.set(role, await teamMemberOf(harness, owner, role));
    const key = await harness.http.post('/api/v1/merchant/api-keys').set(owner.headers).send({}).expect(201);
    apiKey = (key.body as { secret: string }).secret;
  });

  afterAll(async () => {
    await harness.close();
  });

  const http = () => harness.http;

  async function credentialOf(caller: Caller): Promise<Record<string, string>> {
    if (caller === 'API_KEY') return { Authorization: `Bearer ${apiKey}` };
    const person = people.get(caller) as MerchantMember;
    const login = await merchantLogin(harness, { email: person.email, password: MERCHANT_PASSWORD, merchantId }).expect(
      200,
    );
    return { Authorization: `Bearer ${(login.body as MerchantTokens).accessToken}` };
  }

  async function newInvitation(): Promise<string> {
    const response = await http()
      .post('/api/v1/merchant/team/invitations')
      .set(owner.headers)
      .send({ email: `matrix-${Math.random().toString(36).slice(2, 10)}@merchant.example`, role: 'ANALYST' })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  async function newMembership(): Promise<string> {
    const member = await teamMemberOf(harness, owner, 'ANALYST');
    const me = await http().get('/api/v1/merchant/me').set(member.headers).expect(200);
    return (me.body as { membership: { id: string } }).membership.id;
  }

  async function newKey(): Promise<string> {
    const response = await http().post('/api/v1/merchant/api-keys').set(owner.headers).send({}).expect(201);
    return (response.body as { id: string }).id;
  }

  /** A test-mode origin of the owner's merchant; answers its id. */
  const newOrigin = () => addLocalhostOrigin(harness, owner);

  /**
   * A webhook endpoint at a public IP literal (no lookup; registration connects nowhere); answers
   * its id. The cells' earlier endpoints are deleted first: a merchant holds 16 per mode.
   */
  async function newEndpoint(): Promise<string> {
    const existing = await http().get('/api/v1/merchant/webhook-endpoints').set(owner.headers).expect(200);
    for (const { id } of existing.body as { id: string }[]) {
      await http().delete(`/api/v1/merchant/webhook-endpoints/${id}`).set(owner.headers).expect(204);
    }
    const response = await http()
      .post('/api/v1/merchant/webhook-endpoints')
      .set(owner.headers)
      .send({ url: 'https://93.184.215.14/matrix', enabledEvents: ['*'] })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  /** A test event's delivery to a new endpoint (queued; no worker runs here); answers both ids. */
  async function newDelivery(): Promise<{ endpointId: string; deliveryId: string }> {
    const endpointId = await newEndpoint();
    const response = await http()
      .post(`/api/v1/merchant/webhook-endpoints/${endpointId}/test`)
      .set(owner.headers)
      .expect(202);
    return { endpointId, deliveryId: (response.body as { id: string }).id };
  }

  const EVERY_PERSON: Caller[] = ['OWNER', 'ADMIN', 'DEVELOPER', 'ANALYST'];
  const PEOPLE_MANAGERS: Caller[] = ['OWNER', 'ADMIN'];
  const INTEGRATORS: Caller[] = ['OWNER', 'DEVELOPER'];
  /** The risk routes: every person and the key. */
  const EVERYONE: Caller[] = [...EVERY_PERSON, 'API_KEY'];
  /** The merchant API (4.10): the key only; a person gets 403 MERCHANT_API_KEY_REQUIRED. */
  const KEY_ONLY: Caller[] = ['API_KEY'];

  /** A test-mode checkout session made with the matrix's key; answers its id. */
  async function newCheckoutSession(): Promise<string> {
    const response = await http()
      .post('/api/v1/merchant/checkout-sessions')
      .set({ Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': `matrix-${Math.random().toString(36).slice(2)}` })
      .send(checkoutOrder())
      .expect(201);
    return (response.body as { id: string }).id;
  }
  const checkoutOrder = () => ({
    amount: 1000,
    currency: 'NGN',
    merchantReference: 'matrix',
    successUrl: 'https://matrix.example/paid',
    cancelUrl: 'https://matrix.example/cart',
  });

  const MATRIX: Record<string, Cell> = {
    'POST /merchant/auth/logout': {
      send: async (headers) => http().post('/api/v1/merchant/auth/logout').set(headers),
      success: 204,
      admitted: EVERY_PERSON,
    },
    'GET /merchant/me': {
      send: async (headers) => http().get('/api/v1/merchant/me').set(headers),
      success: 200,
      admitted: EVERY_PERSON,
    },
    'GET /merchant/memberships': {
      send: async (headers) => http().get('/api/v1/merchant/memberships').set(headers),
      success: 200,
      admitted: EVERY_PERSON,
    },
    'POST /merchant/memberships/{merchantId}/switch': {
      send: async (headers) => http().post(`/api/v1/merchant/memberships/${merchantId}/switch`).set(headers),
      success: 200,
      admitted: EVERY_PERSON,
    },
    'GET /merchant/team/members': {
      send: async (headers) => http().get('/api/v1/merchant/team/members').set(headers),
      success: 200,
      admitted: PEOPLE_MANAGERS,
    },
    'PATCH /merchant/team/members/{id}': {
      send: async (headers) =>
        http()
          .patch(`/api/v1/merchant/team/members/${await newMembership()}`)
          .set(headers)
          .send({ role: 'DEVELOPER' }),
      success: 200,
      admitted: PEOPLE_MANAGERS,
    },
    'DELETE /merchant/team/members/{id}': {
      send: async (headers) =>
        http()
          .delete(`/api/v1/merchant/team/members/${await newMembership()}`)
          .set(headers),
      success: 204,
      admitted: PEOPLE_MANAGERS,
    },
    'GET /merchant/team/invitations': {
      send: async (headers) => http().get('/api/v1/merchant/team/invitations').set(headers),
      success: 200,
      admitted: PEOPLE_MANAGERS,
    },
    'POST /merchant/team/invitations': {
      send: async (headers) =>
        http()
          .post('/api/v1/merchant/team/invitations')
          .set(headers)
          .send({ email: `new-${Math.random().toString(36).slice(2, 10)}@merchant.example`, role: 'DEVELOPER' }),
      success: 201,
      admitted: PEOPLE_MANAGERS,
    },
    'POST /merchant/team/invitations/{id}/resend': {
      send: async (headers) =>
        http()
          .post(`/api/v1/merchant/team/invitations/${await newInvitation()}/resend`)
          .set(headers),
      success: 200,
      admitted: PEOPLE_MANAGERS,
    },
    'DELETE /merchant/team/invitations/{id}': {
      send: async (headers) =>
        http()
          .delete(`/api/v1/merchant/team/invitations/${await newInvitation()}`)
          .set(headers),
      success: 204,
      admitted: PEOPLE_MANAGERS,
    },
    'GET /merchant/audit-log': {
      send: async (headers) => http().get('/api/v1/merchant/audit-log').set(headers),
      success: 200,
      admitted: PEOPLE_MANAGERS,
    },
    'GET /merchant/api-keys': {
      send: async (headers) => http().get('/api/v1/merchant/api-keys').set(headers),
      success: 200,
      admitted: INTEGRATORS,
    },
    'POST /merchant/api-keys': {
      send: async (headers) => http().post('/api/v1/merchant/api-keys').set(headers).send({ name: 'Matrix' }),
      success: 201,
      admitted: INTEGRATORS,
    },
    'DELETE /merchant/api-keys/{apiKeyId}': {
      send: async (headers) =>
        http()
          .delete(`/api/v1/merchant/api-keys/${await newKey()}`)
          .set(headers),
      success: 200,
      admitted: INTEGRATORS,
    },
    'GET /merchant/origins': {
      send: async (headers) => http().get('/api/v1/merchant/origins').set(headers),
      success: 200,
      admitted: INTEGRATORS,
    },
    'POST /merchant/origins': {
      send: async (headers) =>
        http()
          .post('/api/v1/merchant/origins')
          .set(headers)
          .send({ origin: `https://${Math.random().toString(36).slice(2, 10)}.matrix.example` }),
      success: 201,
      admitted: INTEGRATORS,
    },
    'POST /merchant/origins/{id}/verify': {
      send: async (headers) =>
        http()
          .post(`/api/v1/merchant/origins/${await newOrigin()}/verify`)
          .set(headers),
      success: 200,
      admitted: INTEGRATORS,
    },
    'DELETE /merchant/origins/{id}': {
      send: async (headers) =>
        http()
          .delete(`/api/v1/merchant/origins/${await newOrigin()}`)
          .set(headers),
      success: 204,
      admitted: INTEGRATORS,
    },
    'GET /merchant/webhook-endpoints': {
      send: async (headers) => http().get('/api/v1/merchant/webhook-endpoints').set(headers),
      success: 200,
      admitted: INTEGRATORS,
    },
    'POST /merchant/webhook-endpoints': {
      send: async (headers) =>
        http()
          .post('/api/v1/merchant/webhook-endpoints')
          .set(headers)
          .send({ url: 'https://93.184.215.14/matrix', enabledEvents: ['*'] }),
      success: 201,
      admitted: INTEGRATORS,
    },
    'PATCH /merchant/webhook-endpoints/{id}': {
      send: async (headers) =>
        http()
          .patch(`/api/v1/merchant/webhook-endpoints/${await newEndpoint()}`)
          .set(headers)
          .send({ description: 'Matrix' }),
      success: 200,
      admitted: INTEGRATORS,
    },
    'DELETE /merchant/webhook-endpoints/{id}': {
      send: async (headers) =>
        http()
          .delete(`/api/v1/merchant/webhook-endpoints/${await newEndpoint()}`)
          .set(headers),
      success: 204,
      admitted: INTEGRATORS,
    },
    'POST /merchant/webhook-endpoints/{id}/rotate-secret': {
      send: async (headers) =>
        http()
          .post(`/api/v1/merchant/webhook-endpoints/${await newEndpoint()}/rotate-secret`)
          .set(headers),
      success: 200,
      admitted: INTEGRATORS,
    },
    'POST /merchant/webhook-endpoints/{id}/test': {
      send: async (headers) =>
        http()
          .post(`/api/v1/merchant/webhook-endpoints/${await newEndpoint()}/test`)
          .set(headers),
      success: 202,
      admitted: INTEGRATORS,
    },
    'GET /merchant/webhook-endpoints/{id}/deliveries': {
      send: async (headers) =>
        http()
          .get(`/api/v1/merchant/webhook-endpoints/${await newEndpoint()}/deliveries`)
          .set(headers),
      success: 200,
      admitted: INTEGRATORS,
    },
    'POST /merchant/webhook-endpoints/{id}/deliveries/{deliveryId}/retry': {
      send: async (headers) => {
        const { endpointId, deliveryId } = await newDelivery();
        return http()
          .post(`/api/v1/merchant/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/retry`)
          .set(headers);
      },
      success: 202,
      admitted: INTEGRATORS,
    },
    'POST /merchant/events/{eventId}/redeliver': {
      send: async (headers) => {
        const { endpointId } = await newDelivery();
        const deliveries = await http()
          .get(`/api/v1/merchant/webhook-endpoints/${endpointId}/deliveries`)
          .set(owner.headers)
          .expect(200);
        const [{ eventId }] = deliveries.body as { eventId: string }[];
        return http().post(`/api/v1/merchant/events/${eventId}/redeliver`).set(headers);
      },
      success: 202,
      admitted: INTEGRATORS,
    },
    'GET /merchant/payment-links': {
      send: async (headers) => http().get('/api/v1/merchant/payment-links').set(headers),
      success: 200,
      admitted: KEY_ONLY,
    },
    'POST /merchant/payment-links': {
      send: async (headers) =>
        http()
          .post('/api/v1/merchant/payment-links')
          .set(headers)
          .send({ title: 'Matrix', amount: 1000, currency: 'NGN' }),
      success: 201,
      admitted: KEY_ONLY,
    },
    'POST /merchant/checkout-sessions': {
      send: async (headers) =>
        http()
          .post('/api/v1/merchant/checkout-sessions')
          .set(headers)
          .set('Idempotency-Key', `matrix-${Math.random().toString(36).slice(2)}`)
          .send(checkoutOrder()),
      success: 201,
      admitted: KEY_ONLY,
    },
    'GET /merchant/checkout-sessions/{checkoutSessionId}': {
      send: async (headers) =>
        http()
          .get(`/api/v1/merchant/checkout-sessions/${await newCheckoutSession()}`)
          .set(headers),
      success: 200,
      admitted: KEY_ONLY,
    },
    'GET /merchant/payments': {
      send: async (headers) => http().get('/api/v1/merchant/payments').set(headers),
      success: 200,
      admitted: KEY_ONLY,
    },
    'GET /merchant/payments.csv': {
      send: async (headers) => http().get('/api/v1/merchant/payments.csv').set(headers),
      success: 200,
      admitted: KEY_ONLY,
    },
    'GET /merchant/risk/profile': {
      send: async (headers) => http().get('/api/v1/merchant/risk/profile').set(headers),
      success: 200,
      admitted: EVERYONE,
    },
    'GET /merchant/risk/limits': {
      send: async (headers) => http().get('/api/v1/merchant/risk/limits').set(headers),
      success: 200,
      admitted: EVERYONE,
    },
    'GET /merchant/risk/kpis': {
      send: async (headers) => http().get('/api/v1/merchant/risk/kpis?range=30d').set(headers),
      success: 200,
      admitted: EVERYONE,
    },
    'GET /merchant/health': {
      send: async (headers) => http().get('/api/v1/merchant/health').set(headers),
      success: 200,
      admitted: KEY_ONLY,
    },
    'GET /merchant/statements': {
      send: async (headers) => http().get('/api/v1/merchant/statements').set(headers),
      success: 200,
      admitted: KEY_ONLY,
    },
  };

  describe.each(Object.entries(MATRIX))('%s', (_route, cell) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const response = await cell.send(await credentialOf(caller));
      if (cell.admitted.includes(caller)) {
        expect({ status: response.status, body: response.body as unknown }).toEqual({
          status: cell.success,
          body: expect.anything(),
        });
        return;
      }
      expect(response.status).toBe(403);
      const refusal =
        caller === 'API_KEY'
          ? 'HUMAN_CONTEXT_REQUIRED'
          : cell.admitted.includes('API_KEY')
            ? 'MERCHANT_API_KEY_REQUIRED'
            : 'FORBIDDEN';
      expectCataloguedApiError(response.body, refusal);
    });
  });
});
