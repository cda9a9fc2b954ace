import { expect, test, type APIRequestContext } from '../fixtures.ts';
import { staffHeaders } from './staff-key.ts';

// The shop's real HTTP answers (spec §2): 404 for what does not exist, 301 from national urls
// to shop, and every page's head tags in the served HTML before any script, so crawlers and
// link previews see them without running the client.

/** The head tags of served HTML, and whether each comes before the first <script>. */
function headOf(html: string) {
  const firstScript = html.indexOf('<script');
  const find = (re: RegExp) => {
    const m = re.exec(html);
    return m ? { value: m[1]!, beforeScript: firstScript === -1 || m.index < firstScript } : null;
  };
  return {
    title: find(/<title[^>]*>([^<]+)<\/title>/),
    description: find(/<meta [^>]*name="description" content="([^"]*)"/),
    robots: find(/<meta [^>]*name="robots" content="([^"]*)"/),
    canonical: find(/<link [^>]*rel="canonical" href="([^"]*)"/),
    ogTitle: find(/<meta [^>]*property="og:title" content="([^"]*)"/),
    ogUrl: find(/<meta [^>]*property="og:url" content="([^"]*)"/),
    titles: (html.match(/<title/g) ?? []).length,
  };
}

async function expectHead(request: APIRequestContext, path: string, canonicalPath: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const head = headOf(await res.text());
  expect(head.titles).toBe(1);
  for (const tag of ['title', 'description', 'robots', 'canonical', 'ogTitle', 'ogUrl'] as const) {
    expect(head[tag], `${tag} of ${path}`).not.toBeNull();
    expect(head[tag]!.beforeScript, `${tag} of ${path} before any script`).toBe(true);
  }
  expect(head.title!.value).toMatch(/ \| Thistle Deals$/);
  expect(head.robots!.value).toBe('INDEX, FOLLOW');
  expect(new URL(head.canonical!.value).pathname + new URL(head.canonical!.value).search).toBe(canonicalPath);
  return head;
}

/** A category url and a deal of Glasgow, asked of the shop's GraphQL API. */
async function glasgowUrls(request: APIRequestContext) {
  const res = await request.post('/graphql', {
    data: { query: '{ location(slug: "glasgow") { deals(first: 1) { edges { node { url title category { url } } } } } }' },
    headers: await staffHeaders(request),
  });
  expect(res.ok()).toBe(true);
  const node = (await res.json()).data.location.deals.edges[0].node as { url: string; title: string; category: { url: string } };
  return { dealUrl: node.url, dealTitle: node.title, categoryUrl: node.category.url };
}

const unescape = (html: string) =>
  html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

test('the homepage, a category and a deal carry their own head tags before any script, as the client renders them', async ({ request, page }) => {
  const home = await expectHead(request, '/deals/glasgow', '/deals/glasgow');
  expect(home.title!.value).toBe('Deals in Glasgow: save up to 80% | Thistle Deals');

  const { dealUrl, dealTitle, categoryUrl } = await glasgowUrls(request);
  const category = await expectHead(request, categoryUrl, categoryUrl);
  const deal = await expectHead(request, dealUrl, dealUrl);
  expect(unescape(deal.ogTitle!.value).slice(0, 20)).toBe(dealTitle.slice(0, 20));

  // What the server wrote is what the client shows once it runs.
  for (const [path, head] of [['/deals/glasgow', home], [categoryUrl, category], [dealUrl, deal]] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(unescape(head.title!.value));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', unescape(head.description!.value));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', unescape(head.canonical!.value));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'INDEX, FOLLOW');
  }
});

test('an unknown path and an unknown deal are 404, with the not-found page', async ({ request }) => {
  for (const path of ['/no-such-page', '/deals/glasgow/spa/spa-days/999999999/no-such-deal.html', '/deals/atlantis', '/guides/no-such-guide']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const head = headOf(await res.text());
    expect(head.title?.value).toBe('Page not found | Thistle Deals');
    expect(head.robots?.value).toBe('NOINDEX, FOLLOW');
  }
});

test('national urls are a permanent redirect to shop', async ({ request }) => {
  const res = await request.get('/deals/national-deal', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()['location']).toBe('/deals/shop');
  const followed = await request.get('/deals/national-deal');
  expect(followed.status()).toBe(200);
  expect(new URL(followed.url()).pathname).toBe('/deals/shop');
});

test('a 404 still shows the shop’s not-found page in the browser @mobile', async ({ page }) => {
  const response = await page.goto('/deals/glasgow/spa/spa-days/999999999/no-such-deal.html');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sorry, we can’t find that');
  await expect(page).toHaveTitle('Page not found | Thistle Deals');
  // The server's head tags gave way to the client's: one title, one canonical.
  await expect(page.locator('title')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
});

test('the shop is installable: every page links a web app manifest whose icons are served', async ({ page, request }) => {
  await page.goto('/deals/glasgow');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; type: string }> };
  expect(manifest).toMatchObject({ name: 'Thistle Deals', start_url: '/', display: 'standalone' });
  // Chromium's installability: a 192 and a 512 pixel icon.
  for (const size of ['192x192', '512x512']) expect(manifest.icons.some((i) => i.sizes === size), size).toBe(true);
  for (const icon of manifest.icons) {
    const served = await request.get(icon.src);
    expect(served.status(), icon.src).toBe(200);
    expect(served.headers()['content-type'], icon.src).toContain(icon.type);
  }
});
