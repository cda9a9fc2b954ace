import { ERROR_MESSAGES } from '../../domain/src/error-codes.ts';
import { BUYING_MESSAGES } from '../../domain/src/buying.ts';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, enterCard, escape, findDeal, GOOD_CARD, gql, newEmail, openDeal, payButton, plainOptionFirst, registerAndConfirm, type Deal, type Product } from './buying-helpers.ts';

// Issue 14: VIP membership bought at checkout is granted with the payment and honoured at once;
// VIP-exclusive options are marked for non-members (what joining costs and gives) and cannot be
// put in their basket (the API answers a UserError saying they are for VIP members).

const vipOption = (d: Deal): Product | undefined =>
  d.products.find((p) => p.vipExclusive && !p.soldOut && !p.disabled && !p.hasDeposit && !p.numberOfNights && !(p.postagePrice && p.postagePrice.amount > 0) && (p.remaining === null || p.remaining >= 5));
/** A deal whose first option anyone can buy and which has a VIP-exclusive option too. */
const dealWithVipOption = (d: Deal) => openDeal(d) && !d.pricePerPerson && plainOptionFirst(d) !== null && vipOption(d) !== undefined;

const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename ... on UserError { code message field } } }`;
const inWords = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(d);

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a non-member sees VIP-only options marked with what VIP costs and gives, and cannot put them in the basket', async ({ page }) => {
  const deal = await findDeal(page.request, dealWithVipOption);
  const option = vipOption(deal)!;
  await page.goto(deal.url);
  const form = page.getByRole('form', { name: 'Buy this deal' });
  const radio = form.getByRole('radio', { name: new RegExp(`^${escape(option.title)}`) });
  await expect(radio).toBeDisabled();
  const item = form.getByRole('listitem').filter({ has: page.getByRole('radio', { name: new RegExp(`^${escape(option.title)}`) }) });
  await expect(item).toContainText('VIP only');
  await expect(item).toContainText('£4.99 a year');
  await expect(item).toContainText('up to 10%');

  // Through the API (as a script would): a UserError that says why; nothing is added.
  const answer = await gql<{ addToBasket: { __typename: string; code: string; message: string; field: string } }>(page.request, ADD, { i: { dealId: deal.dealId, productId: option.productId, quantity: 1 } });
  expect(answer.addToBasket).toEqual({ __typename: 'ValidationError', code: 'VIP_ONLY', message: ERROR_MESSAGES.VIP_ONLY, field: 'productId' });
  expect(answer.addToBasket.message).toContain('for VIP members only');

  // A guest is not offered VIP at checkout: it belongs to an account.
  await addToBasket(page, deal);
  await expect(page.getByRole('checkbox', { name: /Add VIP membership/ })).toHaveCount(0);
});

test('VIP ticked at checkout and paid by card: ACTIVE with its end date at once, not offered again, VIP-only options addable', async ({ page }) => {
  test.slow();
  const deal = await findDeal(page.request, dealWithVipOption);
  const option = vipOption(deal)!;
  await registerAndConfirm(page, newEmail('vip'));
  await page.goto('/myaccount/subscriptions');
  await expect(page.getByRole('heading', { level: 2, name: 'We haven’t checked your VIP membership yet' })).toBeVisible();

  await addToBasket(page, deal);
  const vip = page.getByRole('checkbox', { name: 'Add VIP membership for £4.99 a year' });
  await expect(vip).not.toBeChecked();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).not.toContainText('VIP membership');
  await vip.check();
  await expect(vip).toBeChecked();
  await expect(summary).toContainText('VIP membership (1 year)');
  await expect(summary).toContainText('£4.99');
  await enterCard(page, GOOD_CARD);
  const paidAt = new Date();
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: BUYING_MESSAGES.purchaseSuccessful })).toBeVisible();

  // The subscriptions page: a member, with the end of the membership in words (a year on).
  await page.goto('/myaccount/subscriptions');
  await expect(page.getByRole('heading', { level: 2, name: 'You’re a VIP member' })).toBeVisible();
  const end = new Date(paidAt);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  const membership = page.getByRole('region', { name: 'You’re a VIP member' });
  await expect(membership.getByText('Active', { exact: true })).toBeVisible();
  await expect(membership.getByText(`${inWords(end)}`, { exact: true })).toBeVisible();

  // The next checkout: nothing VIP ticked or charged (a member is not offered it again).
  await addToBasket(page, deal);
  await expect(page.getByRole('checkbox', { name: /Add VIP membership/ })).toHaveCount(0);
  await expect(summary).not.toContainText('VIP membership');

  // The VIP-only option is now the member's to buy.
  await page.goto(deal.url);
  const form = page.getByRole('form', { name: 'Buy this deal' });
  const radio = form.getByRole('radio', { name: new RegExp(`^${escape(option.title)}`) });
  await expect(radio).toBeEnabled();
  const item = form.getByRole('listitem').filter({ has: page.getByRole('radio', { name: new RegExp(`^${escape(option.title)}`) }) });
  await expect(item).toContainText('VIP exclusive');
  // As a shopper does: the option's card (its label) is what takes the click.
  await item.locator('label').click();
  await expect(radio).toBeChecked();
  await form.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: option.title })).toBeVisible();
});
