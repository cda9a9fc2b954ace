import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures.ts';

// The navigation bar and the travel bar (spec §2 "Header, menus, footer"; issue 3 point 5) at
// the widths of spec §9: sm (600), md (800), lg (1024) and xl (1280).

// Glasgow's navigation: the local 'all' item, then its eight categories in order.
const GLASGOW = [
  'All Glasgow Deals',
  'Restaurants & Food',
  'Activities & Entertainment',
  'Afternoon Tea',
  'Spa',
  'Beauty',
  'Health & Fitness',
  'Learning',
  'Food & Drink',
];

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
}

const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
const moreButton = (page: Page) => categories(page).getByRole('button', { name: 'More categories' });
const moreList = (page: Page) => page.getByRole('list', { name: 'More categories' });

async function openGlasgow(page: Page) {
  await page.goto('/deals/glasgow');
  await expect(categories(page).getByRole('link', { name: 'All Glasgow Deals' })).toBeVisible();
}

/** The names of the links shown in the bar itself (not in popovers or More). */
async function barLinks(page: Page) {
  return categories(page)
    .locator('.category-nav__list > li > a')
    .evaluateAll((links) => links.filter((a) => a.getClientRects().length > 0).map((a) => a.textContent?.trim() ?? ''));
}

// [breakpoint, width, Glasgow items shown in the bar before More]
const widths: Array<[string, number, number]> = [
  ['sm', 600, 9],
  ['md', 800, 5],
  ['lg', 1024, 7],
  ['xl', 1280, 10],
];

