/**
 * The wish list through the gateway (issue 19 point 1) against the real wishlist service:
 * the spec §4 sync on load as a rule table (each branch, 'No Wish List ID' included), the
 * cookie's lifetimes (7 days stored, a year in the by-id flow), add / remove / clear, the guest
 * list merged at sign-in without losing or doubling a deal, Z tests (another shopper's list is a
 * not-found: a guest holding a customer's list id, a customer holding another's), the full list,
 * spec §8 (the service down: logged, the page still answers), and REST calls per request that do
 * not grow with the list's size.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { NO_WISHLIST_ID, WISHLIST_COOKIE, WISHLIST_MAX_DEALS } from '@shop/domain/wishlist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, PASSWORD, type BuyingServices } from '../../../test/buying-services.ts';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const LIST = `query { wishlist { count maxDeals deals(first: 50) { totalCount edges { node { dealId inWishlist } } } } }`;
const ADD = `mutation($id: Int!) { addToWishlist(input: { dealId: $id }) { __typename ... on WishlistUpdated { wishlist { count } deal { dealId inWishlist } } ... on UserError { code field message } } }`;
const REMOVE = `mutation($id: Int!) { removeFromWishlist(input: { dealId: $id }) { __typename ... on WishlistUpdated { wishlist { count } deal { dealId inWishlist } } ... on UserError { code field } } }`;
const CLEAR = `mutation { clearWishlist { __typename ... on WishlistUpdated { wishlist { count } } } }`;
const HEART = `query($id: ID!) { deal(dealId: $id) { dealId inWishlist } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;

type Listed = { count: number; maxDeals: number; deals: { totalCount: number; edges: { node: { dealId: number; inWishlist: boolean } }[] } } | null;

describe.each(testDatabases())('the wish list through the gateway on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  let dealIds: number[];
  const logger = captureLogger();

  const browser = () => new Browser(yoga, 'http://shop.test', `198.51.100.${(sequence % 200) + 20}`);
  const listOf = async (b: Browser) => {
    const res = await b.gql(LIST);
    expect(res.body.errors).toBeUndefined();
    return { list: res.body.data.wishlist as Listed, setCookies: res.setCookies.filter((c) => c.name === WISHLIST_COOKIE) };
  };
  const idsOf = (list: Listed) => list?.deals.edges.map((e) => e.node.dealId) ?? [];
  const add = async (b: Browser, id: number) => (await b.gql(ADD, { id })).body.data.addToWishlist;

  async function signedUp(first: string, b: Browser = browser()): Promise<{ browser: Browser; email: string }> {
    const email = uniqueEmail(first.toLowerCase());
    expect((await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: first, lastName: 'Wish' } })).body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    return { browser: b, email };
  }
  const signIn = async (b: Browser, email: string) => expect((await b.gql(`mutation($input: LoginInput!) { login(input: $input) { __typename } }`, { input: { email, password: PASSWORD } })).body.data.login.__typename).toBe('LoginSuccess');
  /** A bulk change straight to the wishlist service (the fixture has fewer deals: ids past them are fine to the service). */
  const patchInService = async (id: string, ops: unknown[]) => {
    const patched = await (services.targets.wishlist as { app: { fetch(r: Request): Promise<Response> } }).app.fetch(new Request(`http://wishlist.internal/wishlist/${id}`, { method: 'PATCH', headers: { 'x-service-token': TEST_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify(ops) }));
    expect(patched.status).toBe(200);
  };
  const signOut = async (b: Browser) => expect((await b.gql(`mutation { logout { ok } }`)).body.data.logout.ok).toBe(true);

  beforeAll(async () => {
    services = await openBuyingServices(open);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger, clientAddress: testClientAddress });
    dealIds = (await services.db.selectFrom('deals.deal' as never).select('id' as never).orderBy('id' as never).execute()).map((r) => (r as { id: number }).id);
    expect(dealIds.length).toBeGreaterThanOrEqual(30);
  });
  afterAll(() => services?.close());

  describe('the §4 sync on load, branch by branch', () => {
    it('neither signed in nor an id stored: no list, and "No Wish List ID" is logged', async () => {
      const b = browser();
      const before = logger.lines.length;
      const { list, setCookies } = await listOf(b);
      expect(list).toBeNull();
      expect(setCookies).toEqual([]);
      expect(logger.lines.slice(before).filter((l) => l.message === NO_WISHLIST_ID)).toHaveLength(1);
      // The hearts ask quietly: a page of cards logs nothing more.
      const again = logger.lines.length;
      const hearts = await b.gql(HEART, { id: String(dealIds[0]) });
      expect(hearts.body.data.deal).toEqual({ dealId: dealIds[0], inWishlist: false });
      expect(logger.lines.slice(again).filter((l) => l.message === NO_WISHLIST_ID)).toHaveLength(0);
    });

    it('a guest adding a deal with none stored makes one and stores its id for 7 days', async () => {
      const b = browser();
      const res = await b.gql(ADD, { id: dealIds[0] });
      expect(res.body.data.addToWishlist).toEqual({ __typename: 'WishlistUpdated', wishlist: { count: 1 }, deal: { dealId: dealIds[0], inWishlist: true } });
      const cookie = res.setCookies.find((c) => c.name === WISHLIST_COOKIE)!;
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(cookie.attributes).toMatchObject({ 'max-age': '604800', path: '/', httponly: true, secure: true, samesite: 'Lax' });
    });

    it('a guest with a stored id: the list by id, its cookie then lasting 31536000 s (the by-id flow)', async () => {
      const b = browser();
      await add(b, dealIds[0]!);
      await add(b, dealIds[1]!);
      const id = b.cookie(WISHLIST_COOKIE);
      const { list, setCookies } = await listOf(b);
      expect(idsOf(list)).toEqual([dealIds[1], dealIds[0]]);
      expect(list).toMatchObject({ count: 2, maxDeals: 50 });
      expect(list!.deals.edges.every((e) => e.node.inWishlist)).toBe(true);
      expect(setCookies).toEqual([expect.objectContaining({ value: id, attributes: expect.objectContaining({ 'max-age': '31536000' }) })]);
    });

    it('a guest with an id that is no list (unknown, or malformed): none, and the cookie cleared', async () => {
      for (const stored of ['AAAAAAAAAAAAAAAAAAAAAA', 'not a wishlist id']) {
        const b = browser().setCookie(WISHLIST_COOKIE, stored);
        const { list, setCookies } = await listOf(b);
        expect(list).toBeNull();
        expect(setCookies).toEqual([expect.objectContaining({ value: '', attributes: expect.objectContaining({ 'max-age': '0' }) })]);
        expect(b.cookie(WISHLIST_COOKIE)).toBeUndefined();
      }
    });

    it('signed in, their list found, the same id stored: used as it is (no cookie written)', async () => {
      const { browser: b } = await signedUp('Same');
      await add(b, dealIds[2]!);
      const stored = b.cookie(WISHLIST_COOKIE);
      expect(stored).toBeDefined();
      const { list, setCookies } = await listOf(b);
      expect(idsOf(list)).toEqual([dealIds[2]]);
      expect(setCookies).toEqual([]);
    });

    it('signed in, their list found, none stored: stored (7 days) and used', async () => {
      const { browser: b } = await signedUp('None');
      await add(b, dealIds[3]!);
      const id = b.cookie(WISHLIST_COOKIE)!;
      b.jar.delete(WISHLIST_COOKIE);
      const { list, setCookies } = await listOf(b);
      expect(idsOf(list)).toEqual([dealIds[3]]);
      expect(setCookies).toEqual([expect.objectContaining({ value: id, attributes: expect.objectContaining({ 'max-age': '604800' }) })]);
    });

    it('signed in, their list found, another id stored: the stored list merged into theirs, the result used and stored', async () => {
      const { browser: b } = await signedUp('Differ');
      await add(b, dealIds[4]!);
      const customerId = b.cookie(WISHLIST_COOKIE)!;
      // A guest list made in another browser, its id now stored here (the cookie outlived a sign-in elsewhere).
      const guest = browser();
      await add(guest, dealIds[5]!);
      await add(guest, dealIds[4]!);
      const guestId = guest.cookie(WISHLIST_COOKIE)!;
      b.setCookie(WISHLIST_COOKIE, guestId);
      const { list, setCookies } = await listOf(b);
      expect(idsOf(list).sort()).toEqual([dealIds[4], dealIds[5]].sort());
      expect(setCookies).toEqual([expect.objectContaining({ value: customerId })]);
      // The guest id is gone: the guest browser now has none.
      expect((await listOf(guest)).list).toBeNull();
    });

    it('signed in with no list yet and a guest list stored: the guest list becomes theirs', async () => {
      const guest = browser();
      await add(guest, dealIds[6]!);
      const guestId = guest.cookie(WISHLIST_COOKIE)!;
      const { browser: b } = await signedUp('Adopt', browser());
      b.setCookie(WISHLIST_COOKIE, guestId);
      const { list } = await listOf(b);
      expect(idsOf(list)).toEqual([dealIds[6]]);
      expect(b.cookie(WISHLIST_COOKIE)).toBe(guestId);
      // Now a customer's list: the guest browser holding the same id no longer opens it (Z).
      expect((await listOf(guest)).list).toBeNull();
    });

    it('signed in with no list and none stored: none, and nothing logged as a failure', async () => {
      const { browser: b } = await signedUp('Empty');
      const before = logger.lines.length;
      const { list, setCookies } = await listOf(b);
      expect(list).toBeNull();
      expect(setCookies).toEqual([]);
      expect(logger.lines.slice(before).filter((l) => l.level !== 'info')).toEqual([]);
    });
  });

  it('a guest hearts two deals, signs in to an account whose list has one of them: one list, every deal once', async () => {
    const { browser: owner, email } = await signedUp('Merge');
    await add(owner, dealIds[7]!);
    await signOut(owner);
    // Signed out, the browser holds no list: the customer's is not a guest's.
    expect(owner.cookie(WISHLIST_COOKIE)).toBeUndefined();
    expect((await listOf(owner)).list).toBeNull();
    await add(owner, dealIds[8]!);
    await add(owner, dealIds[7]!);
    await signIn(owner, email);
    const { list } = await listOf(owner);
    expect(idsOf(list).sort()).toEqual([dealIds[7], dealIds[8]].sort());
    expect(list!.count).toBe(2);
  });

  it('a merge past 50 names the deals it took off (the oldest saved) until the list next changes, in the same one deals call', async () => {
    const { browser: owner, email } = await signedUp('Full');
    await add(owner, dealIds[13]!);
    await patchInService(owner.cookie(WISHLIST_COOKIE)!, Array.from({ length: WISHLIST_MAX_DEALS - 1 }, (_, i) => ({ op: 'add', path: '/deals', value: 910_000 + i })));
    await signOut(owner);
    await add(owner, dealIds[14]!);
    await signIn(owner, email);
    const TAKEN_OFF = `query { wishlist { count takenOffAtMerge { dealId title } deals(first: 50) { edges { node { dealId } } } } }`;
    const at = services.calls.length;
    const merged = await owner.gql(TAKEN_OFF);
    expect(merged.body.data.wishlist.count).toBe(WISHLIST_MAX_DEALS);
    expect(merged.body.data.wishlist.takenOffAtMerge).toEqual([{ dealId: dealIds[13], title: expect.any(String) }]);
    expect(merged.body.data.wishlist.deals.edges.map((e: { node: { dealId: number } }) => e.node.dealId)).toEqual([dealIds[14]]);
    // The session, the customer's list, and one deals call for both the list's cards and the deals taken off.
    expect(services.calls.slice(at)).toEqual(['users GET /session', 'wishlist GET /wishlist', 'deals GET /deal']);
    // A change (here a remove) ends the word: the shopper has been told.
    expect((await owner.gql(REMOVE, { id: dealIds[14] })).body.data.removeFromWishlist.__typename).toBe('WishlistUpdated');
    expect((await owner.gql(TAKEN_OFF)).body.data.wishlist.takenOffAtMerge).toEqual([]);
  });

  it('remove and clear; a deal that does not exist is a not-found naming dealId', async () => {
    const b = browser();
    await add(b, dealIds[9]!);
    await add(b, dealIds[10]!);
    expect((await b.gql(REMOVE, { id: dealIds[9] })).body.data.removeFromWishlist).toEqual({ __typename: 'WishlistUpdated', wishlist: { count: 1 }, deal: { dealId: dealIds[9], inWishlist: false } });
    expect((await b.gql(CLEAR)).body.data.clearWishlist).toEqual({ __typename: 'WishlistUpdated', wishlist: { count: 0 } });
    expect(await add(b, 999_999_999)).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND', field: 'dealId' });
    expect(await add(b, -4)).toMatchObject({ __typename: 'NotFoundError', field: 'dealId' });
  });

  it('Z: a shopper never sees another customer\'s list, by guest cookie or by signed-in cookie', async () => {
    const { browser: ann } = await signedUp('Ann');
    await add(ann, dealIds[11]!);
    const annId = ann.cookie(WISHLIST_COOKIE)!;
    // A guest holding Ann's id.
    const guest = browser().setCookie(WISHLIST_COOKIE, annId);
    expect((await listOf(guest)).list).toBeNull();
    expect((await guest.gql(HEART, { id: String(dealIds[11]) })).body.data.deal).toEqual({ dealId: dealIds[11], inWishlist: false });
    expect((await ann.gql(HEART, { id: String(dealIds[11]) })).body.data.deal).toEqual({ dealId: dealIds[11], inWishlist: true });
    // Bob, signed in, holding Ann's id: refused by the service (owned), Bob's own list (none) stands.
    const { browser: bob } = await signedUp('Bob');
    bob.setCookie(WISHLIST_COOKIE, annId);
    expect((await listOf(bob)).list).toBeNull();
    // Bob's add goes to a list of his own, never Ann's.
    await add(bob, dealIds[12]!);
    expect(idsOf((await listOf(bob)).list)).toEqual([dealIds[12]]);
    expect(idsOf((await listOf(ann)).list)).toEqual([dealIds[11]]);
  });

  it('a full list (50) refuses the 51st with WISHLIST_FULL naming dealId', async () => {
    const b = browser();
    // 50 through the service's bulk change.
    await add(b, dealIds[0]!);
    const id = b.cookie(WISHLIST_COOKIE)!;
    const ops = Array.from({ length: WISHLIST_MAX_DEALS - 1 }, (_, i) => ({ op: 'add', path: '/deals', value: 900_000 + i }));
    await patchInService(id, ops);
    expect(await add(b, dealIds[1]!)).toEqual({ __typename: 'ValidationError', code: 'WISHLIST_FULL', field: 'dealId', message: 'Your wish list is full: it holds 50 deals. Remove one to add another.' });
    // Deals that no longer exist are left out of the list's cards but counted.
    const { list } = await listOf(b);
    expect(list).toMatchObject({ count: 50, deals: { totalCount: 1 } });
  });

  it('REST calls per request do not grow with the list: 2 deals and 30 deals cost the same calls', async () => {
    const callsFor = async (size: number) => {
      const b = browser();
      for (const id of dealIds.slice(0, size)) await add(b, id);
      const at = services.calls.length;
      const { list } = await listOf(b);
      expect(list!.count).toBe(size);
      return services.calls.slice(at).map((c) => c.replace(/\/[A-Za-z0-9_-]{22}\b/, '/{id}'));
    };
    const small = await callsFor(2);
    const large = await callsFor(30);
    expect(large).toEqual(small);
    expect(small).toEqual(['wishlist GET /wishlist/{id}', 'deals GET /deal']);
  });

  it('spec §8: the wishlist service down never breaks the page: logged, no list, hearts empty', async () => {
    const down = createGateway({ services: { ...services.targets, wishlist: { baseUrl: 'http://127.0.0.1:9' } }, serviceToken: TEST_TOKEN, logger, clientAddress: testClientAddress });
    const b = new Browser(down, 'http://shop.test', '198.51.100.250').setCookie(WISHLIST_COOKIE, 'AAAAAAAAAAAAAAAAAAAAAB');
    const before = logger.lines.length;
    const res = await b.gql(`query($id: ID!) { wishlist { count } deal(dealId: $id) { dealId inWishlist } }`, { id: String(dealIds[0]) });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({ wishlist: null, deal: { dealId: dealIds[0], inWishlist: false } });
    expect(logger.lines.slice(before).some((l) => l.message === 'Wishlist call failed')).toBe(true);
  });
});
