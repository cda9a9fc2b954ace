import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { answerCookies, gql, openDeal, plainOptionFirst, type Deal } from './buying-helpers.ts';
import { businessesOf, MERCHANT_EMAIL, MERCHANT_PASSWORD, merchantSignsIn, newShopperBuys, SHOPPER_PASSWORD, switchTo, type Business } from './merchant-helpers.ts';

// Bookings against real capacity (issue 17 point 4) as the demo merchant and a shopper live them:
// the merchant opens Bookings for their business whose deal is booked on a calendar (the demo
// merchant is staff of Ristorante Rosa, Edinburgh: services/merchants seed) and sets its weekly
// places; a shopper buys that deal and books a date from My Vouchers (Booked, waiting for the
// merchant); the merchant sees the booking by day and confirms it; the shopper sees it confirmed.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DEAL_FIELDS = `dealId url title pricePerPerson closingDate category { slug } merchant { id }
  products { productId title remaining soldOut disabled vipExclusive purchaseCap hasDeposit numberOfNights postagePrice { amount } price { amount } }`;

/** A deal of one of the merchant's businesses booked on a calendar, anyone can buy with its first option, with that business. */
async function bookableDealOf(page: Page, businesses: Business[]): Promise<{ deal: Deal; business: Business }> {
  type Data = { viewer: { merchant: { business: { bookableDeals: Array<{ deal: Deal }> } | null } | null } | null };
  for (const business of businesses) {
    const data = await gql<Data>(page.request, `query($b: ID!) { viewer { merchant { business(id: $b) { bookableDeals { deal { ${DEAL_FIELDS} } } } } } }`, { b: business.id });
    const deal = data.viewer?.merchant?.business?.bookableDeals.map((b) => b.deal).find((d) => openDeal(d) && !d.pricePerPerson && !d.products.some((p) => p.vipExclusive) && plainOptionFirst(d) !== null);
    if (deal) return { deal, business };
  }
  throw new Error(`No buyable deal booked on a calendar among ${businesses.map((b) => b.name).join(', ')}`);
}

const axe = async (page: Page) => (await new AxeBuilder({ page }).withTags(tags).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('a merchant sets capacity; a shopper books a date from My Vouchers; the merchant confirms it and the shopper sees it confirmed', async ({ page }) => {
  test.setTimeout(240_000);
  await answerCookies(page);

  // The merchant: Bookings of the business with a deal on a calendar, its weekly places set.
  await merchantSignsIn(page);
  const { deal, business } = await bookableDealOf(page, await businessesOf(page.request));
  await page.getByRole('combobox', { name: 'Business' }).selectOption(business.id);
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/insights\/bookings\?business=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const editor = page.getByRole('region', { name: deal.title });
  await expect(editor).toBeVisible();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await editor.getByRole('spinbutton', { name: day }).fill('3');
  await editor.getByRole('spinbutton', { name: /Changes allowed until/ }).fill('24');
  await editor.getByRole('button', { name: /^Save capacity/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Capacity saved' })).toHaveText(`Capacity saved for ${deal.title}.`);
  await expect(editor.getByText(/Shoppers book dates from these places/)).toBeVisible();
  await page.screenshot({ path: '/tmp/merchant-bookings-1-capacity.png', fullPage: true });
  expect(await axe(page)).toEqual([]);

  // A shopper buys the deal and books a date from My Vouchers.
  const shopper = await newShopperBuys(page, 'bookings', deal);
  await page.goto('/myaccount/vouchers');
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await card.getByRole('button', { name: 'Book a date' }).click();
  const form = card.getByRole('form', { name: 'Book a date' });
  await expect(form.getByRole('heading', { name: 'Book a date' })).toBeFocused();
  await expect(form.getByText(/You can change or cancel a booking online until 24 hours before the day\./)).toBeVisible();
  // A day far enough ahead to stay changeable online (tomorrow's booking is past the 24-hour rule at once).
  const chosen = form.getByRole('group', { name: 'Dates with a place left' }).getByRole('button').nth(3);
  await expect(chosen).toContainText('3 places left');
  await chosen.click();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-bookings-2-choose-date.png' });
  expect(await axe(page)).toEqual([]);
  await form.getByRole('button', { name: 'Book this date' }).click();
  const booked = card.getByText(/^Booked for /);
  await expect(booked).toBeVisible();
  const day = (await booked.textContent())!.replace(/^Booked for /, '');
  await expect(card.locator('.voucher-status')).toHaveText('Booked');
  await expect(card.getByText('Waiting for the merchant to confirm')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Change date' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-bookings-3-booked.png' });

  // The merchant sees it by day and confirms it.
  await switchTo(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  await page.goto(`/insights/bookings?business=${encodeURIComponent(business.id)}`);
  const row = page.getByRole('region', { name: 'Upcoming bookings' }).getByRole('row').filter({ hasText: day });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Waiting for you');
  await page.screenshot({ path: '/tmp/merchant-bookings-4-merchant.png', fullPage: true });
  await row.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Booking for / })).toHaveText(new RegExp(`^Booking for ${day} \\(order \\S+\\) confirmed\\.$`));
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/merchant-bookings-5-confirmed.png', fullPage: true });
  expect(await axe(page)).toEqual([]);

  // The shopper sees it confirmed.
  await switchTo(page, shopper, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(/\/myaccount$/);
  await page.goto('/myaccount/vouchers');
  await expect(card.getByText(`Booked for ${day}`)).toBeVisible();
  await expect(card.getByText('Confirmed by the merchant')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-bookings-6-shopper-confirmed.png' });
});
