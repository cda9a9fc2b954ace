import AxeBuilder from '@axe-core/playwright';
import { mapDealsForZoom, MAP_ERROR_MESSAGE, MAP_SLOW_MESSAGE } from '../../domain/src/map.ts';
import { clusterDeals } from '../../client/src/features/map/clusters.ts';
import { expect, test, type Page } from '../fixtures.ts';

// The map view (issue 19 point 4): /map-view over Glasgow at desktop and mobile zooms shows the
// spec §9 number of deals, as pins and clusters grouped exactly as supercluster groups that answer,
// and the list beside the map holds the same deals; the keyboard moves and zooms the map and opens
// a cluster; a slow answer shows the notice after 2 s, a failed one 'Sorry there was a problem.'.

interface Answer {
  zoom: number;
  more: boolean;
  bounds: { west: number; south: number; east: number; north: number };
  deals: { dealId: number; lat: number; lon: number; title: string }[];
}

const isMapQuery = (body: string | null) => (body ?? '').includes('"operationName":"MapResultsQuery"');

/** The next answer the page receives (the response of its MapResultsQuery). */
function nextAnswer(page: Page): Promise<Answer> {
  return page
    .waitForResponse((r) => r.url().endsWith('/graphql') && isMapQuery(r.request().postData()), { timeout: 20_000 })
    .then(async (r) => ((await r.json()) as { data: { mapDeals: Answer } }).data.mapDeals);
}

/** The map shows the answer as supercluster groups it for the answer's box and zoom, and the list holds its deals. */
async function expectShown(page: Page, answer: Answer) {
  const expected = clusterDeals(answer.deals, answer.bounds, answer.zoom);
  const clusters = expected.filter((m) => m.kind === 'cluster');
  const pins = expected.length - clusters.length;
  await expect(page.locator('.map-pin')).toHaveCount(pins);
  await expect(page.locator('.map-cluster')).toHaveCount(clusters.length);
  const counts = await page.locator('.map-cluster').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset['count'])));
  expect(counts.sort((a, b) => a - b)).toEqual(clusters.map((c) => (c.kind === 'cluster' ? c.count : 0)).sort((a, b) => a - b));
  expect(pins + counts.reduce((a, b) => a + b, 0)).toBe(answer.deals.length);
  const list = page.getByRole('list', { name: 'Deals on the map' });
  await expect(list.getByRole('listitem')).toHaveCount(answer.deals.length);
  await expect(list.getByRole('link').first()).toHaveText(answer.deals[0]!.title);
  await expect(page.getByTestId('map-count')).toHaveText(`${answer.deals.length} deals on the map${answer.more ? ', nearest the centre. Zoom in to see more.' : '.'}`);
  return { clusters: clusters.length, pins };
}

