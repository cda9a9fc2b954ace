/**
 * Demo activity (issue 17 point 8): in a development shop (`npm start`, `npm run dev`; never in
 * production, never in the browser journeys' shop) the demo merchants have something to look at —
 * sales, redemptions (and so a payout statement) and bookings — made once, the first time the
 * shop starts on a database, through the shop's own GraphQL as a shopper and a merchant would:
 * the Glasgow demo merchant gives a bookable deal of theirs a weekly capacity; a demo shopper
 * (`demo.shopper@thistledeals.example`, password `Thistle-Shopper-1`) buys vouchers of their
 * businesses' deals with the sandbox card and books dates for two bookable ones; the merchant
 * redeems two of every three others at the till. Nothing is written around the services' own rules. Idempotent: a shopper who already
 * holds vouchers is left alone. A failure is logged and never stops the shop.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SESSION_COOKIE } from '@shop/domain/accounts';
import { DEMO_MERCHANT_PASSWORD, DEMO_MERCHANTS, dealIdsOfBusiness, businessesOf } from '@shop/merchants';
import { accountByEmail, ensureConfirmedAccount } from '@shop/users';
import type { Logger } from '../logger.ts';
import { businessGlobalId } from '../schema/merchants/till.ts';

export const DEMO_SHOPPER = { email: 'demo.shopper@thistledeals.example', password: 'Thistle-Shopper-1', firstName: 'Ailsa', lastName: 'Buchanan' } as const;

type Fetch = (request: Request) => Response | Promise<Response>;

interface Options {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
  db: Kysely<any>;
  /** The shop's own request handler (in process: no socket, no proxy). */
  fetch: Fetch;
  origin: string;
  logger: Logger;
}

