import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';
import { answerCookies } from './buying-helpers.ts';
import { businessesOf, dealOfBusinesses, merchantPicksBusiness, merchantSignsIn, newShopperBuys } from './merchant-helpers.ts';

// The merchant's Sales dashboard (issue 17 point 2): a shopper buys a voucher of one of the demo
// merchant's deals; the merchant signs in, picks that business and reads the sale on /insights
// (the deal's row sold at least 1, today's row in the table by day), downloads the CSV (a header
// and a row for the deal today), switches to the last 7 days, and the page passes axe.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('a merchant sees a new sale on the Sales dashboard and downloads it as CSV', async ({ page }) => {
  test.setTimeout(180_000);
  await answerCookies(page);

  await merchantSignsIn(page);
  const businesses = await businessesOf(page.request);
  const { deal, business } = await dealOfBusinesses(page.request, businesses);

  // A shopper buys one voucher of it.
  await newShopperBuys(page, 'dashboard', deal);

  // The merchant's Sales tab for that business.
  await merchantPicksBusiness(page, business.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();

  const options = page.getByRole('table', { name: 'By deal and option' });
  const dealRow = options.getByRole('row').filter({ hasText: deal.title }).first();
  await expect(dealRow).toBeVisible();
  const soldOfDeal = Number(await dealRow.getByRole('cell').nth(1).textContent());
  expect(soldOfDeal).toBeGreaterThanOrEqual(1);
  const byDay = page.getByRole('table', { name: 'Sales by day, newest first' });
  const todayRow = byDay.getByRole('row').nth(1);
  expect(Number(await todayRow.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Recent redemptions' })).toBeVisible();
  await page.screenshot({ path: '/tmp/merchant-dashboard-1-sales.png', fullPage: true });
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);

  // The CSV: a header, and the deal's row for today with what was sold.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sales-[a-z0-9-]+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('date,deal_id,deal,option_id,option,sold,redeemed,refunded,expired,sold_value_pounds,currency');
  const today = londonToday();
  const ours = lines.filter((l) => l.startsWith(`${today},${deal.dealId},`));
  expect(ours.length).toBeGreaterThanOrEqual(1);
  const sold = ours.reduce((sum, l) => sum + Number(l.split(',').at(-6)), 0);
  expect(sold).toBeGreaterThanOrEqual(1);
  expect(ours[0]).toMatch(/,\d+\.\d{2},GBP$/);

  // The last 7 days: the same sale today.
  await page.getByRole('radio', { name: 'Last 7 days' }).check();
  await expect(page).toHaveURL(/period=7/);
  await expect(byDay.getByRole('row')).toHaveCount(8);
  await expect(options.getByRole('row').filter({ hasText: deal.title }).first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/merchant-dashboard-2-week.png', fullPage: true });
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
});
