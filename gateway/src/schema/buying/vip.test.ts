/**
 * Issue 14 through the gateway, against the real basket, checkout, payment, deals and users
 * services on one database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 *
 * - A: a signed-up shopper ticks VIP and pays by card; right after, viewer.vipUser is true and
 *   vipStatus ACTIVE with its end a year on, the next checkout's VIP box is not offered (a member)
 *   and never charged, and a VIP-exclusive option goes in the basket at its VIP price;
 * - B: a non-member (and a guest) adding a VIP-exclusive option gets a UserError (VIP_ONLY) whose
 *   message says it is for VIP members, what it costs and gives; nothing is added. A guest is not
 *   offered VIP at all (it needs an account).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { ERROR_MESSAGES } from '@shop/domain';
import { grantVipMembership } from '@shop/users';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, PASSWORD, type BuyingServices } from '../../../test/buying-services.ts';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const ERR = '... on UserError { __typename code message field }';
const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename ... on BasketUpdated { basket { itemCount lines { productId quantity unitPrice { amount } } } } ${ERR} } }`;
const CHECKOUT = `{ checkout { __typename ... on Checkout { orderSummary { vip { amount } cashAmount { amount } } vipOffer { price { amount } checked } } ${ERR} } }`;
const SET_VIP = `mutation($c: Boolean!) { setVipOption(input: { checked: $c }) { __typename ... on Checkout { orderSummary { vip { amount } cashAmount { amount } } vipOffer { checked } } ${ERR} } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order { orderNumber } } ${ERR} } }`;
const VIEWER = `{ viewer { vipUser vipStatus vipValidUntil } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
let ipCounter = 60;
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;
const key = () => `key-${Date.now().toString(36)}-${(sequence += 1)}-${Math.random().toString(36).slice(2)}`;

describe.each(testDatabases())('VIP membership through the gateway on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  const logger = captureLogger();
  let options: { dealId: number; productId: number; pricePence: number }[] = [];
  let vipOption: { dealId: number; productId: number; pricePence: number };

  const browser = () => new Browser(yoga, 'http://shop.test', nextIp());

  async function signedUp(): Promise<Browser> {
    const email = uniqueEmail('vip');
    const b = browser();
    const registered = await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: 'Morag', lastName: 'Vip' } });
    expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    return b;
  }
  const add = (b: Browser, o: { dealId: number; productId: number }) => b.gql(ADD, { i: { dealId: o.dealId, productId: o.productId, quantity: 1 } });
  const checkout = async (b: Browser) => {
    const res = await b.gql(CHECKOUT);
    expect(res.body.data?.checkout.__typename, JSON.stringify(res.body)).toBe('Checkout');
    return res.body.data.checkout;
  };

  beforeAll(async () => {
    services = await openBuyingServices(open);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger, exposeRestCalls: true, clientAddress: testClientAddress });
    // The small test catalogue may have no VIP-exclusive option (the seed makes one in ~8% of
    // deals), so one plain buyable option becomes one, as a merchant would mark it.
    options = await services.buyable(5);
    vipOption = options.pop()!;
    await sql`update deals.product set vip_exclusive = true where id = ${vipOption.productId}`.execute(services.db);
  });
  afterAll(() => services?.close());

  it('B: a non-member cannot put a VIP-exclusive option in the basket: VIP_ONLY in words that say why; a guest is not offered VIP', async () => {
    const guest = browser();
    const refused = (await add(guest, vipOption)).body.data.addToBasket;
    expect(refused).toEqual({ __typename: 'ValidationError', code: 'VIP_ONLY', message: ERROR_MESSAGES.VIP_ONLY, field: 'productId' });
    expect(refused.message).toMatch(/VIP members only/);
    expect(refused.message).toContain('£4.99 a year');
    expect(refused.message).toContain('up to 10%');
    // With a basket already (the same refusal, nothing added).
    expect((await add(guest, options[0]!)).body.data.addToBasket.__typename).toBe('BasketUpdated');
    expect((await add(guest, vipOption)).body.data.addToBasket).toMatchObject({ __typename: 'ValidationError', code: 'VIP_ONLY' });
    expect((await checkout(guest)).vipOffer).toBeNull();
    expect((await guest.gql(SET_VIP, { c: true })).body.data.setVipOption).toMatchObject({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VIP_NEEDS_ACCOUNT, field: 'vipChecked' });

    const member = await signedUp();
    expect((await add(member, vipOption)).body.data.addToBasket).toMatchObject({ __typename: 'ValidationError', code: 'VIP_ONLY', message: ERROR_MESSAGES.VIP_ONLY });
  });

  it('A: VIP paid at checkout is the shopper\'s at once: vipUser, ACTIVE for a year, no second offer, VIP-exclusive options at their VIP price', async () => {
    const b = await signedUp();
    expect((await b.gql(VIEWER)).body.data.viewer).toEqual({ vipUser: false, vipStatus: 'NOT_CHECKED', vipValidUntil: null });
    // Their basket exists before they join (it was made for a non-member).
    expect((await add(b, options[1]!)).body.data.addToBasket.__typename).toBe('BasketUpdated');
    expect((await checkout(b)).vipOffer).toEqual({ price: { amount: 499 }, checked: false });
    const ticked = (await b.gql(SET_VIP, { c: true })).body.data.setVipOption;
    expect(ticked.orderSummary.vip.amount).toBe(499);
    const cash = ticked.orderSummary.cashAmount.amount;
    expect(cash).toBe(options[1]!.pricePence + 499);
    const before = Date.now();
    const placed = (await b.gql(PLACE, { i: { idempotencyKey: key(), method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: cash } })).body.data.placeOrder;
    expect(placed.__typename, JSON.stringify(placed)).toBe('OrderPlaced');

    const viewer = (await b.gql(VIEWER)).body.data.viewer;
    expect(viewer).toMatchObject({ vipUser: true, vipStatus: 'ACTIVE' });
    const end = new Date(viewer.vipValidUntil);
    const yearOn = new Date(before);
    yearOn.setUTCMonth(yearOn.getUTCMonth() + 12);
    expect(Math.abs(end.getTime() - yearOn.getTime())).toBeLessThan(60_000);

    // The VIP-exclusive option now goes in (the basket follows the membership), at its VIP price.
    const added = (await add(b, vipOption)).body.data.addToBasket;
    expect(added.__typename, JSON.stringify(added)).toBe('BasketUpdated');
    expect(added.basket.lines.find((l: any) => l.productId === vipOption.productId).unitPrice.amount).toBe(vipOption.pricePence);
    // The next checkout: VIP is not offered again (a member) and nothing VIP is charged.
    const next = await checkout(b);
    expect(next.vipOffer).toBeNull();
    expect(next.orderSummary).toEqual({ vip: { amount: 0 }, cashAmount: { amount: vipOption.pricePence } });
    const paidAgain = (await b.gql(PLACE, { i: { idempotencyKey: key(), method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: vipOption.pricePence } })).body.data.placeOrder;
    expect(paidAgain.__typename, JSON.stringify(paidAgain)).toBe('OrderPlaced');
  });

  it('VIP_LAYOUT reaches the checkout: checkbox by default, two-buttons as configured, show-no-vip draws no offer unless VIP is already chosen', async () => {
    const b = await signedUp();
    expect((await add(b, options[2]!)).body.data.addToBasket.__typename).toBe('BasketUpdated');
    const LAYOUT = `{ checkout { ... on Checkout { vipOffer { checked layout } } } }`;
    const through = (layout?: 'two-buttons' | 'show-no-vip') => {
      const gateway = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger, clientAddress: testClientAddress, ...(layout ? { vipLayout: layout } : {}) });
      // The same shopper (their session cookie) through a shop configured so.
      const other = new Browser(gateway, 'http://shop.test', b.ip);
      for (const [name, value] of b.jar) other.setCookie(name, value);
      return other;
    };
    expect((await b.gql(LAYOUT)).body.data.checkout.vipOffer).toEqual({ checked: false, layout: 'CHECKBOX' });
    expect((await through('two-buttons').gql(LAYOUT)).body.data.checkout.vipOffer).toEqual({ checked: false, layout: 'TWO_BUTTONS' });
    const none = through('show-no-vip');
    expect((await none.gql(LAYOUT)).body.data.checkout.vipOffer).toBeNull();
    // Chosen already (joined from /deals/vip): still shown, so the shopper sees what they pay for.
    expect((await b.gql(SET_VIP, { c: true })).body.data.setVipOption.vipOffer.checked).toBe(true);
    expect((await none.gql(LAYOUT)).body.data.checkout.vipOffer).toEqual({ checked: true, layout: 'SHOW_NO_VIP' });
  });

  it('apply-vip-discount: a member\'s line of an option with a VIP version goes in as that version and is charged its VIP price; a non-member\'s basket is refused it', async () => {
    // The catalogue's VIP version of options[3] (as the seed makes one): "VIP exclusive: <title>", same terms, 10% off.
    const plain = options[3]!;
    const vipPrice = Math.floor((plain.pricePence * 90) / 100);
    const vipId = (await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from deals.product`.execute(services.db)).rows[0]!.id;
    await sql`insert into deals.product (id, deal_id, position, title, price_pence, original_price_pence, display_discount, purchase_cap, remaining, has_deposit, deposit_product_id, deposit_price_pence, postage_pence, number_of_nights, check_in_date, check_out_date, vip_exclusive, disabled)
      select ${vipId}, deal_id, position + 1000, 'VIP exclusive: ' || title, ${vipPrice}, original_price_pence, display_discount, purchase_cap, null, has_deposit, deposit_product_id, deposit_price_pence, postage_pence, number_of_nights, check_in_date, check_out_date, true, false
      from deals.product where id = ${plain.productId}`.execute(services.db);

    // A non-member: the public option stays itself, and the REST call is refused in words.
    const other = await signedUp();
    const kept = (await add(other, plain)).body.data.addToBasket;
    expect(kept.basket.lines.map((l: any) => l.productId)).toEqual([plain.productId]);
    const basketToken = (await sql<{ token: string; customer_token: string }>`select b.token, b.customer_token from basket.basket b join basket.line l on l.basket_token = b.token where l.deal_product_id = ${plain.productId} and b.customer_token is not null order by b.created_at desc limit 1`.execute(services.db)).rows[0]!;
    const basketTarget = services.targets.basket!;
    if (!('app' in basketTarget)) throw new Error('the test basket service runs in-process');
    const refused = await basketTarget.app.fetch(
      new Request(`http://basket/basket/${basketToken.token}/apply-vip-discount?customerToken=${basketToken.customer_token}`, { method: 'POST', headers: { 'x-service-token': TEST_TOKEN } }),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'VIP_ONLY', detail: expect.stringContaining('VIP prices are for VIP members only') });

    // A member (joined with an order): the same option goes in as its VIP version, charged its VIP price.
    const member = await signedUp();
    expect((await add(member, options[0]!)).body.data.addToBasket.__typename).toBe('BasketUpdated');
    const ticked = (await member.gql(SET_VIP, { c: true })).body.data.setVipOption;
    const paid = (await member.gql(PLACE, { i: { idempotencyKey: key(), method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: ticked.orderSummary.cashAmount.amount } })).body.data.placeOrder;
    expect(paid.__typename, JSON.stringify(paid)).toBe('OrderPlaced');
    const moved = (await add(member, plain)).body.data.addToBasket;
    expect(moved.__typename, JSON.stringify(moved)).toBe('BasketUpdated');
    expect(moved.basket.lines).toEqual([{ productId: vipId, quantity: 1, unitPrice: { amount: vipPrice } }]);
    expect((await checkout(member)).orderSummary).toEqual({ vip: { amount: 0 }, cashAmount: { amount: vipPrice } });
  });

  it('spec §4: a member\'s basket is synced when a page loads: a line put in before joining moves to its VIP version at the next read of the basket', async () => {
    const plain = options[2]!;
    const vipPrice = Math.floor((plain.pricePence * 90) / 100);
    const vipId = (await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from deals.product`.execute(services.db)).rows[0]!.id;
    await sql`insert into deals.product (id, deal_id, position, title, price_pence, original_price_pence, display_discount, purchase_cap, remaining, has_deposit, deposit_product_id, deposit_price_pence, postage_pence, number_of_nights, check_in_date, check_out_date, vip_exclusive, disabled)
      select ${vipId}, deal_id, position + 1000, 'VIP exclusive: ' || title, ${vipPrice}, original_price_pence, display_discount, purchase_cap, null, has_deposit, deposit_product_id, deposit_price_pence, postage_pence, number_of_nights, check_in_date, check_out_date, true, false
      from deals.product where id = ${plain.productId}`.execute(services.db);
    const shopper = await signedUp();
    expect((await add(shopper, plain)).body.data.addToBasket.__typename).toBe('BasketUpdated');
    // The membership granted elsewhere (another device's order): this basket was made before it.
    const customerToken = (await sql<{ customer_token: string }>`select b.customer_token from basket.basket b join basket.line l on l.basket_token = b.token where l.deal_product_id = ${plain.productId} and b.customer_token is not null order by b.created_at desc limit 1`.execute(services.db)).rows[0]!.customer_token;
    await services.db.transaction().execute((trx) => grantVipMembership(trx, { customerToken, orderRef: `elsewhere-${key()}`, now: new Date() }));
    const read = await shopper.gql(`{ basket { eligibleForVip lines { productId quantity unitPrice { amount } } } }`);
    expect(read.body.data.basket, JSON.stringify(read.body)).toEqual({ eligibleForVip: true, lines: [{ productId: vipId, quantity: 1, unitPrice: { amount: vipPrice } }] });
  });
});
