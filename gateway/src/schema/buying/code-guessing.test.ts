/**
 * Issue 14 through the gateway, on the real services (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set):
 * - G4: batched arrays are refused (batching off: 400); 15 aliased applyPromoCode guesses in one
 *   document are 15 attempts: past the limit each is a RateLimitedError, across requests, per
 *   basket and per client address, and a live code is not found once the limit has hit;
 * - point 2: removing or lowering a basket line gives its held units back at once.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { ERROR_MESSAGES } from '@shop/domain';
import { CODE_ATTEMPT_LIMITS } from '@shop/checkout';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, type BuyingServices } from '../../../test/buying-services.ts';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const ERR = '... on UserError { __typename code message field }';
const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename ${ERR} } }`;
const PROMO_RESULT = `{ __typename ... on Checkout { promoCode { code outcome applicable } } ... on RateLimitedError { code message field retryAfterSeconds } ${ERR} }`;
const guesses = (codes: string[]) => `mutation { ${codes.map((c, i) => `g${i}: applyPromoCode(input: { code: "${c}" }) ${PROMO_RESULT}`).join('\n')} }`;

describe.each(testDatabases())('code guessing and line holds through the gateway on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  let options: { dealId: number; productId: number; pricePence: number }[] = [];
  let words = 0;
  const word = () => `GUESS${(words += 1)}X`;

  beforeAll(async () => {
    services = await openBuyingServices(open);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger: captureLogger(), clientAddress: testClientAddress });
    options = await services.buyable(4);
  });
  afterAll(() => services?.close());

  async function withBasket(ip: string, quantity = 1, option = options[0]!): Promise<Browser> {
    const b = new Browser(yoga, 'http://shop.test', ip);
    const res = await b.gql(ADD, { i: { dealId: option.dealId, productId: option.productId, quantity } });
    expect(res.body.data.addToBasket.__typename, JSON.stringify(res.body)).toBe('BasketUpdated');
    return b;
  }

  it('batched arrays of 2 and of 11 operations are refused with 400 (batching off)', async () => {
    for (const n of [2, 11]) {
      const body = JSON.stringify(Array.from({ length: n }, () => ({ query: 'mutation { applyPromoCode(input: { code: "WELCOME10" }) { __typename } }' })));
      const res = await yoga.fetch(
        new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-test-client-ip': '198.51.100.200' }, body }),
      );
      expect(res.status).toBe(400);
    }
  });

  it('15 aliased guesses are 15 attempts: past 10 per basket each is refused, across requests, and a live code is no longer found', async () => {
    expect(CODE_ATTEMPT_LIMITS.basket.limit).toBe(10);
    const b = await withBasket('198.51.100.201');
    await b.gql('{ checkout { __typename } }');
    const first = await b.gql(guesses(Array.from({ length: 15 }, word)));
    expect(first.status).toBe(200);
    const answers = Array.from({ length: 15 }, (_, i) => first.body.data[`g${i}`]);
    expect(answers.slice(0, 10).map((a) => a.__typename)).toEqual(Array(10).fill('Checkout'));
    expect(answers.slice(0, 10).every((a) => a.promoCode.outcome === 'INVALID')).toBe(true);
    for (const refused of answers.slice(10)) {
      expect(refused).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED, field: 'code' });
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
    // Another request: the live code is refused unseen, and the basket keeps its last stored code.
    const live = await b.gql(guesses(['WELCOME10']));
    expect(live.body.data.g0).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED' });
    const stored = await services.db.selectFrom('orders.checkout_options').select('promo_code').where('promo_code', '=', 'WELCOME10').executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('per client address: new baskets from one address share its 30 guesses; a live code applies and is given back', async () => {
    const ip = '198.51.100.202';
    // A live code costs nothing: applying it 12 times leaves the allowance whole.
    const honest = await withBasket(ip);
    for (let i = 0; i < 12; i++) {
      const res = await honest.gql(guesses([i % 2 ? 'WELCOME10' : 'FIVEOFF']));
      expect(res.body.data.g0, JSON.stringify(res.body)).toMatchObject({ __typename: 'Checkout', promoCode: { applicable: true } });
    }
    for (let n = 0; n < 3; n++) {
      const b = await withBasket(ip);
      const res = await b.gql(guesses(Array.from({ length: 10 }, word)));
      expect(Object.values(res.body.data).map((a: any) => a.__typename)).toEqual(Array(10).fill('Checkout'));
    }
    // The address has used its 30: a fourth basket's first guess is refused, and so is a live code.
    const fourth = await withBasket(ip);
    const res = await fourth.gql(guesses([word(), 'WELCOME10']));
    expect(res.body.data.g0).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED' });
    expect(res.body.data.g1).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED' });
    // Another address is not affected.
    const elsewhere = await withBasket('198.51.100.203');
    expect((await elsewhere.gql(guesses(['WELCOME10']))).body.data.g0).toMatchObject({ __typename: 'Checkout', promoCode: { applicable: true } });
  });

  it('removing or lowering a basket line gives its held units back at once', async () => {
    const option = options[1]!;
    const remaining = async () => (await sql<{ remaining: number | null }>`select remaining from deals.product where id = ${option.productId}`.execute(services.db)).rows[0]!.remaining;
    await sql`update deals.product set remaining = 10 where id = ${option.productId}`.execute(services.db);
    const b = await withBasket('198.51.100.204', 3, option);
    const view = await b.gql('{ checkout { __typename ... on Checkout { countdown } } }');
    expect(view.body.data.checkout.countdown).toBeGreaterThan(290);
    expect(await remaining()).toBe(7);
    const lowered = await b.gql(`mutation { updateBasketLine(input: { productId: ${option.productId}, quantity: 1 }) { __typename } }`);
    expect(lowered.body.data.updateBasketLine.__typename).toBe('BasketUpdated');
    expect(await remaining()).toBe(9);
    const removed = await b.gql(`mutation { removeBasketLine(input: { productId: ${option.productId} }) { __typename } }`);
    expect(removed.body.data.removeBasketLine.__typename).toBe('BasketUpdated');
    expect(await remaining()).toBe(10);
  });
});
