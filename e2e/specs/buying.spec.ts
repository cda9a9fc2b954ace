import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  expectBreakdownAddsUp,
  addToBasket,
  answerCookies,
  creditWallet,
  cardFrame,
  enterCard,
  findDeal,
  GOOD_CARD,
  gql,
  newEmail,
  openDeal,
  payButton,
  pence,
  plainOptionFirst,
  registerAndConfirm,
  restaurantDeal,
  RESTAURANTS,
  type Deal,
} from './buying-helpers.ts';

// Buying (issue 6) as a shopper does it: add a deal option to the basket from its page, the
// basket and checkout page (the hold's countdown, gifting with its toasts, wallet credit), paying
// through the Braintree-like sandbox (the card typed into its hosted fields, PayPal approved on its
// page: the card never touches our API), and the confirmation with the vouchers. Every figure and
// every deal comes from the shop's own seeded database, found through GraphQL.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Holds the shop's answers to the named GraphQL operations back by a second (the requests still go to the real shop). */
async function holdGraphqlBack(page: Page, operations: string[]) {
  const handler = async (route: Route) => {
    const name = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
    if (name && operations.includes(name)) {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 1000));
      await route.fulfill({ response });
    } else {
      await route.fallback();
    }
  };
  await page.route('**/graphql', handler);
  return { stop: () => page.unroute('**/graphql', handler) };
}

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a guest buys a restaurant voucher by card and sees the vouchers', async ({ page }) => {
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal, 2);

  // The hold is real and says what it is for (spec §4: 300 s).
  await expect(page.getByTestId('hold')).toContainText(/holding these vouchers for you for 0[45]:\d\d/);
  const line = page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title });
  await expect(line.getByRole('group', { name: /^Quantity of/ })).toContainText('2');
  // VIP membership needs an account: a guest is not offered it (issue 14; vip.spec.ts).
  await expect(page.getByRole('checkbox', { name: /Add VIP membership/ })).toHaveCount(0);
  await expect(page.getByTestId('checkout-status')).toHaveText('');

  // The guest's email first: Pay without it names the field.
  await payButton(page).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Required field' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
  await payButton(page).click();
  await expect(summary.getByRole('link', { name: 'Enter a valid email' })).toBeVisible();
  const email = newEmail('guest');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);

  // Promo codes (spec §5 outcomes): an ended one says so at the field; a good one takes £5 off.
  await page.getByRole('button', { name: 'Have a promo code?' }).click();
  const promoForm = page.getByRole('form', { name: 'Promo code' });
  await promoForm.getByRole('textbox', { name: 'Promo code' }).fill('EXPIRED5');
  await promoForm.getByRole('button', { name: 'Apply' }).click();
  await expect(promoForm).toContainText('This promo code has expired.');
  const before = pence(await page.getByTestId('cash-amount').textContent());
  // The spec §8 status words while the checkout updates, seen by holding the real answer back a little.
  const holdBack = await holdGraphqlBack(page, ['CheckoutOptionMutationsPromoMutation', 'PlaceOrderMutationsCheckoutMutation']);
  await promoForm.getByRole('textbox', { name: 'Promo code' }).fill('fiveoff');
  await promoForm.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Please wait...');
  await expect(page.getByRole('status').filter({ hasText: 'FIVEOFF applied.' })).toBeVisible();
  await expect.poll(async () => pence(await page.getByTestId('cash-amount').textContent())).toBe(before - 500);

  await expect(page.getByRole('radio', { name: 'Debit or credit card' })).toBeChecked();
  // Pay tokenises the hosted fields itself: with none typed, the frame shows its field errors and
  // the page names the payment step (never "press 'Use this card'"); nothing is ordered.
  await payButton(page).click();
  await expect(cardFrame(page).getByText('Incorrect card number')).toBeVisible();
  await expect(page.locator('#field-payment')).toContainText('Incorrect card number');
  await expect(page.getByText(/Use this card/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  await enterCard(page, GOOD_CARD);
  const results = await new AxeBuilder({ page }).withTags(tags).exclude('iframe').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await payButton(page).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Making payment...');
  await expect(page).toHaveURL(/\/checkout\/confirmation\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  await holdBack.stop();
  const vouchers = page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem');
  await expect(vouchers).toHaveCount(2);
  for (const voucher of await vouchers.all()) {
    await expect(voucher).toContainText('Ready to Redeem');
    await expect(voucher.locator('code')).toHaveText(/^[A-Z0-9-]{8,}$/);
  }
  const codes = await vouchers.locator('code').allTextContents();
  expect(new Set(codes).size).toBe(2);

  // The paid lines left the basket; the confirmation survives a reload (the guest's order access).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  const confirmation = page.url();

  // The confirmation email lists the vouchers and links to the validity extension's page, the
  // page the confirmation's own link opens.
  let addonLink: URL | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: Array<{ kind: string; text: string }> };
      const mail = messages.find((m) => m.kind === 'order_confirmation');
      for (const code of codes) if (mail && !mail.text.includes(code)) return 'a voucher code missing';
      const link = mail?.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === '/order-addon');
      addonLink = link ? new URL(link) : undefined;
      return addonLink ? 'linked' : 'no link yet';
    })
    .toBe('linked');
  await expect(page.getByRole('link', { name: 'See the validity extension' })).toHaveAttribute('href', addonLink!.pathname + addonLink!.search);

  // The validity extension is offered, never added: bought on its own page with the hosted fields.
  await page.goto(addonLink!.pathname + addonLink!.search);
  await expect(page).toHaveURL(/\/order-addon\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Extend your vouchers' })).toBeVisible();
  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase Successful' })).toBeVisible();
  await page.goto(confirmation);
  await expect(page.getByRole('link', { name: 'See the validity extension' })).toHaveCount(0);

  // A guest is asked to sign in to keep the vouchers (spec §2 /order-addon/signin-page), and comes back here after.
  await page.getByRole('link', { name: 'Sign in or create an account' }).click();
  await expect(page).toHaveURL(/\/order-addon\/signin-page\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to manage your vouchers' })).toBeVisible();
  const signIn = new URL((await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href'))!, page.url());
  expect(signIn.pathname).toBe('/login');
  expect(signIn.searchParams.get('redirect')).toMatch(/^\/order-addon\?order=/);
  await page.getByRole('link', { name: /^Back to order / }).click();
  await expect(page).toHaveURL(confirmation);
  await page.goto('/checkout');
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse deals' })).toBeVisible();
});

test('a declined card shows its message and nothing is issued; another card then pays once', async ({ page }) => {
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal);
  await page.getByRole('textbox', { name: 'Email address' }).fill(newEmail('declined'));

  // An expired card: the sandbox's processor declines it (2004), spec §8 "card expired".
  await enterCard(page, { ...GOOD_CARD, expiry: '01/21' });
  await payButton(page).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Your card has expired. Please use another card.');
  await expect(page.locator('#field-payment')).toContainText('Your card has expired. Please use another card.');
  await expect(page).toHaveURL(/\/checkout$/);
  // Nothing was bought: the line is still in the basket and no confirmation exists.
  await expect(page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title })).toBeVisible();
  // The header still counts it, and leads back to the basket.
  await page.goto('/deals/glasgow');
  await page.getByRole('banner').getByRole('link', { name: /^Basket\W+1 item$/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // The one-time token was spent: the card form starts again, and a good card pays exactly once.
  await page.getByRole('textbox', { name: 'Email address' }).fill(newEmail('declined'));
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  await expect(page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem')).toHaveCount(1);
});

test('a sold-out option cannot be bought', async ({ page }) => {
  const deal = await findDeal(page.request, (d) => openDeal(d) && !d.pricePerPerson && d.products.some((p) => p.soldOut && !p.vipExclusive));
  const soldOut = deal.products.find((p) => p.soldOut && !p.vipExclusive)!;
  await page.goto(deal.url);
  const form = page.getByRole('form', { name: 'Buy this deal' });
  const option = form.getByRole('listitem').filter({ hasText: soldOut.title });
  await expect(option.getByText('Sold out')).toBeVisible();
  await expect(option.getByRole('radio')).toBeDisabled();
  if (deal.products.every((p) => p.soldOut || p.disabled)) await expect(form.getByRole('button', { name: 'Sold out' })).toBeDisabled();

  // Nor through the API: the basket refuses it in the spec's words.
  const answer = await gql<{ addToBasket: { __typename: string; message?: string; code?: string } }>(
    page.request,
    `mutation($input: AddToBasketInput!) { addToBasket(input: $input) { __typename ... on StockError { code message } ... on ValidationError { code message } ... on NotFoundError { code message } } }`,
    { input: { dealId: deal.dealId, productId: soldOut.productId, quantity: 1 } },
  );
  expect(answer.addToBasket).toEqual({ __typename: 'StockError', code: 'DEAL_SOLD_OUT', message: 'Sorry, this deal has sold out.' });
});

test('gifting: an e-gift to a recipient and a gift pack, with the toasts', async ({ page }) => {
  const first = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  const second = await findDeal(page.request, (d) => restaurantDeal(d) && d.dealId !== first.dealId, RESTAURANTS);
  await addToBasket(page, first);
  await addToBasket(page, second);
  const lines = page.getByRole('list', { name: 'Your basket' });
  const lineOf = (d: Deal) => lines.getByRole('listitem').filter({ hasText: d.title });

  // An e-gift: the recipient's name is needed; saved, the line says who it is for.
  await lineOf(first).getByRole('button', { name: /Is this a gift\?/ }).click();
  const giftForm = page.getByRole('form', { name: `Gift options for ${first.title}` });
  await giftForm.getByRole('radio', { name: /Send it as an e-gift/ }).check();
  await giftForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(giftForm.getByText('Required field')).toBeVisible();
  await giftForm.getByRole('textbox', { name: 'Recipient’s name' }).fill('Eilidh');
  const recipient = newEmail('eilidh');
  await giftForm.getByRole('textbox', { name: /Recipient’s email/ }).fill(recipient);
  await giftForm.getByRole('textbox', { name: /Your message/ }).fill('Happy birthday!');
  await giftForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(lineOf(first).getByText('E-gift for Eilidh')).toBeVisible();

  // A gift pack by next-day delivery: the toast, and the pack in the total.
  const totalBefore = await page.getByTestId('order-total').textContent();
  await lineOf(second).getByRole('button', { name: /Is this a gift\?/ }).click();
  const packForm = page.getByRole('form', { name: `Gift options for ${second.title}` });
  await packForm.getByRole('radio', { name: /Gift pack, next-day delivery/ }).check();
  await packForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(page.getByTestId('toasts')).toContainText('Gift Pack Added');
  await expect(page.getByTestId('order-total')).not.toHaveText(totalBefore ?? '');
  // Gift wrap instead: the pack goes, the wrap comes (spec §4), with its own toast.
  await packForm.getByRole('radio', { name: /Gift wrap/ }).check();
  await packForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(page.getByTestId('toasts')).toContainText('Gift Wrap Added');
  await expect(lineOf(second).getByText(/^Gift wrap × 1 \(\+£\d/)).toBeVisible();
  // Back to the pack: it needs a delivery address, found by postcode.
  await packForm.getByRole('radio', { name: /Gift pack, next-day delivery/ }).check();
  await packForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(lineOf(second).getByText(/^Gift pack, next-day delivery × 1 \(\+£\d/)).toBeVisible();
  const delivery = page.getByRole('group', { name: 'Delivery address' });
  await expect(delivery).toBeVisible();
  // Pay before the address: its fields say 'Required field'.
  await payButton(page).click();
  for (const name of ['Address line 1', 'Town or city', 'Full name']) await expect(delivery.getByRole('textbox', { name })).toHaveAccessibleDescription(/Required field/);
  await delivery.getByRole('textbox', { name: 'Find your address by postcode' }).fill('not a postcode');
  await delivery.getByRole('button', { name: 'Find address' }).click();
  await expect(delivery.getByText('Enter a valid postcode')).toBeVisible();

  // A real postcode of the address table (spec §7 address service): its addresses are listed to choose from.
  const [known] = (await gql<{ addressSuggestions: Array<{ postcode: string; line1: string; town: string; label: string }> }>(page.request, '{ addressSuggestions(query: "Byres Road") { postcode line1 town label } }'))
    .addressSuggestions;
  expect(known, 'a seeded Byres Road address').toMatchObject({ town: 'Glasgow', postcode: expect.stringMatching(/^G12 \d[A-Z]{2}$/), line1: expect.stringContaining('Byres Road') });
  await delivery.getByRole('textbox', { name: 'Find your address by postcode' }).fill(known!.postcode.toLowerCase().replace(' ', ''));
  await delivery.getByRole('button', { name: 'Find address' }).click();
  await expect(delivery.getByText('Enter a valid postcode')).toHaveCount(0);
  const choose = delivery.getByRole('combobox', { name: 'Choose your address' });
  await expect(choose).toBeVisible();
  await choose.selectOption({ label: known!.label });
  await expect(delivery.getByRole('textbox', { name: 'Address line 1' })).toHaveValue(known!.line1);
  await expect(delivery.getByRole('textbox', { name: 'Town or city' })).toHaveValue(known!.town);
  await expect(delivery.getByRole('textbox', { name: 'Postcode', exact: true })).toHaveValue(known!.postcode);
  // The fields the lookup filled no longer say 'Required field'; the name, still empty, does.
  for (const name of ['Address line 1', 'Town or city']) await expect(delivery.getByRole('textbox', { name })).not.toHaveAccessibleDescription(/Required field/);
  await expect(delivery.getByRole('textbox', { name: 'Postcode', exact: true })).not.toHaveAccessibleDescription(/Required field/);
  await expect(delivery.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(/Required field/);

  await page.getByRole('textbox', { name: 'Email address' }).fill(newEmail('giver'));
  await delivery.getByRole('textbox', { name: 'Full name' }).fill('Eilidh MacLeod');
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  await expect(page.getByRole('list', { name: 'Vouchers' }).getByText('E-gift for Eilidh')).toBeVisible();

  // Issue 14 D: the recipient is emailed the voucher (as the gift form promised): the giver's
  // message, the deal, its code and use-by date in words, what to do next; never the price.
  const giftVoucher = page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem').filter({ hasText: 'E-gift for Eilidh' }).first();
  const giftCode = (await giftVoucher.locator('code').textContent())!;
  const useBy = (await giftVoucher.locator('time').textContent())!;
  expect(useBy).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(recipient)}`);
      const { messages } = (await response.json()) as { messages: Array<{ kind: string; text: string; subject: string }> };
      return messages.find((m) => m.kind === 'egift_recipient') ?? null;
    })
    .toMatchObject({ text: expect.stringContaining('"Happy birthday!"') });
  const { messages } = (await (await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(recipient)}`)).json()) as { messages: Array<{ kind: string; text: string; subject: string }> };
  const gift = messages.filter((m) => m.kind === 'egift_recipient');
  expect(gift).toHaveLength(1);
  expect(gift[0]!.text).toContain('Hello Eilidh,');
  expect(gift[0]!.text).toContain(first.title);
  expect(gift[0]!.text).toContain(`${giftCode} (use by ${useBy})`);
  expect(gift[0]!.text).toContain('What to do next');
  expect(`${gift[0]!.subject}\n${gift[0]!.text}`).not.toContain('£');
});

test('a signed-in shopper pays part with wallet credit and part by PayPal, then saves a card and pays with it', async ({ page }) => {
  const email = newEmail('wallet');
  await registerAndConfirm(page, email);
  await creditWallet(page, 500);
  const deal = await findDeal(page.request, (d) => restaurantDeal(d) && plainOptionFirst(d)!.price.amount > 1000, RESTAURANTS);
  await addToBasket(page, deal);

  // Signed in: no email field; the wallet shows its balance and what this order may use.
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveCount(0);
  const wallet = page.getByRole('checkbox', { name: 'Use my wallet credit' });
  await expect(wallet).not.toBeChecked();
  await expect(page.getByText('Your balance is £5.')).toBeVisible();
  const total = await page.getByTestId('order-total').textContent();
  await wallet.check();
  await expect(wallet).toBeChecked();
  await expect(page.getByText('Paid with wallet credit')).toBeVisible();
  await expect.poll(async () => pence(await page.getByTestId('cash-amount').textContent())).toBe(pence(total) - 500);

  // PayPal: approved on the sandbox's page in a dialog; the token comes back and the order is placed.
  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await payButton(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.frameLocator('iframe').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  await expect(page.getByText(/Paid: £[\d.]+ by PayPal and £5 wallet credit\./)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem')).toHaveCount(1);

  // A card saved at checkout (spec §3 savedCard) pays the next order without typing it again.
  await addToBasket(page, deal);
  await enterCard(page, GOOD_CARD);
  await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  await addToBasket(page, deal);
  const saved = page.getByRole('radio', { name: /1111/ });
  await saved.check();
  await expect(page.frameLocator('iframe[title^="Card details"]').getByLabel('Card number')).toHaveCount(0);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
});

test('@mobile the checkout on a phone: nothing wider than the screen, quantity by keyboard', async ({ page }) => {
  const deal = await findDeal(page.request, (d) => restaurantDeal(d) && (plainOptionFirst(d)!.purchaseCap ?? 10) >= 2 && (plainOptionFirst(d)!.remaining ?? 10) >= 2, RESTAURANTS);
  await addToBasket(page, deal);
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width).toBeLessThanOrEqual(0);

  const line = page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title });
  const stepper = line.getByRole('group', { name: /^Quantity of/ });
  const lineTotal = await line.locator('.basket-line__total').textContent();
  await stepper.getByRole('button', { name: /^Add one more/ }).focus();
  await page.keyboard.press('Enter');
  await expect(stepper).toContainText('2');
  await expect(line.locator('.basket-line__total')).not.toHaveText(lineTotal ?? '');
  await stepper.getByRole('button', { name: /^Remove one/ }).focus();
  await page.keyboard.press('Enter');
  await expect(stepper).toContainText('1');
  await expect(line.locator('.basket-line__total')).toHaveText(lineTotal ?? '');

  // Removing the last line leaves the empty basket, with a way back to the deals.
  await line.getByRole('button', { name: /^Remove/ }).filter({ hasText: 'Remove' }).last().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse deals' })).toBeVisible();
});

