import { BUYING_MESSAGES } from '../../domain/src/buying.ts';
import { VIP_OFFER_LINE } from '../../domain/src/vip.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, enterCard, escape, findDeal, GOOD_CARD, newEmail, openDeal, payButton, plainOptionFirst, registerAndConfirm } from './buying-helpers.ts';

// Issue 18 point 5: /deals/vip (its fixed title, the VIP deals with their VIP prices, the offer in
// one line for non-members), joining at checkout with the box unticked at first, and cancelling
// within 14 days in one confirm, refunded (UK DMCC Act 2024).

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a guest on /deals/vip: the fixed title, the VIP deals with their VIP prices, and the offer in one line with how to join', async ({ page }) => {
  await page.goto('/deals/vip');
  await expect(page).toHaveTitle('VIP Deals - Members Save up to an Extra 10% | Thistle Deals');
  await expect(page.getByRole('heading', { level: 1, name: 'VIP deals' })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Join VIP' });
  await expect(offer).toContainText(VIP_OFFER_LINE);
  await expect(offer.getByRole('link', { name: 'Sign in to join VIP' })).toBeVisible();
  const deals = page.getByRole('list', { name: 'VIP deals' });
  await expect(deals.getByRole('listitem').first()).toBeVisible();
  await expect(deals.getByRole('listitem').first()).toContainText(/VIP price £\d/);

  // A VIP deal's page: its VIP price after the price (spec §3 "show VIP discount price"), and where to join.
  const dealUrl = (await deals.getByRole('listitem').first().getByRole('link').first().getAttribute('href'))!;
  await page.goto(dealUrl);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const buyBox = page.getByRole('complementary', { name: 'Prices and options' });
  await expect(buyBox).toContainText(/VIP price £\d[\d.,]* for VIP members · Join VIP/);
  await expect(buyBox.getByRole('link', { name: 'Join VIP' })).toHaveAttribute('href', '/deals/vip');
  await buyBox.screenshot({ path: 'test-results/e2e/vip-deal-price.png' });
  // The same deal at its VIP deal url (spec §2 page type vipDeal): the deal page, canonical to the deal's own url.
  const dealId = /\/(\d+)\/[^/]+\.html$/.exec(dealUrl)![1];
  await page.goto(`/deal/vip/${dealId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${escape(dealUrl)}$`));

  // A VIP category page (spec §2 page type vipCategory), reached from /deals/vip's category chips.
  await page.goto('/deals/vip');
  const chip = page.getByRole('navigation', { name: 'VIP categories' }).getByRole('link').nth(1);
  // The chip reads "{category}, {n} deals"; the page is named by the category.
  const category = (await chip.textContent())!.replace(/, [\d,]+ deals?$/, '').trim();
  await chip.click();
  await expect(page).toHaveURL(/\/deals\/vip\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `VIP ${category} deals` })).toBeVisible();
  const categoryDeals = page.getByRole('list', { name: `VIP ${category} deals` });
  await expect(categoryDeals.getByRole('listitem').first()).toContainText(/VIP price £\d/);
  await page.screenshot({ path: 'test-results/e2e/vip-category-page.png', fullPage: true });
});

/** Spec §4: the VIP flag cookie ('VIP' or 'Non - VIP', word for word) and the subscription validity cookie (true or false). */
async function vipCookies(page: Page): Promise<{ flag: string | null; valid: string | null }> {
  const cookies = await page.context().cookies();
  const value = (name: string) => {
    const c = cookies.find((k) => k.name === name);
    return c ? decodeURIComponent(c.value) : null;
  };
  return { flag: value('vipFlag'), valid: value('subscriptionValidity') };
}

test('join VIP at checkout (unticked at first), pay, see VIP prices as a member, then cancel within 14 days and see the refund', async ({ page }) => {
  test.slow();
  const deal = await findDeal(page.request, (d) => openDeal(d) && !d.pricePerPerson && plainOptionFirst(d) !== null);
  const email = newEmail('vipjoin');
  await registerAndConfirm(page, email);
  await expect.poll(() => vipCookies(page)).toEqual({ flag: 'Non - VIP', valid: 'false' });
  await addToBasket(page, deal);
  const vip = page.getByRole('checkbox', { name: 'Add VIP membership for £4.99 a year' });
  await expect(vip).not.toBeChecked();
  await vip.check();
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: BUYING_MESSAGES.purchaseSuccessful })).toBeVisible();
  // The stored flag follows the join at once (never a stale offer).
  await expect.poll(() => vipCookies(page)).toEqual({ flag: 'VIP', valid: 'true' });

  // /deals/vip as a member: no offer, the member's VIP prices.
  await page.goto('/deals/vip');
  await expect(page.getByRole('heading', { level: 2, name: 'You’re a VIP member' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Join VIP' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'VIP deals' }).getByRole('listitem').first()).toContainText(/Your VIP price £\d/);

  // Cancel in one confirm: ended at once, refunded to the card.
  await page.goto('/myaccount/subscriptions');
  const membership = page.getByRole('region', { name: 'You’re a VIP member' });
  await expect(membership).toContainText('It does not renew automatically.');
  await membership.getByRole('button', { name: 'Cancel VIP membership' }).click();
  await membership.getByRole('button', { name: 'Yes, cancel and refund £4.99' }).click();
  await expect(page.getByRole('heading', { name: 'VIP membership cancelled' })).toBeVisible();
  await expect(page.getByText('£4.99 is being refunded to the card or account you paid with.')).toBeVisible();
  await expect.poll(() => vipCookies(page)).toEqual({ flag: 'Non - VIP', valid: 'false' });
  // The cancellation email, with the refund and where it goes.
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: Array<{ kind: string; text: string }> };
      return messages.find((m) => m.kind === 'vip_cancelled')?.text ?? '';
    })
    .toContain('- £4.99 to the card you paid with.');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'You can join VIP' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel VIP membership' })).toHaveCount(0);
});

test('join VIP from /deals/vip on its own: the button says price and term, the checkout holds only the membership, pay by card, a member', async ({ page }) => {
  test.slow();
  await registerAndConfirm(page, newEmail('vipdealsjoin'));
  await page.goto('/deals/vip');
  const offer = page.getByRole('region', { name: 'Join VIP' });
  await expect(offer).toContainText(VIP_OFFER_LINE);
  await offer.getByRole('button', { name: 'Join VIP – £4.99 a year' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('vip-only-line')).toContainText('VIP membership on its own: £4.99 for 12 months');
  await expect(page.getByRole('checkbox', { name: 'Add VIP membership for £4.99 a year' })).toBeChecked();
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: BUYING_MESSAGES.purchaseSuccessful })).toBeVisible();
  await page.goto('/deals/vip');
  await expect(page.getByRole('heading', { level: 2, name: 'You’re a VIP member' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join VIP – £4.99 a year' })).toHaveCount(0);
});
