/**
 * Opaque keyset cursors: base64url JSON of [sort, value, id, position]. The sort is inside so a
 * cursor from one order cannot be replayed on another; the position (number of rows before the
 * next page) lets a keyset page still report its page number.
 */
import { z } from 'zod';
import { DEAL_SORTS, type DealSortParam } from '../contract.ts';
import type { KeysetPosition } from './deals.store.ts';

export interface Cursor extends KeysetPosition {
  sort: DealSortParam;
  position: number;
}

const CursorTuple = z.tuple([
  z.enum(DEAL_SORTS),
  z.union([z.number().int(), z.iso.datetime()]),
  z.number().int().positive(),
  z.number().int().nonnegative(),
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
