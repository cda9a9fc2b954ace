import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures.ts';
import { answerCookies, findDeal, newEmail, openDeal, plainOptionFirst, registerAndConfirm, SERVICE_TOKEN, type Deal } from './buying-helpers.ts';

// Issue 19 point 2, wish list alerts: a signed-in shopper saves a deal with the heart on its page;
// the deal's price falls by half (an operator's price change through the deals service); the
// alerts job runs three times (as the shop's 15-minute job would) and exactly one "Price drop"
// email arrives. Its "Stop price drop emails" link opens a page that turns them off with one
// button, My subscriptions shows price drops off and back on sale still on, and the next drop
// sends nothing. A mail app's one-click unsubscribe (the email's List-Unsubscribe header) works too.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const headers = { 'x-service-token': SERVICE_TOKEN };

interface OutboxMessage {
  kind: string;
  subject: string;
  text: string;
  listUnsubscribe: string | null;
}

async function mailTo(page: Page, email: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

async function runAlerts(page: Page) {
  const response = await page.request.post('/api/wishlist/alerts/run', { headers });
  expect(response.status()).toBe(200);
  return (await response.json()) as { changes: number; alerts: number; sent: number };
}

/** Every option of the deal at half its price now (the headline follows in the deals service). */
async function halvePrices(page: Page, deal: Deal, current: Map<number, number>) {
  for (const p of deal.products) {
    const pricePence = Math.floor((current.get(p.productId) ?? p.price.amount) / 2);
    const response = await page.request.put(`/api/deals/deal/${deal.dealId}/products/${p.productId}/price`, { headers, data: { pricePence } });
    expect(response.status()).toBe(200);
    current.set(p.productId, pricePence);
  }
}

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a price drop produces exactly one email, whose link stops price drop emails', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  // An open deal every option of which can be bought, none posted, priced at £10 or more.
  const deal = await findDeal(page.request, (d) => openDeal(d) && plainOptionFirst(d) !== null && d.products.every((p) => !p.disabled && !p.soldOut && !p.postagePrice && p.price.amount >= 1000));
  const email = newEmail('price-alert');
  await registerAndConfirm(page, email);

  await page.goto(new URL(deal.url, page.url()).pathname);
  const heart = page.getByRole('button', { name: `Save ${deal.title} to your wish list` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // Pressed at once (optimistic); the toast says the shop has saved it.
  await expect(page.getByTestId('shell-toast').filter({ hasText: 'Saved to your wish list.' })).toHaveCount(1);

  // The first look is the baseline: nothing to say yet.
  expect(await runAlerts(page)).toMatchObject({ changes: 0 });
  const prices = new Map<number, number>();
  await halvePrices(page, deal, prices);
  expect(await runAlerts(page)).toEqual({ changes: 1, alerts: 1, sent: 1 });
  expect(await runAlerts(page)).toEqual({ changes: 0, alerts: 0, sent: 0 });
  await runAlerts(page);
  const alerts = (await mailTo(page, email)).filter((m) => m.kind === 'wishlist_price_drop');
  expect(alerts).toHaveLength(1);
  expect(alerts[0]!.subject).toContain('Price drop: ');
  expect(alerts[0]!.text).toContain('(50% less)');

  // The email's own link: no sign-in needed, one button.
  const link = /Stop price drop emails: (\S+)/.exec(alerts[0]!.text)![1]!;
  const url = new URL(link);
  expect(url.pathname).toBe('/email/alerts');
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Stop price drop emails?' })).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Stop price drop emails' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’ve been unsubscribed' })).toBeVisible();
  await expect(page.getByText('We won’t email you when deals on your wish list drop in price.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('price-alert-unsubscribed.png'), fullPage: true });

  // My subscriptions shows it, each kind with its own checkbox.
  await page.goto('/myaccount/subscriptions');
  const alertsForm = page.getByRole('form', { name: 'Wish list alerts' });
  await expect(alertsForm.getByRole('checkbox', { name: 'Price drops' })).not.toBeChecked();
  await expect(alertsForm.getByRole('checkbox', { name: 'Back on sale' })).toBeChecked();
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('price-alert-subscriptions.png'), fullPage: true });

  // Another drop: no email now.
  await halvePrices(page, deal, prices);
  await runAlerts(page);
  expect((await mailTo(page, email)).filter((m) => m.kind === 'wishlist_price_drop')).toHaveLength(1);

  // Turned back on from the account page, by keyboard.
  await alertsForm.getByRole('checkbox', { name: 'Price drops' }).focus();
  await page.keyboard.press('Space');
  await alertsForm.getByRole('button', { name: 'Save wish list alerts' }).click();
  await expect(page.getByText('Your wish list alerts have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Wish list alerts' }).getByRole('checkbox', { name: 'Price drops' })).toBeChecked();

  // A mail app's own unsubscribe button (RFC 8058): its server POSTs List-Unsubscribe=One-Click to
  // the email's List-Unsubscribe url (the same link), no cookies, no page: price drops are off again.
  expect(alerts[0]!.listUnsubscribe).toBe(link);
  const mailApp = await playwright.request.newContext({ baseURL: page.url() });
  const oneClick = await mailApp.post(url.pathname + url.search, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect([oneClick.status(), await oneClick.text()]).toEqual([200, 'We won’t email you when deals on your wish list drop in price.\n']);
  await mailApp.dispose();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Wish list alerts' }).getByRole('checkbox', { name: 'Price drops' })).not.toBeChecked();
});
