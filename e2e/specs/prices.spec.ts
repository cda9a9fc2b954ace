import { expect, test, type Locator } from '../fixtures.ts';
import { answerCookies, escape, gql, pence } from './buying-helpers.ts';

// Honest headline prices (issue 6 point 10; DMCC Act drip pricing): the first price shown for a
// posted goods deal includes the postage the shopper cannot avoid, on the card in search results
// and on the deal page, and that very figure is what checkout asks for one unit. The deal and
// its figures come from the shop's own seeded database through GraphQL.

interface Money {
  amount: number;
  formatted: string;
}
interface Product {
  productId: number;
  title: string;
  price: Money;
  postagePrice: Money | null;
  headlinePrice: Money;
  includedPostage: Money;
  remaining: number | null;
  soldOut: boolean;
  disabled: boolean;
  vipExclusive: boolean;
  purchaseCap: number | null;
  hasDeposit: boolean;
  numberOfNights: number | null;
}
interface Deal {
  dealId: number;
  url: string;
  title: string;
  closingDate: string | null;
  pricePerPerson: boolean;
  priceDisplay: string;
  price: Money;
  headlinePrice: Money;
  includedPostage: Money;
  products: Product[];
}

const MONEY = 'amount formatted';
const DEAL_FIELDS = `dealId url title closingDate pricePerPerson priceDisplay price { ${MONEY} } headlinePrice { ${MONEY} } includedPostage { ${MONEY} }
  products { productId title price { ${MONEY} } postagePrice { ${MONEY} } headlinePrice { ${MONEY} } includedPostage { ${MONEY} }
    remaining soldOut disabled vipExclusive purchaseCap hasDeposit numberOfNights }`;

const buyable = (p: Product) => !p.soldOut && !p.disabled && (p.purchaseCap ?? 1) > 0 && (p.remaining ?? 1) > 0;

/**
 * A posted goods deal whose headline includes postage, shown with its price, open for days yet,
 * whose first buyable option (the one the buy form chooses) is a plain one that sets the headline.
 */
function fits(d: Deal): boolean {
  const first = d.products.find(buyable);
  return (
    (d.closingDate === null || new Date(d.closingDate).getTime() > Date.now() + 86_400_000) &&
    !d.pricePerPerson &&
    d.priceDisplay !== 'HIDDEN' &&
    d.includedPostage.amount > 0 &&
    !d.products.some((p) => p.vipExclusive) &&
    first !== undefined &&
    !first.hasDeposit &&
    !first.numberOfNights &&
    (first.remaining === null || first.remaining >= 5) &&
    first.headlinePrice.amount === d.headlinePrice.amount
  );
}

async function findPostedDeal(request: Parameters<typeof gql>[0]): Promise<Deal> {
  const query = `query($after: String) { location(slug: "shop") { deals(first: 48, after: $after) {
    edges { node { ${DEAL_FIELDS} } } pageInfo { hasNextPage endCursor } } } }`;
  type Page = { location: { deals: { edges: Array<{ node: Deal }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } };
  let after: string | null = null;
  for (let i = 0; i < 40; i++) {
    const data: Page = await gql<Page>(request, query, { after });
    const found = data.location.deals.edges.map((e) => e.node).find(fits);
    if (found) return found;
    if (!data.location.deals.pageInfo.hasNextPage) break;
    after = data.location.deals.pageInfo.endCursor;
  }
  throw new Error('No seeded goods deal with postage fits');
}

/** The headline shown in a price block: its figure, its pence, and the postage note beside it. */
async function expectHeadline(block: Locator, deal: Deal) {
  await expect(block.locator('.price__now').first()).toContainText(deal.headlinePrice.formatted);
  await expect(block.locator('[data-price-pence]').first()).toHaveAttribute('data-price-pence', String(deal.headlinePrice.amount));
  await expect(block.getByText(`incl. ${deal.includedPostage.formatted} postage`).first()).toBeVisible();
  // The postage is never added after a price that leaves it out.
  await expect(block.getByText(/\+ £[\d.]+ postage/)).toHaveCount(0);
}

test('a posted goods deal: the headline includes postage on the card and the deal page, and checkout asks exactly that for one', async ({ page }) => {
  await answerCookies(page);
  const deal = await findPostedDeal(page.request);
  const option = deal.products.find(buyable)!;
  // The headline is the product price with its postage, and more than the price alone.
  expect(deal.headlinePrice.amount).toBe(option.price.amount + option.postagePrice!.amount);
  expect(deal.includedPostage.amount).toBe(option.postagePrice!.amount);

  // The card in search results.
  await page.goto(`/search?q=${encodeURIComponent(deal.title)}&location=shop`);
  // By its link to this deal's page: several deals can share a title.
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="${deal.url}"]`) });
  await expect(card).toBeVisible();
  await expectHeadline(card, deal);

  // The deal page: the buy box's price and the option's price line.
  await page.goto(deal.url);
  const box = page.getByRole('complementary', { name: 'Prices and options' });
  await expect(box).toBeVisible();
  await expectHeadline(box.locator('.deal-price'), deal);
  const form = page.getByRole('form', { name: 'Buy this deal' });
  const optionName = new RegExp(`^${escape(option.title)}`);
  await expect(form.getByRole('radio', { name: optionName })).toBeChecked();
  const optionItem = form.getByRole('list', { name: 'Deal options' }).getByRole('listitem').filter({ has: page.getByRole('radio', { name: optionName }) });
  await expect(optionItem.locator('.price__now')).toContainText(option.headlinePrice.formatted);
  await expect(optionItem.getByText(`incl. ${option.includedPostage.formatted} postage`)).toBeVisible();
  await expect(optionItem.getByText(/\+ £[\d.]+ postage/)).toHaveCount(0);

  // Checkout, quantity 1, before any options: the total is the headline.
  await form.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title })).toBeVisible();
  await expect.poll(async () => pence(await page.getByTestId('order-total').textContent())).toBe(deal.headlinePrice.amount);
  await expect(page.getByTestId('order-total')).toHaveText(deal.headlinePrice.formatted);
});
