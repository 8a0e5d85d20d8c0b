import { Figures } from './bench-kit';

/**
 * What the benches of reads as history grows share (merchant-analytics.bench.ts,
 * ops-history.bench.ts): every route measured at a small and then at a large size, and how much
 * its p50 grew between the two.
 */

/** One size's figures, by route name. */
export interface SizeRoutes {
  routes: Record<string, Figures>;
}

/** A route's growth: its p50 and p99 at each size, and the ratio large / small of its p50. */
export interface RouteGrowth {
  smallP50: number;
  largeP50: number;
  smallP99: number;
  largeP99: number;
  ratio: number;
}

/** The growth of the route named `route` from the `small` size to the `large` one. */
export function growthOf(route: string, small: SizeRoutes, large: SizeRoutes): RouteGrowth {
  return {
    smallP50: small.routes[route].p50,
    largeP50: large.routes[route].p50,
    smallP99: small.routes[route].p99,
    largeP99: large.routes[route].p99,
    ratio: large.routes[route].p50 / Math.max(small.routes[route].p50, 0.001),
  };
}

/** Requests that failed (non-2xx responses and errors), every route of every size together. */
export function failedRequests(sizes: SizeRoutes[]): number {
  return sizes.reduce(
    (sum, size) => sum + Object.values(size.routes).reduce((total, f) => total + f.non2xx + f.errors, 0),
    0,
  );
}

/**
 * The growth table as lines: a heading with the payments of each size, then a line a route (its
 * name padded to `width`; p50 at each size, p99 small / large, the ratio, and `met` or `MISSED`
 * against `target`, or `(information)` for a route whose `target` is false).
 */
export function growthLines(
  rows: (RouteGrowth & { route: string; target?: boolean })[],
  payments: { small: number; large: number },
  target: number,
  width: number,
): string[] {
  return [
    `${'route'.padEnd(width)} p50 @${payments.small}   p50 @${payments.large}   p99 small / large   ratio (target < ${target})`,
    ...rows.map(
      (row) =>
        `${row.route.padEnd(width)} ${String(row.smallP50).padStart(8)} ms ${String(row.largeP50).padStart(10)} ms ` +
        `${String(row.smallP99).padStart(8)} / ${String(row.largeP99).padEnd(8)} ms ${row.ratio.toFixed(2).padStart(6)} ` +
        (row.target === false ? '(information)' : row.ratio < target ? 'met' : 'MISSED'),
    ),
  ];
}
