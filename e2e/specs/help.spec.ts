import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';

// The help centre (issue 19 point 7) and the wellness collection (issue 19 point 5): "Need help"
// from the account menu opens /faqs, the search filters as you type, an answer opens, the anchor
// of a question opens it; the footer reaches the merchants' centre; the wellness collection shows
// its fixed title, its theme and its deals. Each page axe-clean (WCAG 2.2 AA, as a11y.spec.ts).
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('Need help opens the help centre; searching "refund" filters and an answer opens; the wellness collection lists its deals', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menu', { name: 'My account' }).getByRole('menuitem', { name: 'Need help' }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await expect(page).toHaveTitle('Help centre | Thistle Deals');

  const status = page.getByRole('status').filter({ hasText: /questions?/ });
  const all = Number((await status.textContent())!.match(/\d+/)![0]);
  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('refund');
  await expect(status).toHaveText(/^\d+ questions? match “refund”$/);
  const matching = Number((await status.textContent())!.match(/\d+/)![0]);
  expect(matching).toBeGreaterThan(0);
  expect(matching).toBeLessThan(all);
  await expect(page.locator('details')).toHaveCount(matching);

  await page.locator('summary', { hasText: 'How do I get a refund?' }).click();
  const answer = page.locator('details#refund-how');
  await expect(answer).toHaveAttribute('open', '');
  await expect(answer.getByText(/within 14 days of buying it/)).toBeVisible();
  const found = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(found.violations.map((v) => `faqs: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.screenshot({ path: '/tmp/help-faqs-refund.png', fullPage: true });

  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('refund zebra');
  await expect(page.getByRole('heading', { name: 'No questions match “refund zebra”' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(status).toHaveText(`${all} questions`);

  // A question's anchor opens it, in the page and on arrival.
  await page.goto('/faqs#vip-renewal');
  await expect(page.locator('details#vip-renewal')).toHaveAttribute('open', '');
  await page.goto('/deals/glasgow');
  await page.goto('/faqs#wallet-expiry');
  await expect(page.locator('details#wallet-expiry')).toHaveAttribute('open', '');
  await page.goto('/faqs#vip-renewal');
  await expect(page.locator('details#vip-renewal')).toHaveAttribute('open', '');

  // The footer's link to the merchants' help centre.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Merchant help centre' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant help centre' })).toBeVisible();
  const merchants = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(merchants.violations.map((v) => `merchantfaqs: ${v.id} (${v.nodes.length})`)).toEqual([]);

  // The wellness collection, from the footer: its fixed title, its theme, its deals.
  await page.getByRole('contentinfo').getByRole('link', { name: 'The Wellness Collection' }).click();
  await expect(page).toHaveURL(/\/deals\/wellness-collection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Wellness Collection' })).toBeVisible();
  await expect(page).toHaveTitle('The Wellness Collection - Spa Days, Massages & Retreats | Thistle Deals');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'wellness');
  await expect(page.getByRole('list', { name: 'Wellness deals' }).getByRole('listitem').first()).toBeVisible();
  const wellness = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(wellness.violations.map((v) => `wellness: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.screenshot({ path: '/tmp/help-wellness.png', fullPage: false });
});
