import { Injectable } from '@nestjs/common';
import { SavedAccountsService } from '../billers';
import { CustomerDirectory, VerifiedCustomer } from '../identity';
import { PaymentHistory } from '../payments';
import { agreeingHints, CustomerHints, GivenHints, givenHints, UNREADABLE_PHONE } from './customer-hints';

/** Why a bill matched nobody. Deliberately coarse: it never says which hint failed. */
export type UnmatchedReason = 'NO_CANDIDATE' | 'NOT_CONFIDENT';

export type Resolution = { matched: true; customerId: string } | { matched: false; reason: UnmatchedReason };

/** One bill's identifiers, as the biller sent them. */
export interface ResolutionRequest {
  accountReference: string;
  hints?: CustomerHints | null;
}

/** Signals needed before a bill is given to a customer: account history and each agreeing hint count one. */
const REQUIRED_SIGNALS = 2;

/**
 * Decides which verified customer a biller's bill is for, for ingestion and for
 * `POST /internal/customers/resolve` alike, in bulk: a batch costs four queries whatever its
 * size (saved accounts, successful payments, phones, then the candidates' details).
 *
 * Candidates are the verified customers with the account in their history (a saved account or a
 * SUCCEEDED payment to this biller and reference) plus the verified owner of the hinted phone.
 * A match needs exactly one candidate, every hint given agreeing with them, and at least two
 * independent signals. Anything else is unmatched: `NO_CANDIDATE` when nobody is a candidate,
 * else `NOT_CONFIDENT`. Nothing about any customer but the matched one's id leaves here.
 */
@Injectable()
export class BillResolver {
  constructor(
    private readonly savedAccounts: SavedAccountsService,
    private readonly history: PaymentHistory,
    private readonly directory: CustomerDirectory,
  ) {}

  async resolveOne(billerId: string, request: ResolutionRequest): Promise<Resolution> {
    const [resolution] = await this.resolve(billerId, [request]);
    return resolution;
  }

  /** One resolution per request, in order. */
  async resolve(billerId: string, requests: readonly ResolutionRequest[]): Promise<Resolution[]> {
    if (requests.length === 0) return [];
    const hints = requests.map((request) => givenHints(request.hints));
    const references = [...new Set(requests.map((request) => request.accountReference))];
    const phones = [
      ...new Set(hints.flatMap((given) => (given.phone && given.phone !== UNREADABLE_PHONE ? [given.phone] : []))),
    ];
    const [holders, payers, phoneOwners] = await Promise.all([
      this.savedAccounts.holdersOf(billerId, references),
      this.history.payersOfAccounts(billerId, references),
      this.directory.findVerifiedByPhones(phones),
    ]);
    const candidateIds = new Set<string>([
      ...[...holders.values()].flat(),
      ...[...payers.values()].flat(),
      ...phoneOwners.values(),
    ]);
    const customers = await this.directory.verifiedCustomers([...candidateIds]);
    return requests.map((request, index) =>
      decide(
        hints[index],
        new Set([...(holders.get(request.accountReference) ?? []), ...(payers.get(request.accountReference) ?? [])]),
        hints[index].phone ? (phoneOwners.get(hints[index].phone as string) ?? null) : null,
        customers,
      ),
    );
  }
}

function decide(
  hints: GivenHints,
  accountHistory: Set<string>,
  phoneOwner: string | null,
  customers: Map<string, VerifiedCustomer>,
): Resolution {
  const candidates = new Set(
    [...accountHistory, ...(phoneOwner ? [phoneOwner] : [])].filter((id) => customers.has(id)),
  );
  if (candidates.size === 0) return { matched: false, reason: 'NO_CANDIDATE' };
  if (candidates.size > 1) return { matched: false, reason: 'NOT_CONFIDENT' };
  const [customerId] = candidates;
  const agreeing = agreeingHints(hints, customers.get(customerId) as VerifiedCustomer);
  if (agreeing === null) return { matched: false, reason: 'NOT_CONFIDENT' };
  const signals = agreeing + (accountHistory.has(customerId) ? 1 : 0);
  return signals >= REQUIRED_SIGNALS ? { matched: true, customerId } : { matched: false, reason: 'NOT_CONFIDENT' };
}
