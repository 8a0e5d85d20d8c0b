import { AppTarget, Caller, httpOf } from '../support/app-target';
import { approvedMerchant, registerMerchant } from './merchant.factory';
import { MerchantMember, merchantOwnerOf } from './merchant-user.factory';

/** A new API key as POST /merchant/api-keys answers it: the only answer that shows its secret. */
export interface ApiKeyBody {
  id: string;
  secret: string;
  livemode: boolean;
  [field: string]: unknown;
}

/** POST /merchant/api-keys by `caller` (a member who may make keys), expecting 201: a key of the mode. */
export async function createApiKey(target: AppTarget, caller: Caller, livemode: boolean): Promise<ApiKeyBody> {
  const response = await httpOf(target)
    .post('/api/v1/merchant/api-keys')
    .set(caller.headers)
    .send({ livemode })
    .expect(201);
  return response.body as ApiKeyBody;
}

/** A merchant, its OWNER, and the secrets of its keys: a live one only once the merchant is approved. */
export interface KeyedMerchant<Approved extends boolean = true> {
  id: string;
  owner: MerchantMember;
  /** The secret of a test-mode key. */
  test: string;
  /** The secret of a live key; null for a merchant still in KYB review, which may have test keys only. */
  live: Approved extends true ? string : null;
}

/**
 * A merchant an ADMIN approved (only registered, with `approved: false`), its OWNER, and a test key
 * and then, once approved, a live key made by the OWNER.
 */
export async function merchantWithKeys<Approved extends boolean = true>(
  target: AppTarget,
  { approved = true as Approved }: { approved?: Approved } = {},
): Promise<KeyedMerchant<Approved>> {
  const { merchant } = approved ? await approvedMerchant(target) : await registerMerchant(target);
  const owner = await merchantOwnerOf(target, merchant);
  const test = (await createApiKey(target, owner, false)).secret;
  const live = approved ? (await createApiKey(target, owner, true)).secret : null;
  return { id: merchant.id, owner, test, live: live as KeyedMerchant<Approved>['live'] };
}
