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