test('desktop: zoom 11 over Glasgow shows 200 deals; keyboard zoom to 12 shows 150; a cluster opens with Enter; slow and failed answers', async ({ page }) => {
  // The footer's "Deals on a map" opens it.
  await page.goto('/deals/glasgow');
  const first = nextAnswer(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Deals on a map' }).click();
  await expect(page).toHaveURL(/\/map-view/);
  await expect(page).toHaveTitle('Deals on a map | Thistle Deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Deals on the map' })).toBeVisible();
  const at11 = await first;
  expect(at11.zoom).toBe(11);
  expect(mapDealsForZoom(11, 'desktop')).toBe(200);
  // The seeded shop has more than 200 live deals in view over Glasgow.
  expect(at11.more).toBe(true);
  expect(at11.deals).toHaveLength(200);
  const shown11 = await expectShown(page, at11);
  expect(shown11.clusters).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/map-view\?lat=55\.86\d&lon=-4\.26\d&zoom=11$/);
  await page.getByRole('button', { name: 'Reject all cookies' }).click();
  await page.screenshot({ path: '/tmp/map-desktop-11.png', fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target}`)).toEqual([]);

  // Keyboard: the map takes focus; + zooms in by half steps (11.5 still shows 200, 12 shows 150).
  const map = page.getByRole('application', { name: /Map of deals/ });
  await map.focus();
  let answer = nextAnswer(page);
  await page.keyboard.press('+');
  const at115 = await answer;
  expect([at115.zoom, at115.deals.length]).toEqual([11.5, 200]);
  answer = nextAnswer(page);
  await page.keyboard.press('+');
  const at12 = await answer;
  expect([at12.zoom, at12.deals.length]).toEqual([12, mapDealsForZoom(12, 'desktop')]);
  expect(at12.deals.length).toBe(150);
  await expectShown(page, at12);
  await expect(page).toHaveURL(/zoom=12$/);

  // An arrow key moves the map by the 80 px drag threshold: a new answer for the new box.
  answer = nextAnswer(page);
  await page.keyboard.press('ArrowRight');
  const moved = await answer;
  expect(moved.bounds.west).toBeGreaterThan(at12.bounds.west);
  await expectShown(page, moved);

  // A cluster is a button: Enter zooms in to where it splits.
  const cluster = page.locator('.map-cluster').first();
  await expect(cluster).toHaveAttribute('aria-label', /^\d+ deals (here: zoom in|at one address: list them)$/);
  const label = (await cluster.getAttribute('aria-label'))!;
  await cluster.focus();
  if (label.endsWith('zoom in')) {
    answer = nextAnswer(page);
    await page.keyboard.press('Enter');
    const opened = await answer;
    expect(opened.zoom).toBeGreaterThan(12);
    expect(opened.deals.length).toBeLessThanOrEqual(mapDealsForZoom(opened.zoom, 'desktop'));
    if (opened.more) expect(opened.deals.length).toBe(mapDealsForZoom(opened.zoom, 'desktop'));
    await expectShown(page, opened);
  } else {
    await page.keyboard.press('Enter');
    await expect(page.locator('.leaflet-popup .map-popup li')).toHaveCount(Number(label.match(/^\d+/)![0]));
  }

  // A slow answer: the notice after 2 s, gone when the deals come.
  await page.route('**/graphql', async (route) => {
    if (!isMapQuery(route.request().postData())) return route.continue();
    await new Promise((r) => setTimeout(r, 3_500));
    await route.continue();
  });
  answer = nextAnswer(page);
  await map.focus();
  await page.keyboard.press('-');
  const slowNotice = page.getByText(MAP_SLOW_MESSAGE);
  await expect(slowNotice).toBeVisible({ timeout: 4_000 });
  await page.screenshot({ path: '/tmp/map-desktop-slow.png' });
  const late = await answer;
  await expect(slowNotice).toBeHidden();
  await expectShown(page, late);
  await page.unroute('**/graphql');

  // A failed answer: spec §8's words in the list's place, the map stays; Try again brings the deals.
  await page.route('**/graphql', (route) => (isMapQuery(route.request().postData()) ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }) : route.continue()));
  await map.focus();
  await page.keyboard.press('-');
  await expect(page.getByRole('alert').filter({ hasText: MAP_ERROR_MESSAGE })).toBeVisible();
  await expect(page.locator('.map-pin, .map-cluster').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/map-desktop-error.png' });
  await page.unroute('**/graphql');
  answer = nextAnswer(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectShown(page, await answer);

  // "Show on map" from the list: the map goes to the deal and opens its popup.
  const item = page.getByRole('list', { name: 'Deals on the map' }).getByRole('listitem').nth(3);
  const title = (await item.getByRole('link').textContent())!;
  await item.getByRole('button', { name: /^Show on map/ }).click();
  await expect(page.locator('.leaflet-popup').getByRole('link', { name: title })).toBeVisible();
  await page.screenshot({ path: '/tmp/map-desktop-popup.png' });

  // The city buttons show a city at the default zoom (spec §9: 10).
  answer = nextAnswer(page);
  await page.getByRole('list', { name: 'Go to a city' }).getByRole('button', { name: 'Edinburgh' }).click();
  const edinburgh = await answer;
  expect(edinburgh.zoom).toBe(10);
  expect(edinburgh.bounds.west).toBeLessThan(-3.188);
  expect(edinburgh.bounds.east).toBeGreaterThan(-3.188);
  await expectShown(page, edinburgh);
  await expect(page).toHaveURL(/lat=55\.95\d&lon=-3\.18\d&zoom=10$/);
});

test('mobile: zoom 11 shows 80 deals and zoom 12 shows 40, in the carousel under the map', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const first = nextAnswer(page);
  await page.goto('/map-view?lat=55.861&lon=-4.262&zoom=11');
  const at11 = await first;
  expect([at11.zoom, at11.more, at11.deals.length]).toEqual([11, true, mapDealsForZoom(11, 'mobile')]);
  expect(at11.deals.length).toBe(80);
  await expectShown(page, at11);
  // The carousel scrolls sideways, inside the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/map-mobile-11.png', fullPage: true });

  const second = nextAnswer(page);
  await page.goto('/map-view?lat=55.861&lon=-4.262&zoom=12');
  const at12 = await second;
  expect([at12.zoom, at12.more, at12.deals.length]).toEqual([12, true, mapDealsForZoom(12, 'mobile')]);
  expect(at12.deals.length).toBe(40);
  await expectShown(page, at12);
  await page.screenshot({ path: '/tmp/map-mobile-12.png' });
});