test('the hold runs out: the page says so, Pay waits, and the vouchers can be held again (spec §4)', async ({ page }) => {
  await page.clock.install();
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal);
  const hold = page.getByTestId('hold');
  await expect(hold).toContainText(/for 0[45]:\d\d/);

  // Five minutes on the page's clock: the countdown reports zero and paying waits.
  await page.clock.fastForward('05:01');
  await expect(hold).toContainText('Your hold on these vouchers has ended.');
  await expect(payButton(page)).toBeDisabled();

  // Refresh: refreshing, then refreshed; the new countdown shows 4 seconds later, and Pay is back.
  await hold.getByRole('button', { name: 'Hold my vouchers again' }).click();
  await expect(hold).toContainText('Your vouchers are held for you again.');
  await page.clock.fastForward(4_000);
  await expect(hold).toContainText(/holding these vouchers for you for 0[45]:\d\d/);
  await expect(payButton(page)).toBeEnabled();
});

test('a guest pays in instalments with Clearpay, approved on its page', async ({ page }) => {
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal);
  const email = newEmail('clearpay');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('radio', { name: 'Clearpay' }).check();
  await payButton(page).click();
  const dialog = page.getByRole('dialog');
  const frame = dialog.frameLocator('iframe');
  await frame.getByLabel('Email').fill(email);
  await frame.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  await expect(page.getByText(/by Clearpay/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem')).toHaveCount(1);
});

test('Klarna: a declined plan shows its words and nothing is bought; an approved one pays', async ({ page }) => {
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal);
  await page.getByRole('textbox', { name: 'Email address' }).fill(newEmail('klarna'));
  await page.getByRole('radio', { name: 'Klarna' }).check();

  // The sandbox declines customer+denied@…: the dialog closes with its words at the payment field.
  await payButton(page).click();
  let frame = page.getByRole('dialog').frameLocator('iframe');
  await frame.getByLabel('Email').fill('customer+denied@email.co.uk');
  await frame.getByLabel('One-time code').fill('123456');
  await frame.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.locator('#field-payment')).toContainText(/not approved|declined/i);
  await expect(page).toHaveURL(/\/checkout$/);

  await payButton(page).click();
  frame = page.getByRole('dialog').frameLocator('iframe');
  await frame.getByLabel('Email').fill('customer@email.co.uk');
  await frame.getByLabel('One-time code').fill('123456');
  await frame.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expectBreakdownAddsUp(page);
  await expect(page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem')).toHaveCount(1);
});
