/**
 * My Wallet (issue 18 point 1): the viewer's wallet as one state (spec §3 Wallet state: hasError,
 * userWallet[]), the dated credit still unspent and the history of every ledger posting.
 *
 * Spec §4 "A wallet error empties the wallet": when the wallet service fails or passes its 40,000
 * ms deadline (spec §7 GET user/wallet, the context's WALLET_TIMEOUT_MS), the state is hasError
 * with no balances, no credit and no history, never a wrong or stale figure. Only the viewer's own
 * wallet is read (the token comes from the session, never from input); another customer, a guest
 * or a forged id get nothing (reliability Z1).
 */
import type { GatewayContext } from '../../context.ts';
import type { WalletBalance, WalletCreditLotRecord, WalletTransactionRecord } from '../../clients/wallet.client.ts';
import { clampFirst, decodeCursor, encodeCursor, pageInfoOf, badUserInput } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { CustomerResolvers, WalletCreditLotResolvers, WalletStateResolvers, WalletTransactionResolvers } from '../__generated__/resolvers.ts';
import type { CustomerParent } from '../accounts/Customer.ts';
import { viewerToken } from '../buying/Order.ts';
import type { TypedNode } from '../../relay/node.ts';

export interface WalletStateParent {
  hasError: boolean;
  /** The viewer's token; null when hasError (no history is read then). */
  customerToken: string | null;
  balances: WalletBalance[];
  lots: WalletCreditLotRecord[];
}
export type WalletTransactionParent = WalletTransactionRecord;
export type WalletCreditLotParent = WalletCreditLotRecord;

/** History page size by default, and at most (a page is one REST call). */
const WALLET_HISTORY_PAGE_DEFAULT = 20;
const WALLET_HISTORY_PAGE_MAX = 50;

const EMPTY: Omit<WalletStateParent, 'hasError'> = { customerToken: null, balances: [], lots: [] };

function logFailure(ctx: GatewayContext, what: string, error: unknown) {
  ctx.logger.warn('Wallet read failed.', { correlationId: ctx.requestId, what, error: String(error) });
}

export const walletCustomer: Pick<CustomerResolvers, 'walletState'> = {
  walletState: async (customer: CustomerParent, _a, ctx) => {
    const customerToken = await viewerToken(ctx, customer);
    if (!customerToken) return { hasError: false, ...EMPTY };
    try {
      const [balances, lots] = await Promise.all([ctx.clients.wallet.balances(customerToken), ctx.clients.wallet.creditLots(customerToken)]);
      return { hasError: false, customerToken, balances, lots };
    } catch (error) {
      // Spec §4: a wallet error empties the wallet.
      logFailure(ctx, 'balances', error);
      return { hasError: true, ...EMPTY };
    }
  },
};

const money = (amount: number, currency: 'GBP' | 'EUR') => ({ amount, currency });

/** What a posting was for, in the shopper's words (the ledger's reason names credits and refunds itself). */
function walletDescription(t: Pick<WalletTransactionRecord, 'kind' | 'reason'>): string {
  switch (t.kind) {
    case 'credit':
    case 'refund':
      return t.reason;
    case 'hold':
      return 'Paid towards an order';
    case 'capture':
      return 'Order payment completed';
    case 'release':
      return 'Order not completed: credit returned';
    case 'reversal':
      return 'Order payment reversed: credit returned';
    case 'expiry':
      return 'Expired credit';
  }
}

export const WalletStateType: WalletStateResolvers = {
  hasError: (s) => s.hasError,
  userWallet: (s) =>
    s.balances.map((w) => ({
      currency: w.currency,
      balance: money(w.balance, w.currency),
      marketingBalance: money(w.marketingBalance, w.currency),
      refundableBalance: money(w.refundableBalance, w.currency),
    })),
  creditLots: (s) => s.lots,
  history: async (s, args: { first?: number | null; after?: string | null }, ctx) => {
    if (s.hasError || !s.customerToken) return s.hasError ? null : { edges: [], pageInfo: pageInfoOf([], 0, false) };
    const size = Math.min(clampFirst(args.first, WALLET_HISTORY_PAGE_DEFAULT), WALLET_HISTORY_PAGE_MAX);
    // Every cursor carries its transaction id: `after` continues below it (keyset on the ledger's id).
    const cursor = args.after != null ? decodeCursor(args.after) : null;
    const before = cursor ? Number(cursor.k) : undefined;
    if (cursor && !(Number.isSafeInteger(before) && before! > 0)) throw badUserInput('`after` is not a cursor from this list.', 'after');
    const start = cursor ? cursor.o + 1 : 0;
    let rows: WalletTransactionRecord[];
    try {
      rows = await ctx.clients.wallet.transactions(s.customerToken, { limit: size + 1, ...(before === undefined ? {} : { before }) });
    } catch (error) {
      logFailure(ctx, 'history', error);
      throw error;
    }
    const items = rows.slice(0, size);
    const edges = items.map((node, i) => ({ node, cursor: encodeCursor({ o: start + i, k: String(node.id) }) }));
    return { edges, pageInfo: pageInfoOf(edges, start, rows.length > size) };
  },
};

const KIND = { credit: 'CREDIT', hold: 'HOLD', capture: 'CAPTURE', release: 'RELEASE', reversal: 'REVERSAL', refund: 'REFUND', expiry: 'EXPIRY' } as const;

export const WalletTransactionType: WalletTransactionResolvers = {
  id: (t) => toGlobalId('WalletTransaction', t.id),
  kind: (t) => KIND[t.kind],
  description: (t) => walletDescription(t),
  change: (t) => money(t.amount, t.currency),
  marketingChange: (t) => money(t.marketing, t.currency),
  refundableChange: (t) => money(t.refundable, t.currency),
  createdAt: (t) => t.createdAt,
};

export const WalletCreditLotType: WalletCreditLotResolvers = {
  currency: (l) => l.currency,
  bucket: (l) => (l.bucket === 'marketing' ? 'MARKETING' : 'REFUNDABLE'),
  amount: (l) => money(l.amount, l.currency),
  remaining: (l) => money(l.remaining, l.currency),
  expiresAt: (l) => l.expiresAt,
  description: (l) => l.reason,
};

const TX_ID = /^[1-9]\d{0,14}$/;

/**
 * node(id:) for WalletTransaction:{id}: the signed-in customer's own posting; another customer's,
 * a guest's, an unknown or malformed id are the same null (the service reads only the viewer's
 * history: the one posting below id + 1).
 */
export async function loadWalletTransactionNode(ctx: GatewayContext, key: string): Promise<TypedNode | null> {
  if (!TX_ID.test(key)) return null;
  const viewer = await ctx.session.viewer();
  if (!viewer) return null;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return null;
  const id = Number(key);
  const [found] = await ctx.clients.wallet.transactions(customerToken, { limit: 1, before: id + 1 });
  return found && found.id === id ? { __typename: 'WalletTransaction', ...found } : null;
}
