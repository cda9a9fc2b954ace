import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { answerCookies, customerTokenOf, newEmail, registerAndConfirm, SERVICE_TOKEN } from './buying-helpers.ts';

// Credit claims (issue 18 point 3; spec §2 credit_validation, §4, §5, §8): a campaign link opened
// signed out keeps its code and asks the shopper to log in; after logging in (through the toast's
// link, back to the same page) the credit is applied and the success toast shows; the wallet has
// it. The same link again is the "already received" toast; an ended offer is "no longer valid";
// a value that is not digits only does nothing. Campaigns 1001 (£5) and 1003 (ended) are the
// demo campaigns the journeys' shop seeds (README "Credit claims").

const PASSWORD = 'Heather-2026';
const toasts = (page: Page) => page.getByTestId('shell-toast');
const accountButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

async function walletPence(page: Page): Promise<number> {
  const customerToken = await customerTokenOf(page);
  const wallet = await page.request.get(`/api/wallet/user/wallet?customerToken=${encodeURIComponent(customerToken)}`, { headers: { 'x-service-token': SERVICE_TOKEN } });
  const balances = (await wallet.json()) as Array<{ currency: string; balance: number; marketingBalance: number }>;
  return balances.find((b) => b.currency === 'GBP')?.marketingBalance ?? 0;
}

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a credit link signed out: the login prompt, log in, the credit applied once; an ended offer and a non-digit value', async ({ page }) => {
  const email = newEmail('credit');
  await registerAndConfirm(page, email);
  await accountButton(page, 'Hi Morag').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(accountButton(page, 'My account')).toBeVisible();

  // Signed out: the code waits, the parameter leaves the address (the others stay), the login prompt shows.
  await page.goto('/deals/glasgow?credit_validation=1001&usr_src=email');
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page).first().locator('p')).toHaveText('Please log in to claim your credit. See T&Cs.');
  await expect(page).toHaveURL(/\/deals\/glasgow\?usr_src=email$/);
  await expect(toasts(page).first().getByRole('link', { name: 'See T&Cs' })).toHaveAttribute('href', '/page/wallettermsofuse');
  // The toast is announced from the live region; the focus stays where it was.
  await expect(page.getByTestId('shell-toasts')).toHaveAttribute('aria-live', 'polite');
  await expect(toasts(page).first().getByRole('link', { name: 'log in' })).not.toBeFocused();

  await toasts(page).first().getByRole('link', { name: 'log in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Signed in: the claim completes and its toast shows; back on the page the link was for.
  await expect(toasts(page).first().locator('p')).toHaveText("Your £5 credit has been applied to your account. You'll see it when you get to checkout! See T&Cs.");
  await expect(page).toHaveURL(/\/deals\/glasgow\?usr_src=email$/);
  await expect.poll(() => walletPence(page)).toBe(500);
  await toasts(page).first().getByRole('button', { name: 'Dismiss message' }).click();
  await expect(toasts(page)).toHaveCount(0);

  // The same link again: already received, nothing more credited.
  await page.goto('/deals/glasgow?credit_validation=1001');
  await expect(toasts(page).first().locator('p')).toHaveText("You've already received your £5 credit from this offer. See T&Cs.");
  await expect(page).toHaveURL(/\/deals\/glasgow$/);
  expect(await walletPence(page)).toBe(500);

  // An ended offer.
  await page.goto('/deals/glasgow/restaurants-food?credit_validation=1003');
  await expect(toasts(page).first().locator('p')).toHaveText('Sorry, this offer link is no longer valid. See T&Cs.');
  await expect(page).toHaveURL(/\/deals\/glasgow\/restaurants-food$/);

  // Spec §5: not digits only, ignored: no toast, no claim, the address as it was.
  await page.goto('/deals/glasgow?credit_validation=1002a');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Whatever the page was going to ask the shop has been asked: no request for a second.
  await page.waitForLoadState('networkidle');
  await expect(toasts(page)).toHaveCount(0);
  await expect(page).toHaveURL(/credit_validation=1002a$/);
  expect(await walletPence(page)).toBe(500);
});
