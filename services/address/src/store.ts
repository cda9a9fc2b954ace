/**
 * Address reads and the seed. Every query is built by Kysely with bound parameters; the
 * autocomplete matches words with strpos (no LIKE, so %, _ and \ in a query are plain text).
 */
import type { Kysely, Selectable } from 'kysely';
import { inAddress, type AddressDb, type AddressTable } from './db/database.ts';
import { SEED_ADDRESSES, type SeedAddress } from './seed/addresses.ts';

export interface Address extends Pick<Selectable<AddressTable>, 'moniker' | 'line1' | 'line2' | 'town' | 'county' | 'postcode'> {
  /** One line for lists: '12 Byres Road, Glasgow G12 8TD'. */
  label: string;
}

export const AUTOCOMPLETE_LIMIT = 10;
export const MONIKER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes one schema-agnostic handle
type AnyDb = AddressDb | Kysely<any>;
const q = (db: AnyDb) => inAddress(db as AddressDb);

export function labelOf(a: Pick<Address, 'line1' | 'line2' | 'town' | 'postcode'>): string {
  return `${[a.line1, a.line2].filter(Boolean).join(', ')}, ${a.town} ${a.postcode}`;
}

/** The lines of an address as printed on an envelope (Royal Mail order: premise, street, town, postcode). */
export function formattedLines(a: Address): string[] {
  return [a.line1, a.line2, a.town.toUpperCase(), a.postcode].filter((l): l is string => Boolean(l));
}

const fromRow = (r: Selectable<AddressTable>): Address => ({ moniker: r.moniker, line1: r.line1, line2: r.line2, town: r.town, county: r.county, postcode: r.postcode, label: labelOf(r) });

/** Addresses at a normalised postcode, in street order. */
export async function addressesAt(db: AnyDb, postcode: string): Promise<Address[]> {
  const rows = await q(db).selectFrom('address').selectAll().where('postcode', '=', postcode).orderBy('house_number').orderBy('line2').orderBy('line1').orderBy('id').execute();
  return rows.map(fromRow);
}

export async function addressByMoniker(db: AnyDb, moniker: string): Promise<Address | null> {
  if (!MONIKER_PATTERN.test(moniker)) return null;
  const row = await q(db).selectFrom('address').selectAll().where('moniker', '=', moniker).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Normalises a query for matching: lower case, single spaces, at most 6 words. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().trim().split(/\s+/).filter(Boolean).slice(0, 6);
}

/** Addresses whose label (or postcode without its space) holds every word of the query. */
export async function autocomplete(db: AnyDb, query: string, limit = AUTOCOMPLETE_LIMIT): Promise<Address[]> {
  const words = queryWords(query);
  if (!words.length) return [];
  let select = q(db).selectFrom('address').selectAll();
  for (const w of words) select = select.where((eb) => eb(eb.fn('strpos', ['search_text', eb.val(w)]), '>', 0));
  const rows = await select.orderBy('postcode').orderBy('house_number').orderBy('line1').orderBy('id').limit(limit).execute();
  return rows.map(fromRow);
}

export function searchTextOf(a: Pick<SeedAddress, 'line1' | 'line2' | 'town' | 'postcode'>): string {
  return `${labelOf(a)} ${a.postcode.replace(' ', '')}`.toLowerCase();
}

/** Inserts the seeded addresses that are not there yet (idempotent: by moniker). */
export async function seedAddresses(db: AnyDb, addresses: readonly SeedAddress[] = SEED_ADDRESSES): Promise<{ inserted: number; total: number }> {
  let inserted = 0;
  for (let i = 0; i < addresses.length; i += 200) {
    const chunk = addresses.slice(i, i + 200);
    const rows = await q(db)
      .insertInto('address')
      .values(chunk.map((a) => ({ moniker: a.moniker, line1: a.line1, line2: a.line2, town: a.town, county: a.county, postcode: a.postcode, house_number: a.number, search_text: searchTextOf(a) })))
      .onConflict((oc) => oc.column('moniker').doNothing())
      .returning('id')
      .execute();
    inserted += rows.length;
  }
  const { count } = await q(db).selectFrom('address').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return { inserted, total: Number(count) };
}
