import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures.ts';

// The gift finder (issue 19 point 3): the nav's "Gifts" and the footer's "Gift finder" open it
// (200, its own head); a shopper chooses who it is for, a personality and a price with the
// keyboard, and gets real deals (12 a page) that say when they arrive, a carousel of the
// recipient's biggest savings, and a deal page behind a card. Axe-clean (WCAG 2.2 AA).
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const gifts = (page: Page) => page.getByRole('list', { name: 'Gifts', exact: true });
const group = (page: Page, name: string) => page.getByRole('navigation', { name });
/** A filter's option by its label ("Mum (23 gifts)"). */
const option = (page: Page, groupName: string, label: string) => group(page, groupName).getByRole('link', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) });
const countOf = async (page: Page, groupName: string, label: string) => Number((await option(page, groupName, label).getAttribute('aria-label'))!.match(/\((\d[\d,]*) gifts?\)/)![1]!.replace(/,/g, ''));

/** Moves focus with Tab until `target` has it (at most 60 presses), then presses Enter. */
async function tabToAndEnter(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error('the control never got the focus by Tab');
}

test('the gift finder: Gifts from the nav, filtered by recipient, personality and price with the keyboard, shows real deals', async ({ page, request }) => {
  // Real HTTP: the pages are 200 with their own title; an unknown recipient is a 404.
  const head = await request.get('/gifts');
  expect(head.status()).toBe(200);
  expect(await head.text()).toMatch(/<title[^>]*>Gift finder \| Thistle Deals<\/title>/);
  expect((await request.get('/deals/glasgow/gift-finder/gifts-for-mum')).status()).toBe(200);
  expect((await request.get('/gifts/gifts-for-unicorns')).status()).toBe(404);
  const data = await request.get('/gift-finder/data.json');
  expect(data.status()).toBe(200);
  const doc = await data.json();
  expect(doc.recipients.map((r: { label: string }) => r.label)).toEqual(['Mum', 'Dad', 'Hubby', 'Wifey', 'Little Ones', 'Teen', 'Grandparents', 'BFF', 'Colleague']);
  expect(doc.priceSteps).toEqual([0, 10, 20, 50, 100]);

  await page.goto('/deals/glasgow');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Gifts' }).click();
  await expect(page).toHaveURL(/\/gifts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift finder' })).toBeVisible();
  await expect(page).toHaveTitle('Gift finder | Thistle Deals');
  await expect(gifts(page).getByRole('listitem')).toHaveCount(12);
  // The shop's own gift card suits everyone: it leads the list, and says how it arrives.
  const first = gifts(page).getByRole('listitem').first();
  await expect(first.getByRole('link', { name: 'Thistle Deals Gift Card' })).toBeVisible();
  await expect(first).toContainText('E-gift: arrives by email today');
  await expect(first).toContainText(/Posted: arrives by \w+day \d{1,2} \w+ \d{4}/);

  // Who: Mum, by keyboard (the heading has the focus after the navigation; Tab reaches the chips).
  const mum = option(page, 'Who is it for?', 'Mum');
  const mumCount = await countOf(page, 'Who is it for?', 'Mum');
  expect(mumCount).toBeGreaterThan(12);
  await tabToAndEnter(page, mum);
  await expect(page).toHaveURL(/\/gifts\/gifts-for-mum$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gifts for Mum' })).toBeVisible();
  await expect(page).toHaveTitle('Gifts for Mum | Thistle Deals');
  await expect(option(page, 'Who is it for?', 'Mum')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(`Showing 12 of ${mumCount.toLocaleString('en-GB')} deals`);

  // What they are like: Pampered, by keyboard.
  const pamperedCount = await countOf(page, 'What are they like?', 'Pampered');
  expect(pamperedCount).toBeGreaterThan(0);
  expect(pamperedCount).toBeLessThan(mumCount);
  await option(page, 'What are they like?', 'Pampered').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gifts\/gifts-for-mum\?personality=pampered$/);
  await expect(option(page, 'What are they like?', 'Pampered')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(new RegExp(`of ${pamperedCount.toLocaleString('en-GB')} deals?$`));
  // The next 12 come in place (a Relay connection), and ?page=2 is a link of its own.
  expect(pamperedCount).toBeGreaterThan(12);
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('href', /personality=pampered&page=2$/);
  await page.getByRole('button', { name: 'Load more deals' }).click();
  await expect(gifts(page).getByRole('listitem')).toHaveCount(Math.min(24, pamperedCount));

  // How much: the band with gifts that narrows the list most usefully (£20 to £50 on the seed).
  const band = '£20 to £50';
  const bandCount = await countOf(page, 'How much to spend?', band);
  expect(bandCount).toBeGreaterThan(0);
  await option(page, 'How much to spend?', band).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gifts\/gifts-for-mum\?personality=pampered&price=20-50$/);
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(`Showing ${Math.min(12, bandCount)} of ${bandCount} ${bandCount === 1 ? 'deal' : 'deals'}`);
  const cards = gifts(page).getByRole('listitem');
  await expect(cards).toHaveCount(Math.min(12, bandCount));
  // Every card is a real deal in the band, and says when it arrives.
  for (const card of await cards.all()) {
    await expect(card).toContainText(/(E-gift: arrives by email today|Posted: arrives by)/);
    const pence = Number(await card.locator('.deal-price [data-price-pence]').first().getAttribute('data-price-pence'));
    expect(pence).toBeGreaterThanOrEqual(2000);
    expect(pence).toBeLessThan(5000);
  }

  // The gift carousel of the recipient's biggest savings.
  const carousel = page.getByRole('list', { name: 'Biggest savings on gifts for Mum' });
  await expect(carousel.getByRole('listitem').first()).toBeVisible();
  expect(await carousel.getByRole('listitem').count()).toBeLessThanOrEqual(20);

  const found = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(found.violations.map((v) => `gift finder: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/gift-finder-filtered.png', fullPage: true });

  // Where: Glasgow keeps the filters, on the location's gift finder.
  await group(page, 'Where?').getByRole('link', { name: 'Glasgow', exact: true }).click();
  await expect(page).toHaveURL(/\/deals\/glasgow\/gift-finder\/gifts-for-mum\?personality=pampered&price=20-50$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gifts for Mum in Glasgow' })).toBeVisible();

  // Choosing the chosen price again clears it.
  await option(page, 'How much to spend?', band).click();
  await expect(page).toHaveURL(/\/deals\/glasgow\/gift-finder\/gifts-for-mum\?personality=pampered$/);
  // The address changes before the new list is there (the old one stays on screen until its
  // query answers); the chips come from the same answer, so the band's chip letting go of its
  // "current" mark says the list below is the unfiltered one.
  await expect(option(page, 'How much to spend?', band)).not.toHaveAttribute('aria-current', 'page');

  // A card opens its real deal page. The card is pinned by its address before the click: a
  // locator by position would find again whichever card is first at the moment of the click.
  const href = (await gifts(page).getByRole('listitem').first().locator('a.card__link').getAttribute('href'))!;
  const link = gifts(page).locator(`a.card__link[href="${href}"]`);
  const title = ((await link.getAttribute('aria-label')) ?? (await link.textContent())!).trim();
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // The footer's Gift finder leads there too.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Gift finder' }).click();
  await expect(page).toHaveURL(/\/gifts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift finder' })).toBeVisible();
});
