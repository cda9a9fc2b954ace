import { expect, test, type Page } from '../fixtures.ts';

// Static pages (spec §2 /page/{slug}, /editorial-team, /discountcodes) and the not-found logger
// (spec §7): every page renders its heading and contents; anchors land on their section.

const PAGES: Array<[path: string, heading: string]> = [
  ['/page/aboutus', 'About Thistle Deals'],
  ['/page/termsofuse', 'Terms of use'],
  ['/page/privacypolicy', 'Privacy policy'],
  ['/page/e-commerceterms', 'E-commerce terms'],
  ['/page/internetsafety', 'Internet safety'],
  ['/page/takedown', 'Takedown procedure'],
  ['/page/productrecalls', 'Product recalls'],
  ['/page/admin-fee', 'Admin fee'],
  ['/page/giftcardterms', 'Gift card terms'],
  ['/page/wallet-credit-more-info', 'Wallet credit explained'],
  ['/page/wallettermsofuse', 'Wallet terms of use'],
  ['/page/businessfaq', 'Business FAQ'],
  ['/page/promo', 'Promotions'],
  ['/page/uk-modern-slavery-act-transparency-statement', 'Modern Slavery Act transparency statement'],
  ['/page/regulated-finance-complaints.html', 'Regulated finance complaints'],
  ['/page/regulated-finance-disclosure.html', 'Regulated finance disclosure'],
  ['/editorial-team', 'Our editorial team'],
  ['/discountcodes', 'Discount codes'],
];

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });

test('every static page renders its heading, head tags and sections', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | Thistle Deals`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path.replace(/\./g, '\\.')}$`));
    await expect(page.locator('article section h2').first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('e-commerceterms#protect-my-voucher lands on that section @mobile', async ({ page }, info) => {
  await page.goto('/page/e-commerceterms#protect-my-voucher');
  const section = page.getByRole('heading', { level: 2, name: 'Protect My Voucher' });
  await expect(section).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1, name: 'E-commerce terms' })).not.toBeInViewport();
  await shot(page, `static-protect-my-voucher-${info.project.name}`);
});

test('the table of contents links to each anchor; e-commerceterms#vip scrolls to VIP membership', async ({ page }) => {
  await page.goto('/page/e-commerceterms');
  const toc = page.getByRole('navigation', { name: 'On this page' });
  for (const name of ['VIP membership', 'Protect My Voucher', 'Voucher validity extensions']) {
    await expect(toc.getByRole('link', { name })).toBeVisible();
  }
  await toc.getByRole('link', { name: 'VIP membership' }).click();
  await expect(page).toHaveURL(/\/page\/e-commerceterms#vip$/);
  await expect(page.getByRole('heading', { level: 2, name: 'VIP membership' })).toBeInViewport();
  await expect(page.locator('#vip')).toContainText('£4.99 a year');
  // A related-page link in a section goes to another static page in the app.
  await page.getByRole('link', { name: 'Wallet terms of use' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet terms of use' })).toBeVisible();
});

test('an unknown slug shows not found and is logged once', async ({ page }) => {
  const logged: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/log/not-found') && r.method() === 'POST') logged.push(r.postData() ?? '');
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/log/not-found'));
  await page.goto('/page/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: /can’t find that page/ })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  expect((await answered).status()).toBe(204);
  expect(logged).toHaveLength(1);
  expect(JSON.parse(logged[0]!)).toMatchObject({ path: '/page/no-such-page', userAgent: expect.stringContaining('Chrome') });
});

test('a page that fails to load shows the error view and posts the client error log (no stack)', async ({ page }) => {
  await page.route('**/graphql', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
  const report = page.waitForRequest((r) => r.url().endsWith('/api/log/client-error') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/log/client-error'));
  await page.goto('/page/aboutus');
  await expect(page.getByRole('heading', { level: 1, name: /couldn’t load this page/ })).toBeVisible();
  const body = JSON.parse((await report).postData() ?? '{}');
  expect(body).toMatchObject({ name: 'GraphQLRequestError', client: false, server: true, userAgent: expect.stringContaining('Chrome') });
  expect(body.message).toContain('HTTP 503');
  expect(Object.keys(body).sort()).toEqual(['client', 'message', 'name', 'referrer', 'server', 'userAgent']);
  expect((await answered).status()).toBe(204);
  await expect(page.getByText(/GraphQLRequestError|at .*\.js/)).toHaveCount(0);
});
