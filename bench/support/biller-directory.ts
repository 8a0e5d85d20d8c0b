import { Client } from 'pg';
import { billerSearchTexts } from '../../src/modules/billers/directory/biller-search-text';
import { log } from './bench-kit';

/**
 * The directory the search benches load (billers-search.bench.ts, read-floors.bench.ts): billers
 * shaped like a national directory under the slug prefix `bench-` and the category
 * `bench-directory`, and the queries customers type against it.
 */
export const CATEGORY_SLUG = 'bench-directory';

const PLACES = [
  'Lagos',
  'Ikeja',
  'Lekki',
  'Surulere',
  'Yaba',
  'Epe',
  'Badagry',
  'Ikorodu',
  'Abuja',
  'Gwagwalada',
  'Kubwa',
  'Kano',
  'Kaduna',
  'Zaria',
  'Katsina',
  'Sokoto',
  'Gusau',
  'Birnin Kebbi',
  'Maiduguri',
  'Damaturu',
  'Bauchi',
  'Gombe',
  'Yola',
  'Jalingo',
  'Jos',
  'Lafia',
  'Makurdi',
  'Lokoja',
  'Minna',
  'Ilorin',
  'Ibadan',
  'Ogbomoso',
  'Oyo',
  'Abeokuta',
  'Ijebu Ode',
  'Sagamu',
  'Osogbo',
  'Ile Ife',
  'Ilesa',
  'Akure',
  'Ondo',
  'Owo',
  'Ado Ekiti',
  'Benin',
  'Auchi',
  'Warri',
  'Sapele',
  'Asaba',
  'Agbor',
  'Onitsha',
  'Awka',
  'Nnewi',
  'Enugu',
  'Nsukka',
  'Abakaliki',
  'Owerri',
  'Orlu',
  'Umuahia',
  'Aba',
  'Uyo',
  'Eket',
  'Calabar',
  'Ikom',
  'Port Harcourt',
  'Bonny',
  'Yenagoa',
  'Brass',
  'Keffi',
  'Suleja',
  'Bida',
];
const KINDS = [
  'Electricity Distribution',
  'Water Board',
  'Water Corporation',
  'Broadband',
  'Fibre Internet',
  'Cable TV',
  'Gas Supply',
  'Polytechnic',
  'University',
  'College of Education',
  'Secondary School',
  'Teaching Hospital',
  'Health Insurance',
  'Motor Insurance',
  'Life Assurance',
  'Microfinance Bank',
  'Cooperative Society',
  'Estate Service Charge',
  'Waste Management',
  'Local Government Levy',
  'Land Registry',
  'Internal Revenue',
  'Toll Plaza',
  'Parking Authority',
  'Football Club',
  'Fitness Club',
  'Bus Transport',
  'Ferry Services',
  'Security Services',
  'Solar Power',
  'Pension Fund',
  'Loan Repayment',
  'Savings Plan',
  'Radio and Television',
  'Market Association',
  'Housing Authority',
  'Sports Commission',
  'Tourism Board',
  'Polo Club',
  'Golf Club',
];
const SYLLABLES = [
  'ka',
  'zo',
  'ri',
  'ne',
  'lu',
  'ba',
  'to',
  'mi',
  'sa',
  'de',
  'vo',
  'xe',
  'qu',
  'fa',
  'ju',
  'po',
  'wi',
  'ye',
];

/** A deterministic pseudo-random sequence, so every run loads the same billers. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export interface BenchBiller {
  slug: string;
  name: string;
  aliases: string[];
  popularity: number;
}

/**
 * Billers shaped like a national directory: half "<place> <kind>" (70 places, 40 kinds), half
 * "<Brand> <kind>" with made-up brands, each with its initials and (brands) a branch as
 * aliases. With 10,000, a place matches about 150 billers (70 by name, the rest as a brand's
 * branch), a kind word a few hundred (500 for "water" or "insurance"), a brand a handful.
 */
export function benchBillers(count: number): BenchBiller[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const billers: BenchBiller[] = [];
  for (let index = 0; index < count; index += 1) {
    const kind = KINDS[index % KINDS.length];
    const branded = index % 2 === 1;
    const brand = [pick(SYLLABLES), pick(SYLLABLES), pick(SYLLABLES)].join('');
    const owner = branded
      ? brand.charAt(0).toUpperCase() + brand.slice(1)
      : PLACES[Math.floor(index / KINDS.length) % PLACES.length];
    const name = `${owner} ${kind}`;
    const initials = name
      .split(' ')
      .map((word) => word.charAt(0))
      .join('')
      .toUpperCase();
    billers.push({
      slug: `bench-${String(index).padStart(5, '0')}`,
      name,
      aliases: branded ? [initials, `${owner} ${pick(PLACES)}`] : [initials],
      popularity: Math.floor(next() * 5000),
    });
  }
  return billers;
}

