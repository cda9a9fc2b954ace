/**
 * Shared by the merchant journeys (issue 17): the demo merchant's sign-in, their businesses, and a
 * deal of one of them a shopper can buy.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { addToBasket, answerCookies, gql, newEmail, openDeal, payByCard, plainOptionFirst, registerAndConfirm, type Deal } from './buying-helpers.ts';

export const MERCHANT_EMAIL = 'glasgow.merchant@thistledeals.example';
export const MERCHANT_PASSWORD = 'Thistle-Merchant-1';
/** The password buying-helpers.ts registerAndConfirm gives a shopper. */
export const SHOPPER_PASSWORD = 'Heather-2026';

const DEAL_FIELDS = `dealId url title pricePerPerson closingDate category { slug } merchant { id }
  products { productId title remaining soldOut disabled vipExclusive purchaseCap hasDeposit numberOfNights postagePrice { amount } price { amount } }`;

export type Business = { id: string; name: string; city: string; catalogueMerchant: { id: string } | null };

/** The signed-in merchant's businesses, through GraphQL with the session of `request`. */
export async function businessesOf(request: APIRequestContext): Promise<Business[]> {
  const data = await gql<{ viewer: { merchant: { businesses: Business[] } | null } | null }>(request, '{ viewer { merchant { businesses { id name city catalogueMerchant { id } } } } }');
  return data.viewer?.merchant?.businesses ?? [];
}

/**
 * A deal of one of `businesses` (its Deal.merchant is the business) anyone can buy with its first
 * option (and that `also` accepts), with that business.
 */
export async function dealOfBusinesses(request: APIRequestContext, businesses: Business[], also: (deal: Deal) => boolean = () => true): Promise<{ deal: Deal; business: Business }> {
  type Data = { location: { deals: { edges: Array<{ node: Deal & { merchant: { id: string } } }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null };
  for (const business of businesses.filter((b) => b.catalogueMerchant)) {
    let after: string | null = null;
    for (let n = 0; n < 40; n++) {
      const data: Data = await gql<Data>(request, `query($l: String!, $after: String) { location(slug: $l) { deals(first: 48, after: $after) { edges { node { ${DEAL_FIELDS} } } pageInfo { hasNextPage endCursor } } } }`, { l: business.city.toLowerCase(), after });
      const deal = data.location?.deals.edges
        .map((e) => e.node)
        .find((d) => d.merchant.id === business.catalogueMerchant!.id && openDeal(d) && !d.pricePerPerson && !d.products.some((p) => p.vipExclusive) && plainOptionFirst(d) !== null && also(d));
      if (deal) return { deal, business };
      if (!data.location?.deals.pageInfo.hasNextPage) break;
      after = data.location.deals.pageInfo.endCursor;
    }
  }
  throw new Error(`No buyable deal of ${businesses.map((b) => b.name).join(', ')}`);
}

/** Signs in on the shop's /login (a merchant lands on /insights, a shopper on /myaccount). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out whoever is signed in (the cookies cleared, the banner answered) and signs in as `email`. */
export async function switchTo(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await answerCookies(page);
  await signIn(page, email, password);
}

/** Signs in as the demo merchant, who lands on /insights. */
export async function merchantSignsIn(page: Page) {
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
}

/** The demo merchant signs in again (after a shopper) and picks the business `businessId` on /insights. */
export async function merchantPicksBusiness(page: Page, businessId: string) {
  await page.context().clearCookies();
  await answerCookies(page);
  await merchantSignsIn(page);
  await page.getByRole('combobox', { name: 'Business' }).selectOption(businessId);
  await expect(page).toHaveURL(/\/insights\?business=/);
}

/** Whoever was signed in signs out; a new shopper (newEmail(`label`)) registers and confirms. Returns their email. */
export async function newShopper(page: Page, label: string) {
  const shopper = newEmail(label);
  await page.context().clearCookies();
  await answerCookies(page);
  await registerAndConfirm(page, shopper);
  return shopper;
}

/** A new shopper (newShopper) buys one voucher of `deal` by card. Returns their email. */
export async function newShopperBuys(page: Page, label: string, deal: Deal) {
  const shopper = await newShopper(page, label);
  await addToBasket(page, deal);
  await payByCard(page);
  return shopper;
}
