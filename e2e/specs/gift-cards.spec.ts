import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, deliverToAddressFoundByPostcode, enterCard, findDeal, GOOD_CARD, newEmail, openDeal, payButton, pence, plainOptionFirst, registerAndConfirm, restaurantDeal, RESTAURANTS, SERVICE_TOKEN, type Deal } from './buying-helpers.ts';

// Gift cards (issue 18 point 2; spec §2 /giftcard/redeem, §9): a shopper buys a £10 Thistle Deals
// gift card through the normal checkout as an e-gift; the recipient's email (read from the shop's
// outbox page) carries its code; the recipient, another account, follows the footer's "Redeem a
// gift card" link (signed out: asked to sign in first), redeems the code signed in, sees the
// credit and its expiry, and pays part of their next order with it. The same code again is
// refused as already redeemed, and a wrong code is not found.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const GIFT_CARD_DEAL_ID = 990_000_001;

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a gift card bought as an e-gift is redeemed by its recipient and spent at checkout', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The giver, signed in, buys the £10 gift card (the deal's first option) as an e-gift.
  await registerAndConfirm(page, newEmail('gc-giver'));
  const card = await findDeal(page.request, (d: Deal) => d.dealId === GIFT_CARD_DEAL_ID, { location: 'shop', category: 'toys-gifts' });
  expect(plainOptionFirst(card)?.price.amount).toBe(1000);
  await addToBasket(page, card);
  const line = page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: card.title });
  await line.getByRole('button', { name: /Is this a gift\?/ }).click();
  const giftForm = page.getByRole('form', { name: `Gift options for ${card.title}` });
  await giftForm.getByRole('radio', { name: /Send it as an e-gift/ }).check();
  await giftForm.getByRole('textbox', { name: 'Recipient’s name' }).fill('Eilidh');
  const recipientEmail = newEmail('gc-eilidh');
  await giftForm.getByRole('textbox', { name: /Recipient’s email/ }).fill(recipientEmail);
  await giftForm.getByRole('textbox', { name: /Your message/ }).fill('Happy birthday, Eilidh!');
  await giftForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(line.getByText('E-gift for Eilidh')).toBeVisible();
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();

  // The recipient's email carries the gift card's code.
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(recipientEmail)}`)).json()) as { messages: Array<{ kind: string; text: string }> };
      code = messages.find((m) => m.kind === 'egift_recipient')?.text.match(/[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}/)?.[0] ?? '';
      return code;
    })
    .not.toBe('');

  // The recipient, signed out, follows the footer's link: the page asks them to sign in first.
  const origin = new URL(page.url()).origin;
  const other = await browser.newContext({ baseURL: origin });
  await other.addCookies([{ name: 'td_consent', value: 'none', url: origin }]);
  await other.addInitScript(() => window.localStorage.setItem('td:subscribe-popup-dismissed-at', String(Date.now())));
  const recipient = await other.newPage();
  await recipient.goto('/');
  await recipient.getByRole('contentinfo').getByRole('link', { name: 'Redeem a gift card' }).click();
  await expect(recipient).toHaveURL(/\/giftcard\/redeem$/);
  await expect(recipient.getByRole('heading', { level: 1, name: 'Redeem a gift card' })).toBeVisible();
  await expect(recipient.getByRole('heading', { name: 'Sign in to redeem your gift card' })).toBeVisible();
  await expect(recipient.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /redirect=%2Fgiftcard%2Fredeem/);
  // A reloaded or shared link is a real page: 200 with its own title, noindex.
  const direct = await recipient.request.get('/giftcard/redeem');
  expect(direct.status()).toBe(200);
  expect(await direct.text()).toMatch(/<title[^>]*>Redeem a gift card \| Thistle Deals<\/title>/);

  // Registered and signed in, they redeem it (typed in lower case, as people do).
  await registerAndConfirm(recipient, recipientEmail);
  await recipient.goto('/giftcard/redeem');
  const field = recipient.getByRole('textbox', { name: 'Gift card code' });
  await field.fill('ABCDEF-GHJKMN-PQRSTU');
  await recipient.getByRole('button', { name: 'Redeem' }).click();
  await expect(recipient.getByText('Sorry, we could not find a gift card with that code. Please check the code and try again.')).toBeVisible();
  await field.fill(code.toLowerCase());
  await recipient.getByRole('button', { name: 'Redeem' }).click();
  const done = recipient.getByRole('status').filter({ hasText: '£10 has been added to your wallet.' });
  await expect(done).toBeFocused();
  await expect(done).toContainText(/It can be spent on any deal until \d{1,2} \w+ \d{4}\./);
  expect((await new AxeBuilder({ page: recipient }).withTags(tags).analyze()).violations).toEqual([]);
  await recipient.screenshot({ path: '/tmp/gift-card-redeemed.png', fullPage: true });

  // Once: the same code again is refused.
  await field.fill(code);
  await recipient.getByRole('button', { name: 'Redeem' }).click();
  await expect(recipient.getByText('This gift card has already been redeemed.')).toBeVisible();

  // The credit pays part of the next order; the card pays the rest.
  const deal = await findDeal(recipient.request, (d) => restaurantDeal(d) && openDeal(d) && (plainOptionFirst(d)?.price.amount ?? 0) > 1500, RESTAURANTS);
  await addToBasket(recipient, deal);
  const wallet = recipient.getByRole('checkbox', { name: 'Use my wallet credit' });
  await expect(recipient.getByText('Your balance is £10.')).toBeVisible();
  const total = await recipient.getByTestId('order-total').textContent();
  await wallet.check();
  await expect(recipient.getByText('Paid with wallet credit')).toBeVisible();
  await expect.poll(async () => pence(await recipient.getByTestId('cash-amount').textContent())).toBe(pence(total) - 1000);
  await enterCard(recipient, GOOD_CARD);
  await payButton(recipient).click();
  await expect(recipient.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await other.close();
});

/** The London calendar date `days` from now ('YYYY-MM-DD') and its words ("28 November 2026"). */
function londonDay(days: number): { date: string; words: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
  return { date, words: new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) };
}

// Issue 18 point 2: an e-gift gift card dated tomorrow: the basket and the confirmation say the
// day; the recipient's email is not sent yet, and goes when the order mail sender runs as at
// tomorrow (POST /api/checkout/order-mail/deliver {asOf}: test shops only, like the referral
// settle job's clock). Then a posted card: "Posted card" adds £1.50 postage, the checkout asks
// for the delivery address, and the confirmation says where it is posted; the shop's staff find it
// on "Gift cards to post", mark it sent, and the buyer is emailed that it has been posted.
test('a gift card e-gift dated tomorrow is emailed on its day; a posted card is posted to the address', async ({ page }) => {
  test.setTimeout(240_000);
  const buyer = newEmail('gc-dated');
  await registerAndConfirm(page, buyer);
  const card = await findDeal(page.request, (d: Deal) => d.dealId === GIFT_CARD_DEAL_ID, { location: 'shop', category: 'toys-gifts' });
  const tomorrow = londonDay(1);

  await addToBasket(page, card);
  const line = page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: card.title });
  // An e-gift by email is the default way to send it.
  await expect(page.getByRole('form', { name: `How to send ${card.title}` }).getByRole('radio', { name: /E-gift by email/ })).toBeChecked();
  await line.getByRole('button', { name: /Is this a gift\?/ }).click();
  const giftForm = page.getByRole('form', { name: `Gift options for ${card.title}` });
  await giftForm.getByRole('radio', { name: /Send it as an e-gift/ }).check();
  await giftForm.getByRole('textbox', { name: 'Recipient’s name' }).fill('Morven');
  const recipientEmail = newEmail('gc-morven');
  await giftForm.getByRole('textbox', { name: /Recipient’s email/ }).fill(recipientEmail);
  await giftForm.getByLabel('Email it to them on (optional)').fill(tomorrow.date);
  await giftForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(line.getByText(`E-gift for Morven, emailed to them on ${tomorrow.words}`)).toBeVisible();
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expect(page.getByText(`E-gift for Morven, emailed to them on ${tomorrow.words}`)).toBeVisible();

  // Not yet: the buyer's confirmation is sent, the recipient's email waits for its day.
  const recipientMail = async () => {
    const { messages } = (await (await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(recipientEmail)}`)).json()) as { messages: Array<{ kind: string; text: string }> };
    return messages.filter((m) => m.kind === 'egift_recipient');
  };
  expect(await recipientMail()).toEqual([]);
  const deliver = (asOf?: string) => page.request.post('/api/checkout/order-mail/deliver', { headers: { 'x-service-token': SERVICE_TOKEN }, data: asOf ? { asOf } : {} });
  expect((await deliver()).status()).toBe(200);
  expect(await recipientMail()).toEqual([]);
  // As at tomorrow, it goes, with the code.
  const ran = await deliver(new Date(Date.now() + 86_400_000).toISOString());
  expect(ran.status(), await ran.text()).toBe(200);
  await expect.poll(async () => (await recipientMail()).length).toBe(1);
  expect((await recipientMail())[0]!.text).toMatch(/[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}/);

  // A posted card: £1.50 postage, a delivery address, no send date.
  await addToBasket(page, card);
  const how = page.getByRole('form', { name: `How to send ${card.title}` });
  await how.getByRole('radio', { name: /Posted card/ }).check();
  await how.getByRole('button', { name: /Save how to send it/ }).click();
  await expect(how.getByText(/posted to the delivery address you give at checkout/)).toBeVisible();
  await expect(page.getByRole('form', { name: `Gift options for ${card.title}` })).toHaveCount(0);
  await expect(line.getByText('£10 each · £1.50 postage')).toBeVisible();
  const known = await deliverToAddressFoundByPostcode(page);
  // The order summary says how it comes: posted, its code in the confirmation email (not "Vouchers are emailed").
  await expect(page.getByText('A printed gift card is posted to your delivery address and arrives within 5 working days; its code is also in your confirmation email, sent straight after payment.')).toBeVisible();
  await expect(page.getByText('Vouchers are emailed straight after payment.')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e/gift-card-posted-checkout.png', fullPage: true });
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  const posted = page.getByText(/A printed card with this code will be posted to Morag Campbell, .+: it arrives within 5 working days\. The code can be redeemed now\./);
  await expect(posted).toBeVisible();
  await expect(posted).toContainText(known.postcode.toUpperCase());
  await page.screenshot({ path: 'test-results/e2e/gift-card-posted-confirmation.png', fullPage: true });
  const orderNumber = (await page.getByRole('heading', { level: 2, name: /^Order \S+$/ }).textContent())!.trim().slice('Order '.length);

  // The shop's staff post it (the gift-card merchant is the shop itself): signed in on the staff
  // page, "Gift cards to post" lists the order with its card's amount, code and the address.
  await page.goto('/staff/sign-in');
  await page.getByLabel('Email address').fill('staff@thistledeals.example');
  await page.getByLabel('Password').fill('Thistle-Staff-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Gift cards to post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards to post' })).toBeVisible();
  const waiting = page.getByRole('table', { name: 'Posted gift cards waiting to be sent, oldest payment first' });
  const row = waiting.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNumber, exact: true }) });
  await expect(row).toContainText('1 × £10');
  await expect(row).toContainText(known.postcode.toUpperCase());
  await expect(row.locator('code')).toHaveText(/^[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}-[2-9A-HJKMNP-Z]{6}$/);
  await page.screenshot({ path: 'test-results/e2e/gift-card-staff-to-post.png', fullPage: true });
  // Marked sent from the keyboard: said so, gone from the list, in the sent one, and the buyer emailed.
  await row.getByRole('button', { name: `Mark order ${orderNumber} as sent` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`Order ${orderNumber} marked sent (1 × £10): its buyer is emailed that it has been posted.`);
  await expect(page.getByRole('rowheader', { name: orderNumber, exact: true })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Posted gift cards sent, most recent first' }).getByRole('rowheader', { name: orderNumber, exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/gift-card-staff-sent.png', fullPage: true });
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(buyer)}`)).json()) as { messages: Array<{ subject: string }> };
      return messages.map((m) => m.subject);
    })
    .toContain('Your gift card has been posted');
});
