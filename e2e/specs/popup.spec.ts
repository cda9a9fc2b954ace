import AxeBuilder from '@axe-core/playwright';
import { expect, pauseClockNow, test, type Page } from '../fixtures.ts';

// The subscribe popup (spec §2, §9): after 2 seconds, for visitors who are not logged in and have
// no affiliate or brand cookie, never on the excluded pages. Time is driven by Playwright's clock.
test.use({ subscribePopup: 'allowed' });

const T0 = new Date('2026-11-22T09:00:00Z');
const popup = (page: Page) => page.getByRole('dialog', { name: /best deals by email/ });

/**
 * Opens `path` with a fake clock that runs while the page loads (its code needs timers), then
 * pauses it: from then on only runFor moves time, so no real waiting and no fixed sleeps.
 */
async function openPaused(page: Page, path: string) {
  // The popup waits for a cookie choice (it never covers the unanswered banner): choose first.
  await page.context().addCookies([{ name: 'td_consent', value: 'none', url: 'http://127.0.0.1' }]);
  await page.clock.install({ time: T0 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await pauseClockNow(page);
}

test('waits for the cookie choice: no popup over the unanswered banner', async ({ page }) => {
  await page.clock.install({ time: T0 });
  await page.goto('/deals/glasgow');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await pauseClockNow(page);
  await page.clock.runFor(5000);
  await expect(popup(page)).toBeHidden();
  await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Reject all cookies' }).click();
  await page.clock.runFor(2000);
  await expect(popup(page)).toBeVisible();
});

test('opens 2 seconds into a visit to the homepage, traps focus, validates and subscribes', async ({ page }) => {
  await openPaused(page, '/deals/glasgow');
  // Not at once: the page is there and the popup is not.
  await expect(popup(page)).toBeHidden();
  await page.clock.runFor(2000);
  await expect(popup(page)).toBeVisible();

  // Focus moved into the modal; the page behind is inert.
  await expect(popup(page).getByRole('button', { name: 'Close' })).toBeFocused();
  // axe schedules its own timers: let time run again now the popup is open.
  await page.clock.resume();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);

  const email = popup(page).getByRole('textbox', { name: 'Email address' });
  await email.fill('not-an-email');
  await popup(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(popup(page).getByText('Please enter a valid email')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('ailsa@example.co.uk');
  await page.keyboard.press('Enter');
  // Subscribed (double opt-in): the answer says a confirmation email is on its way.
  await expect(popup(page).getByRole('status')).not.toBeEmpty();
});

test('Escape closes it, focus returns, and it stays away on the next visit', async ({ page }) => {
  await openPaused(page, '/deals/glasgow');
  // Focus something on the page first: it gets focus back when the popup closes.
  const search = page.getByRole('combobox', { name: 'Search deals' }).first();
  await search.focus();
  await page.clock.runFor(2100);
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup(page)).toBeHidden();
  await expect(search).toBeFocused();

  await page.clock.resume();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await pauseClockNow(page);
  await page.clock.runFor(5000);
  await expect(popup(page)).toBeHidden();
});

test('never on /page/internetsafety, nor with a brand or affiliate cookie', async ({ page, context, baseURL }) => {
  await openPaused(page, '/page/internetsafety');
  await page.clock.runFor(5000);
  await expect(popup(page)).toBeHidden();

  for (const name of ['brand', 'affiliate']) {
    await context.clearCookies();
    await context.addCookies([{ name, value: name === 'brand' ? 'subscribed' : 'partner', url: baseURL! }]);
    await page.clock.resume();
    await page.goto('/deals/glasgow');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await pauseClockNow(page);
    await page.clock.runFor(5000);
    await expect(popup(page)).toBeHidden();
  }
});

test('layouts: /myaccount sends a logged-out visitor to /login with the return path saved; login has a reduced header', async ({ page, context }) => {
  await page.goto('/myaccount/vouchers?tab=active');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /NOINDEX/);
  const saved = (await context.cookies()).find((c) => c.name === 'postLoginUrl');
  expect(saved && decodeURIComponent(saved.value)).toBe('/myaccount/vouchers?tab=active');
  expect(saved!.expires - Date.now() / 1000).toBeGreaterThan(29 * 86_400);
  // The login layout: a reduced header without search or the category bar.
  await expect(page.getByRole('link', { name: 'Back to deals' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search deals' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Locations' })).toHaveCount(0);
});

// Issue 15 point 9: the popup waits for an idle visitor. It never takes the focus from someone
// typing, working in a text field or using a menu; once they stop and move on, it opens.
test('waits while the visitor types in the search box, and opens once they stop and leave it', async ({ page }) => {
  await openPaused(page, '/deals/glasgow');
  const search = page.getByRole('combobox', { name: 'Search deals' }).first();
  await search.click();
  // Typing steadily for 6 seconds: three times the popup's delay.
  const query = 'afternoon tea for two in';
  for (const key of query) {
    await page.keyboard.type(key);
    await page.clock.runFor(250);
  }
  await expect(search).toBeFocused();
  await expect(search).toHaveValue(query);
  await expect(popup(page)).toBeHidden();

  // A pause to think, still in the box with a query in it: the field is in use, so it still waits.
  await page.clock.runFor(5000);
  await expect(popup(page)).toBeHidden();
  await expect(search).toBeFocused();
  await page.keyboard.type(' glasgow');
  await expect(search).toHaveValue(`${query} glasgow`);

  // The visitor closes the suggestions and moves on: once idle, the popup opens, and Escape
  // closes it and gives the focus back.
  await page.keyboard.press('Escape');
  const heading = page.getByRole('heading', { level: 1 });
  await heading.click();
  await page.clock.runFor(1000);
  await expect(popup(page)).toBeHidden();
  await page.clock.runFor(3000);
  await expect(popup(page)).toBeVisible();
  await expect(popup(page).getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup(page)).toBeHidden();
  await expect(heading).toBeFocused();
});

test('an open account menu keeps it away until the menu closes', async ({ page }) => {
  await openPaused(page, '/deals/glasgow');
  const button = page.getByRole('button', { name: 'My account' });
  await button.click();
  const menu = page.getByRole('menu', { name: 'My account' });
  await expect(menu).toBeVisible();
  await page.clock.runFor(6000);
  await expect(popup(page)).toBeHidden();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await page.clock.runFor(4000);
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});
