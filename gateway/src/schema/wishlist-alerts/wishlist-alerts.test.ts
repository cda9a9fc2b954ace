/**
 * Wish list alerts through the gateway (issue 19 point 2) against the real deals, users and
 * wishlist modules on one database: a shopper signs up, their wish list holds a deal, the shop's
 * alerts job runs (as the leased job does) before and after the deal's price falls, and exactly
 * one email arrives in the outbox; its link turns price drops off through
 * unsubscribeWishlistAlert (no login), which viewer.wishlistAlerts then shows, so the next drop
 * sends nothing. updateWishlistAlerts turns a kind back on; the email's List-Unsubscribe url takes
 * a mail app's one-click POST (RFC 8058); a guest gets no preferences and is refused the update; a
 * forged link is an InvalidLinkError.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { createMailer, listOutbox } from '@shop/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@shop/domain';
import { dealWatchStates } from '@shop/deals';
import { wishlistAlertRecipients } from '@shop/users';
import { createWithDeal, migrateWishlist } from '@shop/wishlist';
import { alertWishlists } from '@shop/wishlist/alerts/alerts';
import { Browser, openAccountServices, PUBLIC_BASE_URL, testClientAddress, type AccountServices } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';
import { createOneClickUnsubscribeRoutes } from './one-click.routes.ts';

const PASSWORD = 'Correct-Horse-9';
const PREFS = `query { viewer { wishlistAlerts { priceDrops backInStock } } }`;
const UPDATE = `mutation($input: UpdateWishlistAlertsInput!) { updateWishlistAlerts(input: $input) { __typename ... on WishlistAlertPreferences { priceDrops backInStock } ... on UserError { code } } }`;
const UNSUBSCRIBE = `mutation($token: String!) { unsubscribeWishlistAlert(input: { token: $token }) { __typename ... on WishlistAlertUnsubscribed { kind email message } ... on UserError { code message field } } }`;

describe.each(testDatabases())('wish list alerts through the gateway on %s', (_name, open) => {
  let services: AccountServices;
  let yoga: Gateway;
  const logger = captureLogger();
  let clock = new Date('2027-01-20T09:00:00Z');

  beforeAll(async () => {
    services = await openAccountServices(open);
    await migrateWishlist(services.db);
    yoga = createGateway({ services: { deals: { app: services.dealsApp }, search: { app: services.searchApp }, users: { app: services.usersApp } }, serviceToken: TEST_TOKEN, logger, clientAddress: testClientAddress });
  });
  afterAll(() => services?.close());

  /** The shop's job, as server.ts runs it, at the next minute. */
  const runJob = () => {
    clock = new Date(clock.getTime() + 60_000);
    const now = clock;
    return alertWishlists({
      db: services.db,
      mailer: createMailer({ db: services.db }),
      now: () => now,
      publicBaseUrl: PUBLIC_BASE_URL,
      dealStates: (within, ids, at) => dealWatchStates(within, ids, at),
      recipients: (within, customerTokens, kind) => wishlistAlertRecipients(within, { customerTokens, kind, publicBaseUrl: PUBLIC_BASE_URL }),
    });
  };
  const setPrice = async (dealId: number, pence: number) => {
    await sql`update deals.product set price_pence = ${pence}, original_price_pence = greatest(original_price_pence, ${pence + 1000}), postage_pence = null, remaining = null, disabled = false where deal_id = ${dealId}`.execute(services.db);
    await sql`update deals.deal set closing_date = null where id = ${dealId}`.execute(services.db);
  };

  it('a price drop produces exactly one email; its link turns price drops off without signing in, and the account page shows it', async () => {
    const email = `wish.${Date.now().toString(36)}@example.com`;
    const b = new Browser(yoga, 'http://shop.test', '198.51.100.61');
    expect((await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: 'Isla', lastName: 'Wishes' } })).body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    expect((await b.gql(PREFS)).body.data.viewer.wishlistAlerts).toEqual({ priceDrops: true, backInStock: true });

    const dealId = Number((await sql<{ id: number }>`select id from deals.deal where product_count > 0 order by id limit 1`.execute(services.db)).rows[0]!.id);
    await setPrice(dealId, 4000);
    const { customer_token } = (await sql<{ customer_token: string }>`select customer_token from users.account where email = ${email}`.execute(services.db)).rows[0]!;
    await createWithDeal(services.db, { dealId, customerToken: customer_token, now: clock });
    await runJob();
    await setPrice(dealId, 3000);
    await runJob();
    await runJob();
    const alerts = (await listOutbox(services.db, { to: email, limit: 20 })).filter((m) => m.kind === 'wishlist_price_drop');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Now £30, was £40 (25% less).');
    const link = /Stop price drop emails: (\S+)/.exec(alerts[0]!.text)![1]!;
    expect(link.startsWith(`${PUBLIC_BASE_URL}/email/alerts?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    // The link works from any browser, signed in or not.
    const stranger = new Browser(yoga, 'http://shop.test', '198.51.100.62');
    const done = (await stranger.gql(UNSUBSCRIBE, { token })).body.data.unsubscribeWishlistAlert;
    expect(done).toEqual({ __typename: 'WishlistAlertUnsubscribed', kind: 'PRICE_DROP', email, message: 'We won’t email you when deals on your wish list drop in price.' });
    expect((await b.gql(PREFS)).body.data.viewer.wishlistAlerts).toEqual({ priceDrops: false, backInStock: true });
    await setPrice(dealId, 2000);
    await runJob();
    expect((await listOutbox(services.db, { to: email, limit: 20 })).filter((m) => m.kind === 'wishlist_price_drop')).toHaveLength(1);

    // Back on from the account page.
    expect((await b.gql(UPDATE, { input: { priceDrops: true } })).body.data.updateWishlistAlerts).toEqual({ __typename: 'WishlistAlertPreferences', priceDrops: true, backInStock: true });
    expect((await b.gql(PREFS)).body.data.viewer.wishlistAlerts).toEqual({ priceDrops: true, backInStock: true });

    // A mail app's own unsubscribe button (RFC 8058): a POST of List-Unsubscribe=One-Click to the
    // email's List-Unsubscribe url, the same link, acts at once; any other POST changes nothing.
    expect(alerts[0]!.listUnsubscribe).toBe(link);
    const oneClick = createOneClickUnsubscribeRoutes({ gateway: yoga, logger });
    const post = (url: string, body?: string) => oneClick.request(url, { method: 'POST', ...(body === undefined ? {} : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }) });
    const refused = await post(link, 'unsubscribe=yes');
    expect([refused.status, await refused.text()]).toEqual([400, 'List-Unsubscribe: Send List-Unsubscribe=One-Click to unsubscribe with one click.\n']);
    expect((await post(link)).status).toBe(400);
    expect((await post(link, `List-Unsubscribe=One-Click&pad=${'x'.repeat(8000)}`)).status).toBe(413);
    expect((await b.gql(PREFS)).body.data.viewer.wishlistAlerts).toEqual({ priceDrops: true, backInStock: true });
    const clicked = await post(link, 'List-Unsubscribe=One-Click');
    expect([clicked.status, clicked.headers.get('cache-control'), await clicked.text()]).toEqual([200, 'no-store', 'We won’t email you when deals on your wish list drop in price.\n']);
    expect((await b.gql(PREFS)).body.data.viewer.wishlistAlerts).toEqual({ priceDrops: false, backInStock: true });
    const forgedClick = await post(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), 'List-Unsubscribe=One-Click');
    expect([forgedClick.status, await forgedClick.text()]).toEqual([400, `token: ${ERROR_MESSAGES.INVALID_LINK}\n`]);
    expect((await post(`${PUBLIC_BASE_URL}/email/alerts`, 'List-Unsubscribe=One-Click')).status).toBe(400);

    const forged = (await stranger.gql(UNSUBSCRIBE, { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` })).body.data.unsubscribeWishlistAlert;
    expect(forged).toEqual({ __typename: 'InvalidLinkError', code: 'INVALID_LINK', message: ERROR_MESSAGES.INVALID_LINK, field: 'token' });
    expect((await stranger.gql(UNSUBSCRIBE, { token: '  ' })).body.data.unsubscribeWishlistAlert).toMatchObject({ __typename: 'ValidationError', field: 'token' });
  });

  it('a guest has no alert preferences and is refused the update', async () => {
    const guest = new Browser(yoga, 'http://shop.test', '198.51.100.63');
    expect((await guest.gql(PREFS)).body.data.viewer).toBeNull();
    expect((await guest.gql(UPDATE, { input: { priceDrops: false } })).body.data.updateWishlistAlerts).toEqual({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
  });
});
