/**
 * The services' API reference pages (Scalar, served from the shop: services/platform/src/docs.ts)
 * never reach an outside host (issue 15 point 9): every request to another host is blocked and
 * recorded, every control on the page is clicked, and nothing was attempted. The AI agent, the
 * MCP generator, the developer toolbar, test requests and the link to Scalar are not there, and
 * the page says its language.
 */
import { expect, test, type Page } from '../fixtures.ts';

const SERVICES = ['deals', 'search', 'users', 'basket', 'checkout', 'payment', 'wallet', 'address'];

/** Blocks every request that leaves the shop's host and returns the list of those attempted. */
async function blockOutsideHosts(page: Page, shopHost: string): Promise<string[]> {
  const attempted: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host !== shopHost) {
      attempted.push(route.request().url());
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  return attempted;
}

async function openReference(page: Page, service: string) {
  await page.goto(`/api/${service}/docs`);
  // Scalar renders the document's title once it has loaded the OpenAPI document.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
}

test('every API reference: no outside host, no AI agent, MCP, toolbar or test requests, and lang="en"', async ({ page, baseURL }) => {
  const attempted = await blockOutsideHosts(page, new URL(baseURL!).host);
  for (const service of SERVICES) {
    await openReference(page, service);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    for (const gone of ['Ask AI', 'Developer Tools', 'Generate MCP', 'Deploy', 'Powered by Scalar']) {
      await expect(page.getByText(gone, { exact: true }), `${service}: ${gone}`).toBeHidden();
    }
    await expect(page.getByRole('button', { name: /^Test Request/ }), service).toHaveCount(0);
  }
  expect(attempted).toEqual([]);
});

test('clicking every control of the deals API reference attempts no request to an outside host', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const attempted = await blockOutsideHosts(page, new URL(baseURL!).host);
  await openReference(page, 'deals');
  // Downloads (the OpenAPI document) are the shop's own; the contact link is an email address.
  page.on('download', (download) => void download.cancel());
  const controls = page.locator('button:visible, a[href]:visible:not([href^="mailto:"]), [role="button"]:visible');
  const count = await controls.count();
  expect(count).toBeGreaterThan(20);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible().catch(() => false))) continue;
    await control.click({ timeout: 2_000, trial: false }).catch(() => undefined);
    await page.keyboard.press('Escape');
    // Back to the reference if a control navigated within the shop.
    if (!page.url().includes('/api/deals/docs')) await openReference(page, 'deals');
  }
  // Whatever the last click started has finished (or been blocked and recorded) before the count is read.
  await page.waitForLoadState('networkidle');
  expect(attempted).toEqual([]);
});
