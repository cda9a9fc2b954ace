/**
 * Refer a friend through the gateway (issue 18 point 4) against the real users service:
 * viewer.referFriend (the link, counters, rules as paid), a friend joining with the referral
 * cookie at sign-in, the referrals connection with the friend masked, recordReferralShare, and
 * Z1/Z2: a guest has no referFriend and is refused the mutation; another shopper's Referral id is
 * null like a random one; one's own code never refers oneself.
 */
import { randomUUID } from 'node:crypto';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, PASSWORD, type BuyingServices } from '../../../test/buying-services.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { REFERRAL_COOKIE } from '../../referrals/referral-link.ts';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const RAF = `query { viewer { referFriend { linkPath opens shares joined pending pendingAmount { amount } credited creditedAmount { amount } creditPerFriend { amount formatted } maxFriends rules
  referrals(first: 10) { edges { node { id friend status joinedAt dueAt amount { amount } } } pageInfo { hasNextPage } } } } }`;
const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Referral { friend status } } }`;
const SHARE = `mutation($input: RecordReferralShareInput!) { recordReferralShare(input: $input) { __typename ... on ReferralShareRecorded { shares } ... on UserError { code } } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;

describe.each(testDatabases())('refer a friend through the gateway on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  const logger = captureLogger();

  async function signedUp(firstName: string, cookie?: string): Promise<{ browser: Browser; email: string }> {
    const email = uniqueEmail(firstName.toLowerCase());
    const b = new Browser(yoga, 'http://shop.test', `198.51.100.${(sequence % 200) + 20}`);
    if (cookie) b.setCookie(REFERRAL_COOKIE, cookie);
    const registered = await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName, lastName: 'Referral' } });
    expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    return { browser: b, email };
  }

  beforeAll(async () => {
    services = await openBuyingServices(open);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger, clientAddress: testClientAddress });
  });
  afterAll(() => services?.close());

  it('a referrer sees their link and the rules as paid; a friend who signs up through it is counted, masked; shares count', async () => {
    const { browser: ann } = await signedUp('Ann');
    const first = (await ann.gql(RAF)).body.data.viewer.referFriend;
    expect(first).toMatchObject({ opens: 0, shares: 0, joined: 0, pending: 0, credited: 0, creditPerFriend: { amount: 1000, formatted: '£10' }, maxFriends: 20, referrals: { edges: [] } });
    expect(first.linkPath).toMatch(/^\/r\/[A-Za-z0-9_-]{16}$/);
    expect(first.rules.join(' ')).toContain('20 × £10 = up to £200');
    // The link is stable.
    expect((await ann.gql(RAF)).body.data.viewer.referFriend.linkPath).toBe(first.linkPath);
    const code = first.linkPath.slice(3);

    const { browser: bob } = await signedUp('Bonnie', code);
    const after = (await ann.gql(RAF)).body.data.viewer.referFriend;
    expect(after).toMatchObject({ joined: 1, pending: 0 });
    expect(after.referrals.edges).toHaveLength(1);
    const referral = after.referrals.edges[0].node;
    expect(referral).toMatchObject({ friend: 'Bonnie', status: 'JOINED', dueAt: null, amount: { amount: 0 } });
    expect(JSON.stringify(after)).not.toContain('@example.com');

    // The node: Ann's own; Bonnie, a guest and a random id get the same null.
    expect((await ann.gql(NODE, { id: referral.id })).body.data.node).toMatchObject({ __typename: 'Referral', friend: 'Bonnie' });
    expect((await bob.gql(NODE, { id: referral.id })).body.data.node).toBeNull();
    expect((await new Browser(yoga).gql(NODE, { id: referral.id })).body.data.node).toBeNull();
    expect((await ann.gql(NODE, { id: toGlobalId('Referral', randomUUID()) })).body.data.node).toBeNull();
    expect((await ann.gql(NODE, { id: toGlobalId('Referral', 'not-a-uuid') })).body.data.node).toBeNull();
    // Bonnie's own list does not show Ann's referrals.
    expect((await bob.gql(RAF)).body.data.viewer.referFriend).toMatchObject({ joined: 0, referrals: { edges: [] } });

    const shared = await ann.gql(SHARE, { input: { channel: 'WHATSAPP' } });
    expect(shared.body.data.recordReferralShare).toEqual({ __typename: 'ReferralShareRecorded', shares: 1 });
    expect((await ann.gql(RAF)).body.data.viewer.referFriend.shares).toBe(1);
    expect((await bob.gql(RAF)).body.data.viewer.referFriend.shares).toBe(0);
  });

  it('a guest has no referFriend and cannot record a share', async () => {
    const guest = new Browser(yoga);
    expect((await guest.gql(RAF)).body.data.viewer).toBeNull();
    expect((await guest.gql(SHARE, { input: { channel: 'COPY' } })).body.data.recordReferralShare).toEqual({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
  });

  it('never refers oneself: signing in again with one\'s own code records nothing; a second referrer is refused', async () => {
    const { browser: cat, email } = await signedUp('Cat');
    const code = (await cat.gql(RAF)).body.data.viewer.referFriend.linkPath.slice(3);
    cat.setCookie(REFERRAL_COOKIE, code);
    const login = await cat.gql(`mutation($input: LoginInput!) { login(input: $input) { __typename } }`, { input: { email, password: PASSWORD } });
    expect(login.body.data.login.__typename).toBe('LoginSuccess');
    expect((await cat.gql(RAF)).body.data.viewer.referFriend.joined).toBe(0);

    const { browser: dan } = await signedUp('Dan');
    const danCode = (await dan.gql(RAF)).body.data.viewer.referFriend.linkPath.slice(3);
    const { browser: eve, email: eveEmail } = await signedUp('Eve', code);
    eve.setCookie(REFERRAL_COOKIE, danCode);
    expect((await eve.gql(`mutation($input: LoginInput!) { login(input: $input) { __typename } }`, { input: { email: eveEmail, password: PASSWORD } })).body.data.login.__typename).toBe('LoginSuccess');
    expect((await cat.gql(RAF)).body.data.viewer.referFriend.joined).toBe(1);
    expect((await dan.gql(RAF)).body.data.viewer.referFriend.joined).toBe(0);
  });
});