for (const [name, width, shown] of widths) {
  test.describe(`${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: 800 } });

    test(`the bar shows ${shown} items and More holds the rest`, async ({ page }) => {
      await openGlasgow(page);
      const inBar = GLASGOW.slice(0, shown);
      const inMore = GLASGOW.slice(shown);
      expect(await barLinks(page)).toEqual([...inBar, 'Gifts', 'VIP']);
      if (inMore.length === 0) {
        await expect(moreButton(page)).toBeHidden();
        return;
      }
      await moreButton(page).scrollIntoViewIfNeeded();
      await expect(moreButton(page)).toHaveAttribute('aria-expanded', 'false');
      await moreButton(page).click();
      await expect(moreButton(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(moreList(page).getByRole('link')).toHaveText(inMore);
      await page.screenshot({ path: `test-results/screenshots/nav-more-${name}.png` });
      expect(await axeViolations(page)).toEqual([]);
      // A link under More opens its page and closes the menu.
      await moreList(page).getByRole('link', { name: inMore.at(-1)! }).click();
      await expect(page).toHaveURL(/\/deals\/glasgow\/[a-z-]+$/);
      await expect(moreList(page)).toBeHidden();
    });
  });
}

test.describe('sm (600 px): the bar scrolls', () => {
  test.use({ viewport: { width: 600, height: 800 }, reducedMotion: 'reduce' });

  test('scroll arrows show only when the bar is scrolled away from that edge', async ({ page }) => {
    await openGlasgow(page);
    const left = page.getByRole('button', { name: 'Scroll categories left' });
    const right = page.getByRole('button', { name: 'Scroll categories right' });
    await expect(moreButton(page)).toBeHidden();
    await expect(left).toBeHidden();
    await expect(right).toBeVisible();
    // A page to the right: now scrolled away from the start, so the left arrow shows.
    await right.click();
    await expect(left).toBeVisible();
    await expect(categories(page).getByRole('link', { name: 'All Glasgow Deals' })).not.toBeInViewport();
    // At the end the right arrow goes away.
    const list = categories(page).getByRole('list').first();
    await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(right).toBeHidden();
    await expect(left).toBeVisible();
    await expect(categories(page).getByRole('link', { name: 'VIP' })).toBeInViewport();
    // A page to the left brings it back; at the start the left arrow goes away.
    await left.click();
    await expect(right).toBeVisible();
    await list.evaluate((el) => el.scrollTo({ left: 0 }));
    await expect(left).toBeHidden();
    await expect(right).toBeVisible();
    await expect(categories(page).getByRole('link', { name: 'All Glasgow Deals' })).toBeInViewport();
    // The bar scrolls inside itself: the page never gets wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600);
  });

  test('the travel bar is an accordion of UK Travel and International Travel', async ({ page }) => {
    await page.goto('/deals/travel');
    const travel = page.getByRole('navigation', { name: 'Travel' });
    const uk = travel.getByRole('button', { name: 'UK Travel' });
    const intl = travel.getByRole('button', { name: 'International Travel' });
    await expect(uk).toHaveAttribute('aria-expanded', 'false');
    await expect(intl).toHaveAttribute('aria-expanded', 'false');
    await expect(travel.getByRole('link', { name: 'Scotland Breaks' })).toBeHidden();
    await uk.click();
    await expect(uk).toHaveAttribute('aria-expanded', 'true');
    await expect(travel.getByRole('list', { name: 'UK Travel' }).getByRole('link')).toHaveText(['Scotland Breaks', 'UK City Breaks', 'UK Spa Breaks', 'Coast & Countryside']);
    await expect(travel.getByRole('link', { name: 'Europe' })).toBeHidden();
    await intl.click();
    await expect(travel.getByRole('list', { name: 'International Travel' }).getByRole('link')).toHaveText(['Europe', 'Beach Holidays', 'Long Haul']);
    await page.screenshot({ path: 'test-results/screenshots/nav-travel-sm.png' });
    expect(await axeViolations(page)).toEqual([]);
    await uk.click();
    await expect(travel.getByRole('link', { name: 'Scotland Breaks' })).toBeHidden();
    await travel.getByRole('link', { name: 'Long Haul' }).click();
    await expect(page).toHaveURL(/\/deals\/travel\/long-haul$/);
  });
});

test.describe('lg (1024 px)', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test('the travel bar shows the UK Travel and International Travel groups side by side', async ({ page }) => {
    await page.goto('/deals/travel');
    const travel = page.getByRole('navigation', { name: 'Travel' });
    await expect(travel.getByRole('list', { name: 'UK Travel' }).getByRole('link')).toHaveText(['Scotland Breaks', 'UK City Breaks', 'UK Spa Breaks', 'Coast & Countryside']);
    await expect(travel.getByRole('list', { name: 'International Travel' }).getByRole('link')).toHaveText(['Europe', 'Beach Holidays', 'Long Haul']);
    await expect(travel.getByRole('button')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/nav-travel-lg.png' });
    expect(await axeViolations(page)).toEqual([]);
    // No travel bar on a city.
    await openGlasgow(page);
    await expect(page.getByRole('navigation', { name: 'Travel' })).toHaveCount(0);
  });

  test('a travel item opens its popover on hover', async ({ page }) => {
    await page.goto('/deals/travel');
    const europe = categories(page).getByRole('link', { name: 'Europe', exact: true });
    await europe.scrollIntoViewIfNeeded();
    await europe.hover();
    await expect(page.getByRole('list', { name: 'Europe sub-categories' }).getByRole('link', { name: 'Spain' })).toBeVisible();
  });
});

test.describe('xl (1280 px): popovers', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a category popover opens on hover and closes when the pointer leaves', async ({ page }) => {
    await openGlasgow(page);
    const popover = page.getByRole('list', { name: 'Afternoon Tea sub-categories' });
    await expect(popover).toBeHidden();
    await categories(page).getByRole('link', { name: 'Afternoon Tea', exact: true }).hover();
    await expect(popover).toBeVisible();
    await expect(popover.getByRole('link')).toHaveText(['All Afternoon Tea', 'Classic Afternoon Tea', 'Prosecco Afternoon Tea', 'Gin Afternoon Tea']);
    // The pointer can move into the popover and pick a link.
    await popover.getByRole('link', { name: 'Gin Afternoon Tea' }).hover();
    await expect(popover).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/nav-popover-xl.png' });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('heading', { level: 1 }).hover();
    await expect(popover).toBeHidden();
    // Opening by hover, then following a link.
    await categories(page).getByRole('link', { name: 'Afternoon Tea', exact: true }).hover();
    await popover.getByRole('link', { name: 'Gin Afternoon Tea' }).click();
    await expect(page).toHaveURL(/\/deals\/glasgow\/afternoon-tea\/gin-afternoon-tea$/);
    await expect(popover).toBeHidden();
  });

  test('a popover opens by keyboard; Escape closes it and returns focus; Tab moves on', async ({ page }) => {
    await openGlasgow(page);
    const toggle = categories(page).getByRole('button', { name: 'Spa sub-categories' });
    const popover = page.getByRole('list', { name: 'Spa sub-categories' });
    await categories(page).getByRole('link', { name: 'Spa', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(popover).toBeVisible();
    // The popover's links follow the toggle in the tab order.
    await page.keyboard.press('Tab');
    await expect(popover.getByRole('link', { name: 'All Spa' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Space opens it too; tabbing past its last link closes it and moves on to the next item.
    await page.keyboard.press('Space');
    await expect(popover).toBeVisible();
    const links = await popover.getByRole('link').count();
    for (let i = 0; i < links + 1; i++) await page.keyboard.press('Tab');
    await expect(categories(page).getByRole('link', { name: 'Beauty', exact: true })).toBeFocused();
    await expect(popover).toBeHidden();
  });

  test('the gift item links to /gifts and the VIP crown to /deals/vip for a visitor', async ({ page }) => {
    await openGlasgow(page);
    await expect(categories(page).getByRole('link', { name: 'Gifts' })).toHaveAttribute('href', '/gifts');
    await expect(categories(page).getByRole('link', { name: 'VIP' })).toHaveAttribute('href', '/deals/vip');
    await expect(categories(page).getByRole('link', { name: 'All Glasgow Deals' })).toHaveAttribute('aria-current', 'page');
  });
});
