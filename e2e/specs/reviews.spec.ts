import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { answerCookies, escape, firstVoucherCode } from './buying-helpers.ts';
import { businessesOf, dealOfBusinesses, merchantPicksBusiness, merchantSignsIn, newShopperBuys, SHOPPER_PASSWORD, switchTo } from './merchant-helpers.ts';

// Reviews (issue 19 point 9): a shopper buys a voucher of one of the demo merchant's deals; the
// merchant redeems it at the till; the shopper reviews the business from My Vouchers (stars and
// words, checked before sending) and finds the review first on the deal page, with their first
// name and initial, the date and "Verified purchase", then reads every review 10 a page. A
// voucher not redeemed offers no review.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('buy, the merchant redeems, review the business from My Vouchers, see it on the deal page', async ({ page }) => {
  test.setTimeout(180_000);
  await answerCookies(page);

  // A deal of one of the demo merchant's businesses.
  await merchantSignsIn(page);
  const businesses = await businessesOf(page.request);
  const { deal, business } = await dealOfBusinesses(page.request, businesses);

  // A shopper (Morag MacLeod) buys a voucher of it.
  const shopper = await newShopperBuys(page, 'reviewer', deal);
  const code = await firstVoucherCode(page);

  // Not redeemed yet: My Vouchers offers no review.
  await page.goto('/myaccount/vouchers');
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(card.getByText('Ready to Redeem', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Review this business' })).toHaveCount(0);

  // The merchant redeems it at the till.
  await merchantPicksBusiness(page, business.id);
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Redeem' }).click();
  const till = page.getByRole('region', { name: 'Redeem a voucher' });
  await till.getByRole('textbox', { name: 'Voucher code' }).fill(code);
  await till.getByRole('button', { name: 'Redeem' }).click();
  await expect(till.getByRole('status')).toContainText(new RegExp(`^Redeemed: ${escape(code)}`));

  // The shopper reviews the business from My Vouchers, from the keyboard.
  await switchTo(page, shopper, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(/\/myaccount$/);
  await page.goto('/myaccount/vouchers');
  await expect(card.getByText('Redeemed', { exact: true })).toBeVisible();
  const open = card.getByRole('button', { name: 'Review this business' });
  await open.focus();
  await page.keyboard.press('Enter');
  const form = card.getByRole('form', { name: 'Review this business' });
  await expect(form.getByRole('heading', { name: 'Review this business' })).toBeFocused();
  // Nothing chosen: both fields said, nothing sent.
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByRole('alert')).toContainText('Choose a rating from 1 to 5 stars.');
  await expect(form.getByRole('alert')).toContainText('Please write at least 10 characters about your visit.');
  expect((await new AxeBuilder({ page }).include('form').withTags(tags).analyze()).violations).toEqual([]);
  await form.getByRole('radio', { name: /5 stars: Excellent/ }).check();
  const words = `Booked easily and the team at ${business.name} were lovely. Would go again.`;
  await form.getByRole('textbox', { name: 'Your review' }).fill(words);
  await page.screenshot({ path: '/tmp/reviews-1-form.png', fullPage: true });
  await form.getByRole('button', { name: 'Post review' }).click();
  const yours = card.getByRole('region', { name: 'Your review' });
  await expect(yours.getByRole('heading', { name: 'Your review' })).toBeFocused();
  await expect(yours).toContainText(words);
  await expect(yours).toContainText('Verified purchase');
  await expect(yours).toContainText('Morag M.');
  await expect(yours.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Review this business' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/reviews-2-my-vouchers.png', fullPage: true });

  // After a reload it stays reviewed (once per voucher).
  await page.reload();
  await expect(card.getByRole('region', { name: 'Your review' })).toContainText(words);
  await expect(card.getByRole('button', { name: 'Review this business' })).toHaveCount(0);

  // The deal page: the average and count, the review first of the 3 latest.
  await page.goto(deal.url);
  const reviews = page.getByRole('region', { name: /^Reviews of / });
  await expect(reviews.getByText(/out of 5 from \d+ reviews?/)).toBeVisible();
  const latest = reviews.getByRole('list', { name: /latest review/ });
  const first = latest.getByRole('listitem').first();
  await expect(first).toContainText(words);
  await expect(first).toContainText('Verified purchase');
  await expect(first).toContainText(/Morag M\., \d{1,2} \w+ \d{4}/);
  expect(await latest.getByRole('listitem').count()).toBeLessThanOrEqual(3);
  await reviews.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/reviews-3-deal-page.png', fullPage: true });
  expect((await new AxeBuilder({ page }).include('section.reviews').withTags(tags).analyze()).violations).toEqual([]);

  // Every review, 10 a page.
  const count = Number((await reviews.getByText(/out of 5 from \d+ reviews?/).textContent())!.match(/from ([\d,]+) review/)![1]!.replace(/,/g, ''));
  const showAll = reviews.getByRole('button', { name: `Show all ${count.toLocaleString('en-GB')} ${count === 1 ? 'review' : 'reviews'}` });
  if (count > 3) {
    await showAll.click();
    const all = reviews.getByRole('list', { name: 'All reviews' });
    await expect(all).toBeFocused();
    await expect(all.getByRole('listitem')).toHaveCount(Math.min(10, count));
    await expect(all.getByRole('listitem').first()).toContainText(words);
    if (count > 10) {
      await reviews.getByRole('button', { name: 'Show more reviews' }).click();
      await expect(all.getByRole('listitem')).toHaveCount(Math.min(20, count));
    }
    await expect(reviews.getByRole('status')).toHaveText(`Showing ${Math.min(count, 20)} of ${count} ${count === 1 ? 'review' : 'reviews'}`);
    await page.screenshot({ path: '/tmp/reviews-4-all.png', fullPage: true });
  } else {
    await expect(showAll).toHaveCount(0);
  }
});
