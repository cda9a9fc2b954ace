/**
 * The carry-over after sign-in: every handler runs with the new customer token, the guest's
 * basket token and wishlist id from their cookies and the recently viewed ids the client sent; a
 * failing handler is logged and the sign-in still succeeds; the recently-viewed handler records
 * the views with the real deals service, so the customer's recommendations are based on them.
 * Against the real users, deals and search services (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { SESSION_COOKIE } from '@shop/domain/accounts';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealsClient } from '../clients/deals.client.ts';
import { createRestCallLog, createRestClient } from '../clients/rest-client.ts';
import { Browser, openAccountServices, testClientAddress, type AccountServices } from '../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../test/helpers.ts';
import { createGateway, type Gateway } from '../yoga.ts';
import { CarryOverRegistry, GUEST_BASKET_COOKIE, GUEST_WISHLIST_COOKIE, guestStateFrom, recentlyViewedCarryOver, type CarryOverInput } from './carry-over.ts';

const PASSWORD = 'Correct-Horse-9';
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on LoginSuccess { viewer { email } } } }`;
let sequence = 0;

describe('guestStateFrom', () => {
  it.each([
    [{ [GUEST_BASKET_COOKIE]: 'basket-token-0001', [GUEST_WISHLIST_COOKIE]: 'wl-42' }, { basketToken: 'basket-token-0001', wishlistId: 'wl-42' }],
    // Spec §5: a basket token is only accepted when longer than 10 characters.
    [{ [GUEST_BASKET_COOKIE]: 'short', [GUEST_WISHLIST_COOKIE]: '' }, { basketToken: null, wishlistId: null }],
    [{ [GUEST_BASKET_COOKIE]: 'has spaces in it!', [GUEST_WISHLIST_COOKIE]: '<script>' }, { basketToken: null, wishlistId: null }],
    [{}, { basketToken: null, wishlistId: null }],
  ])('%j → %j', (cookies, expected) => {
    expect(guestStateFrom(cookies)).toEqual(expected);
  });
});

describe.each(testDatabases())('carry-over after sign-in on %s', (_name, open) => {
  let services: AccountServices;
  let yoga: Gateway;
  const logger = captureLogger();
  const registry = new CarryOverRegistry([recentlyViewedCarryOver]);
  let dealIds: number[] = [];

  async function member(): Promise<{ email: string; customerToken: string }> {
    const email = `carry.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
    const b = new Browser(yoga, 'http://shop.test', `192.0.2.${sequence}`);
    await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: 'Carry', lastName: 'Over' } });
    await b.gql(`mutation($token: String!) { confirmEmail(input: { token: $token }) { __typename } }`, { token: await services.linkToken(email, 'confirmEmail') });
    // The customer token, as the users service knows it (never exposed through GraphQL).
    const session = await services.usersApp.fetch(
      new Request('http://users.internal/session', { headers: { 'x-service-token': TEST_TOKEN, 'x-session-token': b.cookie(SESSION_COOKIE)! } }),
    );
    const body = (await session.json()) as { data: { user: { customerToken: string } } };
    return { email, customerToken: body.data.user.customerToken };
  }

  async function recommendationBasis(customerToken: string): Promise<string> {
    const res = await services.dealsApp.fetch(
      new Request(`http://deals.internal/recommendations/ct/${customerToken}?location=glasgow&limit=40&page=0&pageSize=25`, { headers: { 'x-service-token': TEST_TOKEN } }),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { basis: string }).basis;
  }

  beforeAll(async () => {
    services = await openAccountServices(open);
    yoga = createGateway({
      services: { deals: { app: services.dealsApp }, search: { app: services.searchApp }, users: { app: services.usersApp } },
      serviceToken: TEST_TOKEN,
      logger,
      clientAddress: testClientAddress,
      carryOver: registry,
    });
    const res = await new Browser(yoga).gql('{ location(slug: "glasgow") { deals(first: 6) { edges { node { dealId } } } } }');
    dealIds = res.body.data.location.deals.edges.map((e: { node: { dealId: number } }) => e.node.dealId);
    expect(dealIds.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => services?.close());

  it('login records the recently viewed deals for the customer: their recommendations are based on history', async () => {
    const { email, customerToken } = await member();
    expect(await recommendationBasis(customerToken)).toBe('popular');
    const b = new Browser(yoga, 'http://shop.test', '192.0.2.200');
    const res = await b.gql(LOGIN, { input: { email, password: PASSWORD, recentlyViewedDealIds: dealIds.slice(0, 3) } });
    expect(res.body.data.login.__typename).toBe('LoginSuccess');
    expect(await recommendationBasis(customerToken)).toBe('history');
  });

  it('every handler gets the customer token, the guest cookies and the viewed ids; a failing one is logged and the login still succeeds', async () => {
    const { email, customerToken } = await member();
    const seen: CarryOverInput[] = [];
    const removeFailing = registry.register({
      name: 'basket',
      run: async () => {
        throw new Error('basket service down');
      },
    });
    const removeRecorder = registry.register({ name: 'wishlist', run: async (input) => void seen.push(input) });
    try {
      const b = new Browser(yoga, 'http://shop.test', '192.0.2.201').setCookie(GUEST_BASKET_COOKIE, 'guest-basket-token-1').setCookie(GUEST_WISHLIST_COOKIE, 'wishlist-7');
      const res = await b.gql(LOGIN, { input: { email, password: PASSWORD, recentlyViewedDealIds: [dealIds[1], dealIds[0]] } });
      expect(res.body.data.login).toEqual({ __typename: 'LoginSuccess', viewer: { email } });
      expect(b.cookie(SESSION_COOKIE)).toBeDefined();
      // The failing handler did not stop the next one.
      expect(seen).toEqual([{ customerToken, guest: { basketToken: 'guest-basket-token-1', wishlistId: 'wishlist-7' }, recentlyViewedDealIds: [dealIds[1], dealIds[0]] }]);
      const line = logger.lines.find((l) => l.message === 'Carry-over after sign-in failed');
      expect(line).toMatchObject({ level: 'warn', fields: { handler: 'basket', error: 'Error: basket service down', correlationId: expect.any(String) } });
    } finally {
      removeFailing();
      removeRecorder();
    }
    expect(registry.names).toEqual(['recently-viewed']);
  });

  it('confirmEmail signs in and runs the carry-over too (guest cookies, no viewed ids)', async () => {
    const seen: CarryOverInput[] = [];
    const remove = registry.register({ name: 'recorder', run: async (input) => void seen.push(input) });
    try {
      const email = `confirm.carry.${Date.now().toString(36)}@example.com`;
      const b = new Browser(yoga, 'http://shop.test', '192.0.2.202').setCookie(GUEST_WISHLIST_COOKIE, 'wishlist-8');
      await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
      const res = await b.gql(`mutation($token: String!) { confirmEmail(input: { token: $token }) { __typename } }`, { token: await services.linkToken(email, 'confirmEmail') });
      expect(res.body.data.confirmEmail.__typename).toBe('LoginSuccess');
      expect(seen).toEqual([{ customerToken: expect.any(String), guest: { basketToken: null, wishlistId: 'wishlist-8' }, recentlyViewedDealIds: [] }]);
    } finally {
      remove();
    }
  });

  it('a deal that no longer exists is skipped; the others are recorded', async () => {
    const { customerToken } = await member();
    const outcomes = await registry.run(
      { customerToken, guest: { basketToken: null, wishlistId: null }, recentlyViewedDealIds: [999_999_999, dealIds[2]!] },
      { clients: { deals: createDealsClientFor(services) }, logger, requestId: 'carry-over-test-1' },
    );
    expect(outcomes).toEqual([{ name: 'recently-viewed', ok: true }]);
    expect(await recommendationBasis(customerToken)).toBe('history');
  });
});

function createDealsClientFor(services: AccountServices) {
  return createDealsClient(createRestClient({ service: 'deals', target: { app: services.dealsApp }, serviceToken: TEST_TOKEN, requestId: 'carry-over-test-1', log: createRestCallLog() }));
}
