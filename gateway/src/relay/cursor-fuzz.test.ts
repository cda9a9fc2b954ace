/**
 * Issue 14 §8 (V): random and forged connection arguments to every connection field of
 * schema.graphql, through the gateway against the real services (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL), a signed-in shopper for the personal lists and orders. fast-check draws
 * `after` from random strings, strings that are not base64url, base64url of random JSON, and
 * cursors with forged positions (negative, fractional, huge, past every list, extra keys, bogus
 * keyset), with `first` and `page` from every int. Whatever it draws: never a 500 or
 * INTERNAL_SERVER_ERROR, every error is BAD_USER_INPUT naming an argument that was sent, an
 * argument invalid by construction always gets one, and a valid set of arguments gets data.
 */
import fc from 'fast-check';
import { migrateSearch, createSearchApp, syncSearchIndex } from '@shop/search';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, PASSWORD, type BuyingServices } from '../../test/buying-services.ts';
import { Browser, testClientAddress } from '../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../test/helpers.ts';
import { createGateway, type Gateway } from '../yoga.ts';
import { MAX_CURSOR_OFFSET } from './connection.ts';

const RUNS = process.env.CI === 'true' ? 25 : 40;

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** An `after` value, and whether it is certainly not a cursor of ours (it must be refused). */
type After = { value: string; invalid: boolean; shallow?: boolean };

