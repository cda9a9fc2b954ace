import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';
import { answerCookies, firstVoucherCode } from './buying-helpers.ts';
import { businessesOf, dealOfBusinesses, merchantPicksBusiness, merchantSignsIn, newShopperBuys } from './merchant-helpers.ts';

// Payouts (issue 17 point 6): a shopper buys a voucher of one of the demo merchant's deals; the
// merchant redeems it at the till and finds it on this week's statement under Payouts (its code,
// "Redeemed", what it was paid, the commission and the net), then downloads the CSV (the line and
// the net payable) and the PDF (its text read back with pdftotext), and the page passes axe.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test("a merchant redeems a shopper's voucher and sees it on this week's payout statement, as CSV and PDF too", async ({ page }) => {
  test.setTimeout(180_000);
  await answerCookies(page);

  await merchantSignsIn(page);
  const { deal, business } = await dealOfBusinesses(page.request, await businessesOf(page.request));

  // A shopper buys one voucher of it.
  await newShopperBuys(page, 'payouts', deal);
  const code = await firstVoucherCode(page);

  // The merchant redeems it at the till.
  await merchantPicksBusiness(page, business.id);
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  await sections.getByRole('link', { name: 'Redeem' }).click();
  const till = page.getByRole('region', { name: 'Redeem a voucher' });
  await till.getByRole('textbox', { name: 'Voucher code' }).fill(code);
  await till.getByRole('button', { name: 'Redeem' }).click();
  await expect(till.getByRole('status')).toContainText(`Redeemed: ${code}`);

  // Payouts: this week's statement, with the line.
  await sections.getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/insights\/payouts\?business=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const statement = page.getByRole('region', { name: /^Statement for / });
  const line = statement.getByRole('table', { name: /^Lines of the statement/ }).getByRole('row').filter({ hasText: code });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Redeemed');
  await expect(line).toContainText(deal.title);
  await expect(line).toContainText(/\(\d+(\.\d+)?%\)/);
  const weeks = page.getByRole('table', { name: 'Weekly statements, newest first' }).getByRole('row');
  await expect(weeks.nth(1)).toContainText('In progress');
  const net = (await statement.getByLabel(/^Totals for /).locator('.payouts-totals__net dd').textContent())!.trim();
  expect(net).toMatch(/^£[\d,]+(\.\d{2})?$/);
  await page.screenshot({ path: '/tmp/merchant-payouts-1-statement.png', fullPage: true });
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);

  // The CSV: the line and the net payable.
  const csvDownload = page.waitForEvent('download');
  await statement.getByRole('link', { name: /^Download CSV/ }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^payout-statement-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await csvFile.path())!, 'utf8')).split('\r\n');
  expect(csv[0]).toBe('Date (London),Kind,Voucher code,Deal,Option,Paid,Commission rate,Commission,Net');
  expect(csv.some((l) => l.includes(`,Redeemed,${code},`))).toBe(true);
  const netRow = csv.find((l) => l.startsWith('Net payable,'))!;
  expect(Number(netRow.split(',')[1]).toFixed(2)).toBe(net.replace(/[£,]/g, '').includes('.') ? net.replace(/[£,]/g, '') : `${net.replace(/[£,]/g, '')}.00`);

  // The PDF: its text names the code and the net payable.
  const pdfDownload = page.waitForEvent('download');
  await statement.getByRole('link', { name: /^Download PDF/ }).click();
  const pdfFile = await pdfDownload;
  expect(pdfFile.suggestedFilename()).toMatch(/^payout-statement-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', (await pdfFile.path())!, '-'], { encoding: 'utf8' });
  expect(text).toContain('Payout statement');
  expect(text).toContain(business.name);
  expect(text).toContain(code);
  expect(text).toContain('Net payable');
});
