/**
 * The loyalty club through the shop (createShopApp: /graphql) over the real rewards and wallet
 * services on one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 *
 * - viewer.loyalty: Pink with 0 points and the spec §5 words; after settled order points, Bronze;
 * - exchangePoints: the wallet grows by the level's value; out of range is the §5 words naming
 *   points; the activity is a Relay connection whose nodes refetch by id;
 * - Z: another shopper and a guest get null for the nodes and a refusal for the mutations;
 * - spec §8: a club that cannot be reached makes loyalty null, never an error for the page.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { testDatabases } from '@shop/platform/test-databases';
import { createRewardsApp, migrateRewards, recordOrderPoints, settleOrderPoints } from '@shop/rewards';
import { describe, expect, it } from 'vitest';
import { openVouchersShop, shopOver, signUpOn } from '../../../test/vouchers-shop.ts';
import { TEST_TOKEN } from '../../test/helpers.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { captureLogger } from '../../test/helpers.ts';

const LOYALTY = `{ viewer { loyalty { currentLevel { name colour } nextLevel { name exchangeRate } lifetimePoints currentPoints pendingPoints pointsToNextLevel exchangeRate
  playerActivityCountVO { points } loyaltyActivityDescriptions levels { name } exchangePrompt exchangeRateText canExchange
  activity(first: 2) { edges { cursor node { id kind points pendingPoints description } } pageInfo { hasNextPage endCursor } } } } }`;
const EXCHANGE = `mutation($i: ExchangePointsInput!) { exchangePoints(input: $i) { __typename
  ... on PointsExchanged { points credit { amount formatted } loyalty { currentPoints } }
  ... on UserError { code message field } } }`;
const CLUB = `mutation($i: ClubActivityInput!) { recordClubActivity(input: $i) { __typename ... on ClubActivityRecorded { points } ... on UserError { code field } } }`;
const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on PointsActivity { kind points } } }`;
const WALLET = `{ viewer { wallet { balance { amount } marketingBalance { amount } } } }`;

describe.each(testDatabases())('the loyalty club through the shop on %s', (_name, open) => {
  const logger = captureLogger();
  let ann: Browser;
  let ben: Browser;
  let club: ReturnType<typeof shopOver>;

  const shop = openVouchersShop(
    open,
    async () => {
      await migrateRewards(shop.services.db);
      const rewardsApp = createRewardsApp({ db: shop.services.db, serviceToken: TEST_TOKEN });
      club = shopOver(shop.services, logger, { rewardsApp });
      ann = await signUpOn(shop.services, club.browser(), { firstName: 'Ann', lastName: 'Points' });
      ben = await signUpOn(shop.services, club.browser(), { firstName: 'Ben', lastName: 'Other' });
    },
    logger,
  );
  const gql = async (b: Browser, query: string, variables?: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };

  it('a new member is Pink with 0 points and told "You don\'t have enough points"', async () => {
    const { viewer } = await gql(ann, LOYALTY);
    expect(viewer.loyalty).toMatchObject({
      currentLevel: { name: 'Pink', colour: '#c2006a' },
      nextLevel: { name: 'Bronze', exchangeRate: 100 },
      currentPoints: 0,
      pendingPoints: 0,
      pointsToNextLevel: 500,
      playerActivityCountVO: { points: 0 },
      exchangePrompt: "You don't have enough points",
      exchangeRateText: 'Pink members cannot exchange points. You need to reach Bronze or above to exchange your points: 500 more points needed.',
      canExchange: false,
      activity: { edges: [] },
    });
    expect(viewer.loyalty.levels.map((l: any) => l.name)).toEqual(['Pink', 'Bronze', 'Silver', 'Gold', 'Platinum']);
    expect((await gql(ann, EXCHANGE, { i: { points: 1 } })).exchangePoints).toEqual({ __typename: 'PointsExchangeError', code: 'NOT_ENOUGH_POINTS', message: "You don't have enough points", field: 'points' });
  });

  it('settled order points make Bronze; an exchange credits the wallet at the Bronze rate; out of range is the §5 words', async () => {
    const token = await shop.services.customerTokenOf(ann);
    const paidAt = new Date(Date.now() - 15 * 86_400_000);
    await shop.services.db.transaction().execute((trx) => recordOrderPoints(trx, { orderId: 'gw-order-1', customerToken: token, paidPence: 8000, paidAt }));
    await settleOrderPoints(shop.services.db, { now: new Date(), standing: async () => ({ paidPence: 8000, refundedPence: 0, stands: true }) });
    const { viewer } = await gql(ann, LOYALTY);
    expect(viewer.loyalty).toMatchObject({ currentLevel: { name: 'Bronze' }, currentPoints: 800, lifetimePoints: 800, exchangePrompt: 'Please select a number between 1 and 800 to exchange your points.', exchangeRateText: '800 points are worth £8.00 at your Bronze rate and £8.80 at the Silver rate.', canExchange: true });
    expect((await gql(ann, EXCHANGE, { i: { points: 801 } })).exchangePoints).toEqual({ __typename: 'PointsExchangeError', code: 'POINTS_OUT_OF_RANGE', message: 'Please select a number between 1 and 800 to exchange your points.', field: 'points' });
    expect((await gql(ann, EXCHANGE, { i: { points: 0 } })).exchangePoints).toMatchObject({ __typename: 'ValidationError', field: 'points' });
    const done = (await gql(ann, EXCHANGE, { i: { points: 450 } })).exchangePoints;
    expect(done).toEqual({ __typename: 'PointsExchanged', points: 450, credit: { amount: 450, formatted: '£4.50' }, loyalty: { currentPoints: 350 } });
    expect((await gql(ann, WALLET)).viewer.wallet).toEqual([{ balance: { amount: 450 }, marketingBalance: { amount: 450 } }]);
    const after = (await gql(ann, LOYALTY)).viewer.loyalty;
    expect(after.activity.edges.map((e: any) => [e.node.kind, e.node.points])).toEqual([['EXCHANGE', -450], ['ORDER_AVAILABLE', 800]]);
    expect(after.activity.pageInfo.hasNextPage).toBe(true);
  });

  it('Z: activity nodes refetch for their owner only; another shopper and a guest get null; mutations are the session\'s', async () => {
    const edges = (await gql(ann, LOYALTY)).viewer.loyalty.activity.edges;
    const id = edges[0].node.id;
    expect((await gql(ann, NODE, { id })).node).toEqual({ __typename: 'PointsActivity', id, kind: 'EXCHANGE', points: -450 });
    expect((await gql(ben, NODE, { id })).node).toBeNull();
    const guest = club.browser();
    expect((await gql(guest, NODE, { id })).node).toBeNull();
    expect((await gql(guest, LOYALTY)).viewer).toBeNull();
    expect((await gql(guest, EXCHANGE, { i: { points: 10 } })).exchangePoints).toMatchObject({ __typename: 'UnauthenticatedError' });
    expect((await gql(guest, CLUB, { i: { shareDeal: [], viewDeal: [{ dealId: 1 }] } })).recordClubActivity).toMatchObject({ __typename: 'UnauthenticatedError' });
    // Ben's exchange is his own: refused for his 0 points, Ann's untouched.
    expect((await gql(ben, EXCHANGE, { i: { points: 10 } })).exchangePoints).toMatchObject({ code: 'NOT_ENOUGH_POINTS' });
    expect((await gql(ann, LOYALTY)).viewer.loyalty.currentPoints).toBe(350);
  });

  it('club activity in bulk: capped per day; bad input names the field', async () => {
    const views = Array.from({ length: 12 }, (_, i) => ({ dealId: 100 + i, locationSite: 'glasgow' }));
    expect((await gql(ben, CLUB, { i: { downloadToolbar: false, shareDeal: [{ dealId: 7, publisherSource: 'facebook' }], viewDeal: views } })).recordClubActivity).toEqual({ __typename: 'ClubActivityRecorded', points: 15 });
    expect((await gql(ben, CLUB, { i: { shareDeal: [{ dealId: 7, publisherSource: 'facebook' }], viewDeal: views } })).recordClubActivity).toEqual({ __typename: 'ClubActivityRecorded', points: 0 });
    expect((await gql(ben, CLUB, { i: { shareDeal: [], viewDeal: [{ dealId: -1 }] } })).recordClubActivity).toMatchObject({ __typename: 'ValidationError', field: 'viewDeal.0.dealId' });
  });

  it('spec §8: a club that cannot be read makes loyalty null, and the rest of the viewer still answers', async () => {
    const { viewer } = await gql(await signUpOn(shop.services, shop.made.browser(), { firstName: 'Cat', lastName: 'NoClub' }), `{ viewer { name loyalty { currentPoints } } }`);
    expect(viewer).toEqual({ name: 'Cat', loyalty: null });
    expect(logger.lines.some((l: any) => JSON.stringify(l).includes('"issue":"club"'))).toBe(true);
  });
});
