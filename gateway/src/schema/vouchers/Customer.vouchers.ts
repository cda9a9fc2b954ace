/**
 * Customer.vouchers: My Vouchers (spec §2 /myaccount/vouchers), the vouchers the signed-in
 * customer holds, newest first, through the vouchers service's feed (spec §7
 * voucher/{id}/{feed}?giftPacks=true; §9 feeds: "voucher" 10 a page, "find" 20).
 *
 * `first` defaults to the voucher feed's 10 and is at most the find feed's 20 (a page of up to 10
 * reads the voucher feed, a larger one the find feed). Every edge's cursor carries the service's
 * own keyset cursor of that voucher (connection.ts Cursor `k`), so `after:` any edge is one call.
 * A cursor with a position only (never one of ours) is read from the start, up to
 * OFFSET_READ_MAX; deeper, and a keyset the service refuses, are BAD_USER_INPUT naming `after`.
 */
import { VOUCHER_FEEDS } from '@shop/vouchers/contract';
import { isServiceError } from '../../clients/service-error.ts';
import type { VoucherPage } from '../../clients/vouchers.client.ts';
import { badUserInput, clampFirst, decodeCursor, encodeCursor, pageInfoOf } from '../../relay/connection.ts';
import { viewerToken } from '../buying/Order.ts';
import type { CustomerResolvers } from '../__generated__/resolvers.ts';

/** Spec §9: the voucher feed's 10 a page (My Vouchers). */
export const VOUCHERS_PAGE_DEFAULT = VOUCHER_FEEDS.voucher;
/** Spec §9: the find feed's 20, the most one page holds. */
export const VOUCHERS_PAGE_MAX = VOUCHER_FEEDS.find;
/** The service's largest page (its `first` is 1–50). */
const SERVICE_PAGE_MAX = 50;
/** The deepest window a position-only cursor may ask for: two of the service's largest pages. */
const OFFSET_READ_MAX = 2 * SERVICE_PAGE_MAX;

const NOT_A_CURSOR = '`after` is not a cursor from this list.';

type Edge = VoucherPage['edges'][number];

function connectionOf(edges: readonly Edge[], start: number, hasNextPage: boolean, totalCount: number) {
  const out = edges.map((e, i) => ({ cursor: encodeCursor({ o: start + i, k: e.cursor }), node: e.node }));
  return { edges: out, pageInfo: pageInfoOf(out, start, hasNextPage), totalCount };
}

export const vouchersCustomer: CustomerResolvers = {
  vouchers: async (customer, args, ctx) => {
    const size = Math.min(clampFirst(args.first, VOUCHERS_PAGE_DEFAULT), VOUCHERS_PAGE_MAX);
    const cursor = args.after != null ? decodeCursor(args.after) : null;
    const start = cursor ? cursor.o + 1 : 0;
    const customerToken = await viewerToken(ctx, customer);
    if (!customerToken) return connectionOf([], start, false, 0);
    const status = args.status ?? null;
    const feed = (first: number, after: string | null) => ctx.clients.vouchers.feed(customerToken, { feed: first <= VOUCHER_FEEDS.voucher ? 'voucher' : 'find', first, after, status });
    try {
      if (!cursor || cursor.k) {
        const page = await feed(size, cursor?.k ?? null);
        return connectionOf(page.edges, start, page.pageInfo.hasNextPage, page.totalCount);
      }
      // A position without the service's cursor: read the list from its start up to the window.
      if (start + size > OFFSET_READ_MAX) throw badUserInput(NOT_A_CURSOR, 'after');
      const read: Edge[] = [];
      let page = await feed(SERVICE_PAGE_MAX, null);
      read.push(...page.edges);
      while (read.length < start + size && page.pageInfo.hasNextPage && page.pageInfo.endCursor) {
        page = await feed(SERVICE_PAGE_MAX, page.pageInfo.endCursor);
        read.push(...page.edges);
      }
      const window = read.slice(start, start + size);
      return connectionOf(window, start, window.length > 0 && (read.length > start + size || page.pageInfo.hasNextPage), page.totalCount);
    } catch (error) {
      // The service refuses a keyset it never gave (a forged `after`): the caller's mistake.
      if (isServiceError(error) && error.status === 400 && error.fieldErrors.some((f) => f.field === 'after')) throw badUserInput(NOT_A_CURSOR, 'after');
      throw error;
    }
  },
};
