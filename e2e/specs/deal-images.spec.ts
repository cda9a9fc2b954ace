import { expect, test, type Locator, type Page } from '../fixtures.ts';

// Deal images that show what is sold (issue 19 point 10): every deal picture is a <picture> with
// a WebP source and a JPEG fallback, srcset and sizes, and its width and height set; the browser
// loads a WebP of a width that fits; the pictures are served with a year's cache.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });

/** What the browser made of an <img>: the candidate it chose, and whether it loaded. */
async function loaded(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({ currentSrc: el.currentSrc, naturalWidth: el.naturalWidth, shownWidth: el.getBoundingClientRect().width }));
}

async function expectResponsive(img: Locator) {
  await expect(img).toHaveAttribute('srcset', /\/api\/deals\/images\/\d+\/v\d+\/240\.jpg 240w, .* 1200w$/);
  await expect(img).toHaveAttribute('sizes', /.+/);
  await expect(img).toHaveAttribute('width', '1200');
  await expect(img).toHaveAttribute('height', '800');
  await expect(img.locator('xpath=preceding-sibling::source[@type="image/webp"]')).toHaveAttribute('srcset', /\.webp 120w, .*\.webp 1200w$/);
}

test('deal images: the Glasgow cards and a deal page show responsive WebP pictures with width and height @mobile', async ({ page, request }, info) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/deals/glasgow');
  const cards = page.getByRole('list', { name: 'Deals' }).locator('.card__media img');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < 3; i++) await expectResponsive(cards.nth(i));
  const first = await loaded(cards.first());
  // A WebP no wider than twice what the card shows, and at least as wide as it (sharp, not wasteful).
  expect(first.currentSrc).toMatch(/\.webp$/);
  expect(first.naturalWidth).toBeGreaterThanOrEqual(Math.floor(first.shownWidth));
  expect(first.naturalWidth).toBeLessThanOrEqual(Math.max(480, first.shownWidth * 3));
  // Two cards, two pictures (each deal has its own scene).
  const second = await loaded(cards.nth(1));
  expect(second.currentSrc).not.toBe(first.currentSrc);
  await cards.nth(3).scrollIntoViewIfNeeded();
  await loaded(cards.nth(3));
  await shot(page, `deal-images-glasgow-${info.project.name}`);

  // The picture is served as WebP with a year's immutable cache.
  const res = await request.get(first.currentSrc);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // A deal page: its picture is the page's largest, fetched first, described by its alt text.
  await page.getByRole('list', { name: 'Deals' }).getByRole('link').first().click();
  const hero = page.locator('.deal-page__media img');
  await expectResponsive(hero);
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('alt', /\S{3,}/);
  const big = await loaded(hero);
  expect(big.currentSrc).toMatch(/\.webp$/);
  expect(big.naturalWidth).toBeGreaterThanOrEqual(Math.floor(big.shownWidth));
  // The og:image is the JPEG (what link previews read).
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(og).toMatch(/\/1200\.jpg$/);
  const jpeg = await request.get(og!);
  expect(jpeg.headers()['content-type']).toBe('image/jpeg');
  await hero.scrollIntoViewIfNeeded();
  await shot(page, `deal-images-deal-page-${info.project.name}`);
  expect(errors).toEqual([]);
});
