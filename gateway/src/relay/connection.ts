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

/** Where a connection starts: after a cursor, or at a 1-based page (?page=N links). */
export interface WindowArgs {
  after?: string | null;
  page?: number | null;
}

/** How a connection reads its service's pages (numbered pages of the window's size, 0-based). */
export interface PageSource<R, T> {
  page(page: number): Promise<R | null>;
  items(response: R): readonly T[];
  /** Whether the service has items after page `page` (its hasMore, keyset or total). */
  hasMore(response: R, page: number): boolean;
  /** A keyset service: the cursor that continues after a response, and the read after one. */
  keyset?: { next(response: R): string | null; after(key: string): Promise<R | null> };
  /** A cursor whose window needs pages the service does not serve: true gives an empty window (or throw to refuse it). */
  beyond?(page: number, offset: number): boolean;
}

export interface Window<R, T> {
  /** Absolute 0-based position of the first item. */
  start: number;
  /** The first service page read; null when there was none (an empty connection). */
  response: R | null;
  items: T[];
  hasNextPage: boolean;
  /** The keyset cursor that continues after the last item, when the window ends where a page does. */
  keyset: string | null;
}

/**
 * The one way a connection turns `page`/`after` into service calls (Location.deals, the deal lists,
 * search, orders). Cursors hold the absolute position (and, at a page's end, the service's keyset
 * cursor), so pages never overlap: `page` and an aligned cursor read one service page; a cursor
 * from the middle of a page reads the two that cover the window.
 */
export async function readWindow<R, T>(args: WindowArgs, size: number, source: PageSource<R, T>): Promise<Window<R, T>> {
  const empty = (start: number): Window<R, T> => ({ start, response: null, items: [], hasNextPage: false, keyset: null });
  const cursor = args.after != null ? decodeCursor(args.after) : null;
  if (cursor?.k && source.keyset) {
    const start = cursor.o + 1;
    const response = await source.keyset.after(cursor.k);
    if (!response) return empty(start);
    const keyset = source.keyset.next(response);
    const items = [...source.items(response)];
    return { start, response, items, hasNextPage: items.length > 0 && keyset !== null, keyset };
  }
  const start = cursor ? cursor.o + 1 : ((args.page ?? 1) - 1) * size;
  const page = Math.floor(start / size);
  const offset = start - page * size;
  if (cursor && source.beyond?.(page, offset)) return empty(start);
  const pages = await Promise.all(offset === 0 ? [source.page(page)] : [source.page(page), source.page(page + 1)]);
  const response = pages[0] ?? null;
  if (!response) return empty(start);
  const all = pages.flatMap((p) => (p ? source.items(p) : []));
  const items = all.slice(offset, offset + size);
  const lastIndex = pages.length - 1;
  const last = pages[lastIndex];
  const more = all.length > offset + size || (last ? source.hasMore(last, page + lastIndex) : false);
  // The keyset continues after the last page read: it is this window's end only when aligned.
  const keyset = offset === 0 && last && source.keyset ? source.keyset.next(last) : null;
  return { start, response, items, hasNextPage: items.length > 0 && more, keyset };
}

/** Edges of `items` from absolute position `start`; the last carries the keyset that continues after it. */
export function edgesAt<T>(items: readonly T[], start: number, keyset: string | null = null): { node: T; cursor: string }[] {
  return items.map((node, i) => ({ node, cursor: encodeCursor(i === items.length - 1 && keyset ? { o: start + i, k: keyset } : { o: start + i }) }));
}

export function pageInfoOf(edges: readonly { cursor: string }[], start: number, hasNextPage: boolean): PageInfo {
  return { hasNextPage, hasPreviousPage: start > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null };
}