const afterArb: fc.Arbitrary<After> = fc.oneof(
  // Random text: invalid unless it happens to be a cursor (it never is: a cursor is base64url JSON).
  fc.string({ maxLength: 60 }).map((value) => ({ value, invalid: true })),
  fc.string({ unit: 'binary', maxLength: 30 }).map((value) => ({ value, invalid: true })),
  // Standard base64 with padding or + and /: not base64url.
  fc.base64String({ minLength: 4, maxLength: 40 }).filter((s) => /[+/=]/.test(s)).map((value) => ({ value, invalid: true })),
  // Valid base64url of JSON that is not a cursor.
  fc.json({ maxDepth: 2 }).filter((j) => !/^\{"o":\d+(,"k":"[^"]+")?\}$/.test(j)).map((j) => ({ value: b64url(j), invalid: true })),
  // Forged positions.
  fc.oneof(
    fc.integer({ min: -(2 ** 53), max: -1 }),
    fc.integer({ min: MAX_CURSOR_OFFSET + 1, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
  ).map((o) => ({ value: b64url(`{"o":${JSON.stringify(o)}}`), invalid: true })),
  fc.constantFrom('{"o":1e400}', '{"o":-0.5}', '{"o":"5"}', '{"o":null}', '{"o":1,"x":2}', '{"o":1,"k":""}', '{"o":1,"k":5}', '[{"o":1}]', 'null').map((j) => ({
    value: b64url(j),
    invalid: true,
  })),
  fc.constant({ value: 'x'.repeat(1001), invalid: true }),
  // Well-formed cursors, at any position the lists may have (deep ones are past the end: an
  // empty page or, for orders beyond the checkout's deepest page, BAD_USER_INPUT naming after).
  fc.integer({ min: 0, max: MAX_CURSOR_OFFSET }).map((o) => ({ value: b64url(`{"o":${o}}`), invalid: false })),
  fc.integer({ min: 0, max: 40 }).map((o) => ({ value: b64url(`{"o":${o}}`), invalid: false, shallow: true })),
  // A keyset the service never issued.
  fc.tuple(fc.integer({ min: 0, max: 100 }), fc.string({ minLength: 1, maxLength: 80 })).map(([o, k]) => ({ value: b64url(JSON.stringify({ o, k })), invalid: false })),
  // The cursor: {"o":10000}.
  fc.constant({ value: 'eyJvIjoxMDAwMH0', invalid: false }),
);

type Int = { value: number; invalid: boolean };
const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const firstArb: fc.Arbitrary<Int> = fc.oneof(
  int32.map((value) => ({ value, invalid: value <= 0 })),
  fc.integer({ min: 1, max: 60 }).map((value) => ({ value, invalid: false })),
  fc.integer({ min: -5, max: 0 }).map((value) => ({ value, invalid: true })),
);
const pageArb: fc.Arbitrary<Int> = fc.oneof(
  int32.map((value) => ({ value, invalid: value <= 0 })),
  fc.integer({ min: 1, max: 5 }).map((value) => ({ value, invalid: false })),
  fc.integer({ min: -5, max: 0 }).map((value) => ({ value, invalid: true })),
);

interface Field {
  name: string;
  /** The operation, with $first, $after and $page where the field has them. */
  query: string;
  args: ('first' | 'after' | 'page')[];
  signedIn?: boolean;
}

const DEALS = 'totalCount edges { cursor node { dealId } } pageInfo { hasNextPage endCursor }';
const PAGING = 'first: $first, after: $after, page: $page';
const VARS = '$first: Int, $after: String, $page: Int';

/** Every connection field of schema.graphql (grep `after:` / `first:`). */
const FIELDS: Field[] = [
  { name: 'search', query: `query(${VARS}) { search(query: "spa", ${PAGING}) { ${DEALS} } }`, args: ['first', 'after', 'page'] },
  { name: 'recentlyViewedDeals', query: 'query($first: Int) { recentlyViewedDeals(dealIds: ["1", "2"], first: $first) { totalCount edges { node { dealId } } } }', args: ['first'] },
  { name: 'recommendedDeals', query: `query(${VARS}) { recommendedDeals(location: "glasgow", ${PAGING}) { ${DEALS} } }`, args: ['first', 'after', 'page'], signedIn: true },
  { name: 'buyAgainDeals', query: `query(${VARS}) { buyAgainDeals(${PAGING}) { ${DEALS} } }`, args: ['first', 'after', 'page'], signedIn: true },
  { name: 'earlyBirdDeals', query: `query(${VARS}) { earlyBirdDeals(location: "glasgow", ${PAGING}) { ${DEALS} } }`, args: ['first', 'after', 'page'] },
  { name: 'Location.deals', query: `query(${VARS}) { location(slug: "glasgow") { deals(${PAGING}) { ${DEALS} } } }`, args: ['first', 'after', 'page'] },
  {
    name: 'Location.deals (a category)',
    query: `query(${VARS}) { location(slug: "glasgow") { deals(${PAGING}, category: "spa", sort: PRICE_LOW_TO_HIGH) { ${DEALS} } } }`,
    args: ['first', 'after', 'page'],
  },
  { name: 'SpecialEvent.deals', query: `query(${VARS}) { specialEvent(location: "glasgow", slug: "black-friday") { deals(${PAGING}) { ${DEALS} } } }`, args: ['first', 'after', 'page'] },
  { name: 'NearMeArea.deals', query: `query(${VARS}) { nearMeArea(location: "glasgow", area: "west-end") { deals(${PAGING}) { ${DEALS} } } }`, args: ['first', 'after', 'page'] },
  { name: 'Guide.deals', query: `query(${VARS}) { guide(slug: "best-afternoon-tea-glasgow") { deals(${PAGING}) { ${DEALS} } } }`, args: ['first', 'after', 'page'] },
  {
    name: 'Customer.orders',
    query: 'query($first: Int, $after: String) { viewer { orders(first: $first, after: $after) { edges { cursor node { orderNumber } } pageInfo { hasNextPage endCursor } } } }',
    args: ['first', 'after'],
    signedIn: true,
  },
  {
    name: 'Customer.vouchers',
    query: 'query($first: Int, $after: String) { viewer { vouchers(first: $first, after: $after) { totalCount edges { cursor node { code } } pageInfo { hasNextPage endCursor } } } }',
    args: ['first', 'after'],
    signedIn: true,
  },
];

describe.each(testDatabases())('connection arguments, fuzzed, on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  let shopper: Browser;
  let guest: Browser;
  const logger = captureLogger();

  beforeAll(async () => {
    services = await openBuyingServices(open);
    await migrateSearch(services.db);
    await syncSearchIndex({ db: services.db, deals: services.targets.deals, serviceToken: TEST_TOKEN });
    const searchApp = createSearchApp({ db: services.db, serviceToken: TEST_TOKEN });
    yoga = createGateway({ services: { ...services.targets, search: { app: searchApp } }, serviceToken: TEST_TOKEN, logger, clientAddress: testClientAddress });
    guest = new Browser(yoga, 'http://shop.test', '198.51.100.90');
    shopper = new Browser(yoga, 'http://shop.test', '198.51.100.91');
    const email = `cursor.${Date.now().toString(36)}@example.com`;
    const registered = await shopper.gql('mutation($input: RegisterInput!) { register(input: $input) { __typename } }', {
      input: { email, password: PASSWORD, firstName: 'Fuzz', lastName: 'Cursor' },
    });
    expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await shopper.gql('mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }', { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
  }, 120_000);
  afterAll(() => services?.close());

  it("the issue's forged cursor on viewer.orders is BAD_USER_INPUT naming `after`, not INTERNAL_SERVER_ERROR", async () => {
    const res = await shopper.gql('{ viewer { orders(first: 1, after: "eyJvIjoxMDAwMH0") { edges { cursor } } } }');
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'after' }) })]);
  });

  it('a cursor past the service\'s last page (offset 900,000 at 9 a page: page 100,001) is BAD_USER_INPUT naming `after` (fuzz seed 1589076816)', async () => {
    const after = Buffer.from(JSON.stringify({ o: 900_000 })).toString('base64url');
    for (const category of ['', ', category: "spa"']) {
      const res = await guest.gql(`{ location(slug: "glasgow") { deals(after: "${after}"${category}) { edges { cursor } } } }`);
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'after' }) })]);
    }
  });

  it.each(FIELDS)('$name: random and forged arguments are data or BAD_USER_INPUT naming the argument', async (field) => {
    logger.lines.length = 0;
    const browser = field.signedIn ? shopper : guest;
    const argsArb = fc.record({
      first: fc.option(firstArb, { nil: undefined }),
      after: fc.option(afterArb, { nil: undefined }),
      page: fc.option(pageArb, { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(argsArb, async (drawn) => {
        const sent = field.args.filter((a) => drawn[a] !== undefined);
        const variables = Object.fromEntries(sent.map((a) => [a, drawn[a]!.value]));
        const res = await browser.gql(field.query, variables);
        const what = `${field.name} ${JSON.stringify(variables).slice(0, 300)} → ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`;
        expect(res.status, what).toBe(200);
        const errors = res.body.errors ?? [];
        for (const error of errors) {
          expect(error.extensions?.code, what).toBe('BAD_USER_INPUT');
          expect(sent, what).toContain(error.extensions?.field);
        }
        const invalid = sent.filter((a) => drawn[a]!.invalid);
        if (invalid.length > 0) expect(errors.length, `${what}: ${invalid.join(', ')} must be refused`).toBeGreaterThan(0);
        const plainlyValid = sent.every((a) => !drawn[a]!.invalid && (a !== 'after' || drawn.after!.shallow === true) && (a !== 'page' || drawn.page!.value <= 5));
        if (plainlyValid) expect(errors, what).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    expect(logger.lines.filter((l) => l.level === 'error'), field.name).toEqual([]);
  }, 180_000);
});