/** One signed-in browser over the shop's handler: its session cookie, and GraphQL with it. */
async function signedIn(options: Options, email: string, password: string) {
  let cookie = '';
  const gql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await options.fetch(
      new Request(`${options.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ query, variables }) }),
    );
    const sid = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (sid) cookie = sid;
    const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (body.errors?.length || !body.data) throw new Error(`Demo activity: ${body.errors?.[0]?.message ?? `HTTP ${response.status}`}`);
    return body.data;
  };
  const login = await gql<{ login: { __typename: string } }>('mutation($i: LoginInput!) { login(input: $i) { __typename } }', { i: { email, password } });
  if (!cookie) throw new Error(`Demo activity: ${email} could not sign in (${login.login.__typename})`);
  return gql;
}

/** Options of the business's deals anyone can buy now, cheapest first within each deal. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
async function buyableOptionsOf(db: Kysely<any>, dealIds: readonly number[], count: number) {
  if (dealIds.length === 0) return [];
  const { rows } = await sql<{ deal_id: number; id: number }>`
    select p.deal_id, p.id from deals.product p join deals.deal d on d.id = p.deal_id
    where p.deal_id in (${sql.join(dealIds)}) and not p.disabled and not p.vip_exclusive and not d.vip_exclusive and not d.price_per_person
      and p.deposit_price_pence is null and p.postage_pence is null
      and (p.remaining is null or p.remaining >= 10) and (p.purchase_cap is null or p.purchase_cap >= 3)
      and (d.closing_date is null or d.closing_date > now() + interval '2 days')
    order by p.deal_id, p.price_pence, p.id
    limit ${count}`.execute(db);
  return rows.map((r) => ({ dealId: Number(r.deal_id), productId: Number(r.id) }));
}

export async function seedDemoActivity(options: Options): Promise<{ bought: number; redeemed: number; booked: number } | null> {
  const { db } = options;
  const shopper = await ensureConfirmedAccount(db, DEMO_SHOPPER, new Date());
  const already = await sql<{ n: number }>`select count(*)::int as n from vouchers.voucher where customer_token = ${shopper.customerToken}`.execute(db);
  if (already.rows[0]!.n > 0) return null;
  const merchantEmail = DEMO_MERCHANTS[0]!.email;
  const merchantToken = (await accountByEmail(db, merchantEmail))?.customerToken;
  if (!merchantToken) return null;
  const businesses = await businessesOf(db, merchantToken);

  const shop = await signedIn(options, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  const till = await signedIn(options, merchantEmail, DEMO_MERCHANT_PASSWORD);

  // A bookable deal of theirs gets a weekly capacity (issue 17 point 4), so a voucher of it can be booked.
  let bookableDealId: number | null = null;
  for (const business of businesses) {
    type Bookable = { viewer: { merchant: { business: { bookableDeals: Array<{ deal: { id: string; dealId: number }; capacity: { weekly: number[] } | null }> } | null } | null } };
    const found = await till<Bookable>('query($b: ID!) { viewer { merchant { business(id: $b) { bookableDeals { deal { id dealId } capacity { weekly } } } } } }', { b: businessGlobalId(business.id) });
    const first = found.viewer.merchant?.business?.bookableDeals[0];
    if (!first || (await buyableOptionsOf(db, [first.deal.dealId], 1)).length === 0) continue;
    if (!first.capacity) {
      const set = await till<{ setDealCapacity: { __typename: string } }>('mutation($i: SetDealCapacityInput!) { setDealCapacity(input: $i) { __typename } }', {
        i: { businessId: businessGlobalId(business.id), dealId: first.deal.id, weekly: [4, 4, 4, 6, 8, 10, 6], exceptions: [] },
      });
      if (set.setDealCapacity.__typename !== 'DealCapacitySet') throw new Error(`Demo activity: capacity not set (${set.setDealCapacity.__typename})`);
    }
    bookableDealId = first.deal.dealId;
    break;
  }

  const codes: Array<{ businessId: number; code: string; bookable: boolean }> = [];
  const buy = async (businessId: number, option: { dealId: number; productId: number }, quantity: number) => {
    await shop('mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }', { i: { dealId: option.dealId, productId: option.productId, quantity } });
    const { checkout } = await shop<{ checkout: { __typename: string; orderSummary?: { cashAmount: { amount: number } } } }>('{ checkout { __typename ... on Checkout { orderSummary { cashAmount { amount } } } } }');
    if (!checkout.orderSummary) throw new Error(`Demo activity: no checkout (${checkout.__typename})`);
    const placed = await shop<{ placeOrder: { __typename: string; order?: { vouchers: Array<{ code: string }> } } }>(
      'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order { vouchers { code } } } } }',
      { i: { idempotencyKey: `demo-${randomUUID()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: checkout.orderSummary.cashAmount.amount } },
    );
    if (placed.placeOrder.__typename !== 'OrderPlaced') throw new Error(`Demo activity: the order was not placed (${placed.placeOrder.__typename})`);
    for (const v of placed.placeOrder.order!.vouchers) codes.push({ businessId, code: v.code, bookable: option.dealId === bookableDealId });
  };
  for (const business of businesses) {
    for (const option of await buyableOptionsOf(db, await dealIdsOfBusiness(db, business.id), 3)) await buy(business.id, option, 3);
  }

  // The shopper books the first free days for two of the bookable vouchers (the merchant has them to confirm).
  let booked = 0;
  const bookedCodes = new Set<string>();
  type Held = { viewer: { vouchers: { edges: Array<{ node: { id: string; code: string; bookingOptions: { availableDates: Array<{ date: string }> } | null } }> } } };
  const held = await shop<Held>('{ viewer { vouchers(first: 50) { edges { node { id code bookingOptions { availableDates { date } } } } } } }');
  for (const { node } of held.viewer.vouchers.edges) {
    const date = node.bookingOptions?.availableDates[booked]?.date;
    if (booked === 2 || !date || !codes.some((c) => c.code === node.code && c.bookable)) continue;
    const answer = await shop<{ bookVoucherDate: { __typename: string } }>('mutation($i: BookVoucherDateInput!) { bookVoucherDate(input: $i) { __typename } }', { i: { voucherId: node.id, date } });
    if (answer.bookVoucherDate.__typename === 'VoucherBookingChanged') {
      booked += 1;
      bookedCodes.add(node.code);
    }
  }

  // The merchant redeems two of every three vouchers not booked at the till.
  let redeemed = 0;
  const perBusiness = new Map<number, number>();
  for (const { businessId, code } of codes) {
    if (bookedCodes.has(code)) continue;
    const n = perBusiness.get(businessId) ?? 0;
    perBusiness.set(businessId, n + 1);
    if (n % 3 === 2) continue;
    const answer = await till<{ redeemVoucherCode: { __typename: string } }>('mutation($i: RedeemVoucherCodeInput!) { redeemVoucherCode(input: $i) { __typename } }', {
      i: { businessId: businessGlobalId(businessId), code },
    });
    if (answer.redeemVoucherCode.__typename === 'VoucherCodeRedeemed') redeemed += 1;
  }
  return { bought: codes.length, redeemed, booked };
}
