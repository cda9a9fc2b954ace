/**
 * Issue 14 points 6 and 10 at the checkout service, on PGlite and PostgreSQL:
 * - code guesses are counted per customer across all their baskets (a new basket does not buy new
 *   guesses), per basket, and per client address; a live code costs nothing;
 * - express-buy tokens are limited per email (5) and per client address (30) in 30 minutes, and
 *   the prune job (every 10 minutes) deletes expired tokens while live ones stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLIENT_IP_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { CODE_ATTEMPT_LIMITS, EXPRESS_BUY_LIMITS } from './promo/attempts.ts';
import { EXPRESS_BUY_TOKEN_TTL_MS } from './promo/express-buy.ts';
import { pruneExpired } from './lib/prune.ts';
import { checkoutFixture, type CheckoutFixture, type TestProduct } from './test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

let seq = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(seq += 1)}`;

describe.each(testDatabases())('attempt limits on %s', (_db, open) => {
  let f: CheckoutFixture;
  let product: TestProduct;
  beforeAll(async () => {
    f = await checkoutFixture(open);
    product = await f.product({ remaining: null, pricePence: 1200 });
  });
  afterAll(async () => {
    await f?.close();
  });

  const guess = (basketToken: string, code: string, options: { customerToken?: string; address?: string } = {}) =>
    f.request('GET', `/promocode?basketToken=${basketToken}&code=${code}${options.customerToken ? `&customerToken=${options.customerToken}` : ''}`, {
      headers: options.address ? { [CLIENT_IP_HEADER]: options.address } : {},
    });

  it('a customer has one allowance of code guesses across all their baskets; then 429 RATE_LIMITED with Retry-After', async () => {
    const customer = unique('guesser-customer');
    const first = await f.basket([{ product, quantity: 1 }], customer);
    const limit = CODE_ATTEMPT_LIMITS.customer.limit;
    // Half the allowance on one basket, the rest on a second: a new basket buys no new guesses.
    for (let i = 0; i < limit; i++) {
      const basket = i < limit / 2 ? first : await f.basket([{ product, quantity: 1 }], customer);
      const res = await guess(basket, `NOPE${i}${seq}`, { customerToken: customer });
      expect(res.status, `guess ${i + 1}`).toBe(200);
    }
    const fresh = await f.basket([{ product, quantity: 1 }], customer);
    const refused = await guess(fresh, 'NOPEAGAIN', { customerToken: customer });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Body).code).toBe('RATE_LIMITED');
    // Another customer is not affected.
    const other = unique('other-customer');
    expect((await guess(await f.basket([{ product, quantity: 1 }], other), 'NOPE', { customerToken: other })).status).toBe(200);
    // Ten minutes on, the window has passed.
    f.clock.advance(CODE_ATTEMPT_LIMITS.customer.windowMs);
    expect((await guess(fresh, 'NOPELATER', { customerToken: customer })).status).toBe(200);
  });

  it('a basket has its own allowance, and one client address its larger one across guests', async () => {
    const basket = await f.basket([{ product, quantity: 1 }]);
    for (let i = 0; i < CODE_ATTEMPT_LIMITS.basket.limit; i++) expect((await guess(basket, `BASKETNOPE${i}`)).status).toBe(200);
    expect((await guess(basket, 'BASKETNOPEX')).status).toBe(429);

    const address = `203.0.113.${(seq % 200) + 20}`;
    let made = 0;
    while (made < CODE_ATTEMPT_LIMITS.address.limit) {
      const b = await f.basket([{ product, quantity: 1 }]);
      for (let i = 0; i < 5 && made < CODE_ATTEMPT_LIMITS.address.limit; i++, made++) expect((await guess(b, `ADDRNOPE${made}`, { address })).status).toBe(200);
    }
    const refused = await guess(await f.basket([{ product, quantity: 1 }]), 'ADDRNOPEX', { address });
    expect(refused.status).toBe(429);
    f.clock.advance(CODE_ATTEMPT_LIMITS.address.windowMs);
  });

  const ask = (email: string, address?: string) =>
    f.request('POST', '/express-buy-token', {
      body: { expressBuyTokenRequest: { email }, dealId: product.dealId, productId: product.productId },
      headers: address ? { [CLIENT_IP_HEADER]: address } : {},
    });

  it(`express-buy tokens: ${EXPRESS_BUY_LIMITS.email.limit} per email and ${EXPRESS_BUY_LIMITS.address.limit} per client address in 30 minutes, then 429`, async () => {
    const email = `${unique('express')}@example.com`;
    for (let i = 0; i < EXPRESS_BUY_LIMITS.email.limit; i++) expect((await ask(email)).status, `token ${i + 1}`).toBe(201);
    const refused = await ask(email);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Body).code).toBe('RATE_LIMITED');

    const address = `198.51.100.${(seq % 200) + 20}`;
    for (let i = 0; i < EXPRESS_BUY_LIMITS.address.limit; i++) expect((await ask(`${unique('addr')}@example.com`, address)).status).toBe(201);
    expect((await ask(`${unique('addr')}@example.com`, address)).status).toBe(429);

    f.clock.advance(EXPRESS_BUY_LIMITS.email.windowMs);
    expect((await ask(email)).status).toBe(201);
  });

  it('expired express-buy tokens are pruned; live ones stay', async () => {
    const email = `${unique('prune')}@example.com`;
    expect((await ask(email)).status).toBe(201);
    const madeAt = f.clock.now.getTime();
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from orders.express_buy_token where email = ${email}`.execute(f.db)).rows[0]!.n);
    expect(await count()).toBe(1);
    // Still live a moment before it expires.
    await pruneExpired(f.db, new Date(madeAt + EXPRESS_BUY_TOKEN_TTL_MS - 1000));
    expect(await count()).toBe(1);
    await pruneExpired(f.db, new Date(madeAt + EXPRESS_BUY_TOKEN_TTL_MS + 1000));
    expect(await count()).toBe(0);
  });
});
