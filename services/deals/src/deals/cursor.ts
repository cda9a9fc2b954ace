/**
 * Opaque keyset cursors: base64url JSON of [sort, value, id, position]. The sort is inside so a
 * cursor from one order cannot be replayed on another; the position (number of rows before the
 * next page) lets a keyset page still report its page number.
 *
 * A cursor comes from the client, so it is untrusted input: every part is bounded to what its
 * column can hold (integer sort keys and ids are Postgres `integer`, created_at a sane date
 * range), so a forged cursor is a 400, never a database error.
 */
import { z } from 'zod';
import { DEAL_SORTS, type DealSortParam } from '../contract.ts';
import type { KeysetPosition } from './deals.store.ts';

export interface Cursor extends KeysetPosition {
  sort: DealSortParam;
  position: number;
}

/** Largest value of a Postgres `integer` column. */
export const PG_INT_MAX = 2_147_483_647;
/** created_at cursors must fall in this range (inclusive). */
const MIN_CURSOR_DATE = Date.parse('1970-01-01T00:00:00.000Z');
const MAX_CURSOR_DATE = Date.parse('9999-12-31T23:59:59.999Z');

const CursorTuple = z.tuple([
  z.enum(DEAL_SORTS),
  z.union([
    z.number().int().min(0).max(PG_INT_MAX),
    z.iso.datetime().refine((v) => {
      const t = Date.parse(v);
      return Number.isFinite(t) && t >= MIN_CURSOR_DATE && t <= MAX_CURSOR_DATE;
    }),
  ]),
  z.number().int().min(1).max(PG_INT_MAX),
  z.number().int().min(0).max(PG_INT_MAX),
]);

export function encodeCursor(c: Cursor): string {
  const value = c.value instanceof Date ? c.value.toISOString() : c.value;
  return Buffer.from(JSON.stringify([c.sort, value, c.id, c.position])).toString('base64url');
}

/** The cursor, or null when it is not one of ours. */
export function decodeCursor(raw: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = CursorTuple.safeParse(json);
  if (!parsed.success) return null;
  const [sort, value, id, position] = parsed.data;
  const isDateSort = sort === 'recentlyAdded';
  if (isDateSort !== (typeof value === 'string')) return null;
  return { sort, value: typeof value === 'string' ? new Date(value) : value, id, position };
}