/**
 * What customers type: places, kinds, brands, two words, prefixes, typos, and one that finds
 * nothing ("fees" is no biller's word). Each reaches PostgreSQL; the probe prints their matches.
 */
export function benchQueries(billers: BenchBiller[]): string[] {
  const brands = billers.filter((_, index) => index % 2 === 1).map((biller) => biller.name.split(' ')[0].toLowerCase());
  const brand = (index: number) => brands[index % brands.length];
  return [
    'lagos',
    'ikeja',
    'electricity',
    'electrcity',
    'water',
    'insurance',
    'insurrance',
    'kano water',
    'abuja univ',
    'port harcourt',
    'toll',
    'polytechnic fees',
    brand(11),
    brand(250),
    brand(1731),
    brand(3002),
    `${brand(4100).slice(0, -1)}x`,
    brand(777).slice(0, 4),
    'ibadan',
    'enugu broadband',
  ];
}

/**
 * Makes the bench database's billers exactly the bench set, in batches of 1,000: inserts the
 * missing ones, rewrites any that differ, deletes other `bench-` billers (a smaller
 * BENCH_BILLERS). A repeated run writes nothing.
 */
export async function loadBillers(client: Client, billers: BenchBiller[]): Promise<void> {
  await client.query(
    `INSERT INTO biller_categories (id, slug, name, icon, sort_order, active)
     VALUES (gen_random_uuid(), $1, 'Bench directory', 'bolt', 1000, true) ON CONFLICT (slug) DO NOTHING`,
    [CATEGORY_SLUG],
  );
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM biller_categories WHERE slug = $1`, [
    CATEGORY_SLUG,
  ]);
  let written = 0;
  for (let start = 0; start < billers.length; start += 1000) {
    const batch = billers.slice(start, start + 1000);
    const texts = batch.map((biller) => billerSearchTexts(biller.name, biller.aliases));
    const result = await client.query(
      `INSERT INTO billers (id, slug, name, aliases, category_id, country, currency, accepted_rails, min_amount,
                            max_amount, account_reference_label, account_reference_pattern, amount_rule,
                            popularity, search_name, search_text)
       SELECT gen_random_uuid(), slug, name, ARRAY(SELECT json_array_elements_text(aliases::json)), $1, 'NG', 'NGN',
              '{CARD}', 100, 100000000, 'Account number', '\\d{10}', 'ANY', popularity, search_name, search_text
         FROM unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::text[], $7::text[])
              AS t(slug, name, aliases, popularity, search_name, search_text)
       ON CONFLICT (slug) DO UPDATE
          SET name = excluded.name, aliases = excluded.aliases, category_id = excluded.category_id, active = true,
              available = true, popularity = excluded.popularity, search_name = excluded.search_name,
              search_text = excluded.search_text
        WHERE (billers.name, billers.aliases, billers.category_id, billers.active, billers.available,
               billers.popularity, billers.search_name, billers.search_text)
              IS DISTINCT FROM (excluded.name, excluded.aliases, excluded.category_id, true, true,
                                excluded.popularity, excluded.search_name, excluded.search_text)`,
      [
        rows[0].id,
        batch.map((biller) => biller.slug),
        batch.map((biller) => biller.name),
        batch.map((biller) => JSON.stringify(biller.aliases)),
        batch.map((biller) => biller.popularity),
        texts.map((text) => text.searchName),
        texts.map((text) => text.searchText),
      ],
    );
    written += result.rowCount ?? 0;
  }
  const deleted = await client.query(`DELETE FROM billers WHERE slug LIKE 'bench-%' AND NOT (slug = ANY ($1))`, [
    billers.map((biller) => biller.slug),
  ]);
  await client.query('VACUUM ANALYZE billers');
  await client.query('VACUUM ANALYZE biller_search_terms');
  const { rows: counted } = await client.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM billers WHERE active`,
  );
  log(`billers: ${written} written, ${deleted.rowCount ?? 0} deleted now; ${counted[0].total} active in the database`);
}

/**
 * Calls of biller_search_query the bench database has counted (one per search with text); they
 * are counted with `track_functions = 'pl'` set on the database.
 */
export async function searchQueryCalls(client: Client): Promise<number> {
  const { rows } = await client.query<{ calls: string }>(
    `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_user_functions WHERE funcname = 'biller_search_query'`,
  );
  return Number(rows[0].calls);
}

/**
 * The calls of biller_search_query counted since `before` (a `searchQueryCalls` reading), read
 * again every second for up to 15 s until they reach `searches`: idle backends flush their
 * statistics within about 10 s.
 */
export async function searchCallsSince(client: Client, before: number, searches: number): Promise<number> {
  let reached = (await searchQueryCalls(client)) - before;
  for (let wait = 0; reached < searches && wait < 15; wait += 1) {
    await new Promise((done) => setTimeout(done, 1000));
    reached = (await searchQueryCalls(client)) - before;
  }
  return reached;
}
