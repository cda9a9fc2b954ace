import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';

// WCAG 2.2 AA (axe's automated share of it) on each page template, and keyboard basics.
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('homepage, category, deal and not-found pages have no axe violations', async ({ page }) => {
  const paths = ['/deals/glasgow', '/deals/glasgow/afternoon-tea'];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(result.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
  await page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first().getByRole('link').first().click();
  await expect(page.getByRole('list', { name: 'Deal options' })).toBeVisible();
  const deal = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(deal.violations.map((v) => `deal: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const missing = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(missing.violations.map((v) => `404: ${v.id} (${v.nodes.length})`)).toEqual([]);
});

test('the search page, its filters and the header suggestions have no axe violations', async ({ page }) => {
  await page.goto('/search?q=spa&location=glasgow&maxPrice=100');
  await expect(page.getByRole('list', { name: 'Deals', exact: true }).getByRole('listitem').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `search: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.getByRole('combobox', { name: 'Search deals' }).fill('afternoon');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
  const suggestions = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(suggestions.violations.map((v) => `suggestions: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.goto('/search?q=zzqxjvbw&location=glasgow');
  await expect(page.getByRole('heading', { name: /No deals found/ })).toBeVisible();
  const empty = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(empty.violations.map((v) => `search empty: ${v.id} (${v.nodes.length})`)).toEqual([]);
});

test('keyboard: skip link first, then the category navigation opens a page', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText(/skip to main content/i);
  const spa = page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: /^Spa/ }).first();
  await spa.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/deals\/glasgow\/spa$/);
  // Focus moves to the new page's heading so screen readers start there.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('guide and near-me pages have no axe violations', async ({ page }) => {
  const pages: Array<[string, string]> = [
    ['/guides/best-afternoon-tea-glasgow', 'Our picks'],
    ['/guides/affiliate/student-deals', 'Picks from this guide'],
    ['/near-me/glasgow/west-end', 'Offers near West End'],
  ];
  for (const [path, list] of pages) {
    await page.goto(path);
    await expect(page.getByRole('list', { name: list }).getByRole('listitem').first()).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(result.violations.map((v) => `${path}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
  await page.goto('/near-me');
  await expect(page.getByRole('region', { name: 'Glasgow' })).toBeVisible();
  const hub = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(hub.violations.map((v) => `/near-me: ${v.id} (${v.nodes.length})`)).toEqual([]);
});
