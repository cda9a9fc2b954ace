import { expect, test, type Locator, type Page } from '../fixtures.ts';

// The compact phone header (issue 15 point 9): at 375 × 812 the homepage's first deal shows on the
// first screen once the cookie choice is made, nothing is wider than the screen, and every header
// part the spec asks for (search, locations, countdown, account, wish list, subscribe box,
// Scotland notice) is still there to reach. Desktop keeps its full header.

const PHONE = { width: 375, height: 812 };
const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });

/** The first deal on the homepage: the top deal, then the deals list. */
const firstDeal = (page: Page) => page.getByRole('main').getByRole('article').first();

async function expectInViewport(page: Page, element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom`).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width, `${what}: right`).toBeLessThanOrEqual(viewport.width);
}

const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('the phone header at 375 × 812', () => {
  test.use({ viewport: PHONE });

  for (const choice of ['Accept all cookies', 'Reject all cookies'] as const) {
    test(`@mobile after "${choice}", the first deal's image and price are on the first screen`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/deals\/glasgow$/);
      await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
      await banner(page).getByRole('button', { name: choice }).click();
      await expect(page.getByRole('heading', { name: 'Cookie choices saved' })).toBeFocused();
      await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
      // Not scrolled: the first screen as the visitor sees it.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      const deal = firstDeal(page);
      await expectInViewport(page, deal.locator('img').first(), 'first deal image');
      await expectInViewport(page, deal.locator('.price').first(), 'first deal price');
      expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `test-results/screenshots/shell-mobile-home-${choice.split(' ')[0]!.toLowerCase()}.png` });
    });
  }

  test('@mobile every header part is reachable: one row of buttons, locations and subscribe box in the menu, 44 px targets', async ({ page }) => {
    await page.goto('/deals/glasgow');
    await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
    await banner(page).getByRole('button', { name: 'Reject all cookies' }).click();
    const header = page.getByRole('banner');

    // One row: the logo beside wish list, basket, account and the menu button; the search under it.
    const logo = (await header.getByRole('link', { name: /Thistle Deals\W+home/ }).boundingBox())!;
    const menuButton = header.getByRole('button', { name: 'Menu' });
    for (const name of ['Wish list', 'My account', 'Menu']) {
      const box = (await header.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(Math.abs(box.y + box.height / 2 - (logo.y + logo.height / 2)), name).toBeLessThan(6);
    }
    const search = header.getByRole('combobox', { name: 'Search deals' });
    await expect(search).toBeVisible();
    expect((await search.boundingBox())!.y).toBeGreaterThan(logo.y + logo.height);

    // The countdown and the Scotland notice stay, with their controls.
    await expect(header.getByRole('timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(header.getByRole('button', { name: 'Pause countdown' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Hide countdown' })).toBeVisible();
    await expect(header.getByText('Made in Scotland.', { exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Dismiss Scotland notice' })).toBeVisible();
    await expectTapTargets(header);

    // The menu: every location and the subscribe box.
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(header.getByRole('navigation', { name: 'Locations' })).toBeHidden();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const locations = header.getByRole('navigation', { name: 'Locations' });
    for (const name of ['Glasgow', 'Edinburgh', 'Aberdeen', 'Shop', 'Travel']) {
      await expect(locations.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const email = header.getByRole('textbox', { name: 'Daily deals by email' });
    await expect(email).toBeVisible();
    await expectTapTargets(header);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: 'test-results/screenshots/shell-mobile-menu-open.png' });

    await email.fill('morag@');
    await header.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(header.getByText('Please enter a valid email')).toBeVisible();
    await expect(email).toBeFocused();

    // Escape closes it and gives the focus back to its button; choosing a location closes it too.
    await page.keyboard.press('Escape');
    await expect(locations).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await locations.getByRole('link', { name: 'Edinburgh', exact: true }).click();
    await expect(page).toHaveURL(/\/deals\/edinburgh$/);
    await expect(locations).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});

/** Every visible control of `region` is at least 44 × 44 px and inside the screen's width. */
async function expectTapTargets(region: Locator) {
  const controls = region.locator('a:visible, button:visible, input:not([type=hidden]):visible');
  const wrong: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    const name = await control.evaluate((el) => el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.outerHTML.slice(0, 60)));
    if (box && (box.width < 44 || box.height < 44)) wrong.push(`${name}: ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
    if (box && (box.x < 0 || box.x + box.width > PHONE.width)) wrong.push(`${name}: off screen at x=${box.x.toFixed(0)}`);
  }
  expect(wrong).toEqual([]);
}

test('@mobile keyboard order in the phone header: logo, search, wish list, basket, account, menu, locations', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'td_consent', value: 'none', url: 'http://127.0.0.1' }]);
  await page.goto('/deals/glasgow');
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: /Thistle Deals\W+home/ }).focus();
  const order = [
    header.getByRole('combobox', { name: 'Search deals' }),
    header.getByRole('button', { name: 'Search', exact: true }),
    header.getByRole('button', { name: 'Wish list' }),
    header.getByRole('link', { name: /^Basket/ }),
    header.getByRole('button', { name: 'My account' }),
    header.getByRole('button', { name: 'Menu' }),
  ];
  for (const next of order) {
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(header.getByRole('navigation', { name: 'Locations' }).getByRole('link', { name: 'Glasgow' })).toBeFocused();
  // Closed, the menu's links are out of the way: the next stop is the category bar.
  await header.getByRole('button', { name: 'Menu' }).click();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first()).toBeFocused();
});

test('the desktop header at 1280 keeps search, actions, locations and the subscribe box together', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/deals/glasgow');
  await banner(page).getByRole('button', { name: 'Reject all cookies' }).click();
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('textbox', { name: 'Daily deals by email' })).toBeVisible();
  await expect(header.getByRole('navigation', { name: 'Locations' }).getByRole('link', { name: 'Travel', exact: true })).toBeVisible();
  await expect(header.getByRole('combobox', { name: 'Search deals' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/shell-desktop-home.png' });
});
