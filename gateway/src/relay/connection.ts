/**
 * Cursor connections (Relay) over the services' keyset pages. Cursors are opaque: base64 of a
 * small JSON object. The end cursor carries the service's own `nextCursor`, so `after:` continues
 * with the keyset; an edge cursor also names its position, for `after:` from the middle of a page.
 */
import { createGraphQLError } from 'graphql-yoga';
import { MAX_PAGE_SIZE } from '@shop/domain';

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

/**
 * What a cursor points at: the edge at absolute position `o` (0-based) of the list, and for the
 * last edge of a page, the service's keyset `nextCursor` (`k`) that continues after it.
 */
export interface Cursor {
  o: number;
  k?: string;
}

/**
 * No list the shop serves is this deep (the deepest, a location's deals by keyset, is a few
 * hundred thousand): a cursor past it was never issued, and is refused before any service call.
 */
export const MAX_CURSOR_OFFSET = 1_000_000;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  try {
    if (value.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(value)) throw new Error('not base64url');
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const { o, k, ...rest } = parsed as Record<string, unknown>;
      if (Object.keys(rest).length === 0 && Number.isSafeInteger(o) && (o as number) >= 0 && (o as number) <= MAX_CURSOR_OFFSET) {
        if (k === undefined) return { o: o as number };
        if (typeof k === 'string' && k.length > 0 && k.length <= 500) return { o: o as number, k };
      }
    }
  } catch {
    // fall through
  }
  throw badUserInput('`after` is not a cursor from this list.', 'after');
}

/**
 * The page size to ask for: `first` clamped to MAX_PAGE_SIZE, also when it arrives as a variable
 * (reliability G1: cost analysis cannot see variables). Zero or negative is a caller mistake.
 */
export function clampFirst(first: number | null | undefined, defaultSize: number): number {
  if (first == null) return Math.min(defaultSize, MAX_PAGE_SIZE);
  if (!Number.isInteger(first) || first <= 0) throw badUserInput('`first` must be a positive number.', 'first');
  return Math.min(first, MAX_PAGE_SIZE);
}

export function badUserInput(message: string, field?: string) {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } });
}
