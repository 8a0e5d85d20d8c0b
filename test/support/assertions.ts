import { LedgerCheckService } from '../../src/modules/ledger/ledger-check.service';
import { errorCatalogue } from '../../src/platform/http/error-catalogue';
import { AppTarget, appOf } from './app-target';

/** Asserts the ApiError shape (code, message, requestId) with a given code. */
export function expectApiError(body: unknown, code: string): void {
  expect(body).toEqual(expect.objectContaining({ code, message: expect.any(String), requestId: expect.any(String) }));
}

/** Asserts that a code is one the error catalogue publishes: a client can look up any code it gets. */
export function expectCatalogued(code: unknown): void {
  expect(errorCatalogue().map(([catalogued]) => catalogued)).toContain(code);
}

/** The ApiError shape with a given code, and that code in the catalogue. */
export function expectCataloguedApiError(body: Record<string, unknown>, code: string): void {
  expectApiError(body, code);
  expectCatalogued(body.code);
}

/**
 * The ledger check finds nothing wrong: no unbalanced entry, no mixed currency, a trial balance
 * at zero (what it found is the failure message).
 */
export async function expectLedgerBalanced(target: AppTarget): Promise<void> {
  const report = await appOf(target).get(LedgerCheckService).check();
  const problems = report.balanced
    ? []
    : [...report.unbalancedEntries, ...report.currencyMismatches, ...report.trialBalance];
  expect(problems).toEqual([]);
}
