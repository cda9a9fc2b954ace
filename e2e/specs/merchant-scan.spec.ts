import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, enterCard, escape, gql, GOOD_CARD, newEmail, payButton, registerAndConfirm } from './buying-helpers.ts';
import { businessesOf, dealOfBusinesses, MERCHANT_EMAIL, MERCHANT_PASSWORD, signIn } from './merchant-helpers.ts';

// The till's camera (issue 17 point 3): a shopper buys two vouchers of a demo merchant's
// business; the voucher's redemption link (Voucher.redemptionLink, what its printed QR carries)
// is drawn as a QR code into a Y4M video, which Chromium plays as its camera
// (--use-file-for-fake-video-capture, a launch flag, hence a browser launched here per video).
// The merchant opens Scan: the first voucher is redeemed by the camera (with the bundled decoder:
// Linux Chromium has no BarcodeDetector), Undo is offered. Then with no signal the second voucher
// is scanned and queued on the device, and sent and redeemed when the device is back online.
// The scanner's page is installable as "Thistle Deals Till" (Chromium's own installability check).

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTH = 320;
const HEIGHT = 240;

/**
 * A Y4M video (4:2:0, 10 frames a second) of `blankFrames` grey frames, then `qrFrames` frames of
 * `text` as a QR code centred on the grey (Chromium loops the file).
 */
function qrVideo(dir: string, name: string, text: string, { blankFrames, qrFrames }: { blankFrames: number; qrFrames: number }): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) - 20) / (modules + 2 * quiet));
  const side = (modules + 2 * quiet) * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const grey = Buffer.alloc((WIDTH * HEIGHT * 3) / 2, 128);
  const withQr = Buffer.from(grey);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const dark = mx >= 0 && my >= 0 && mx < modules && my < modules && qr.modules.get(my, mx) === 1;
      withQr[(top + y) * WIDTH + left + x] = dark ? 0 : 255;
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.from('FRAME\n');
  const parts = [header];
  for (let i = 0; i < blankFrames; i++) parts.push(frame, grey);
  for (let i = 0; i < qrFrames; i++) parts.push(frame, withQr);
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/**
 * Chromium whose camera plays `video`, with a phone-sized context as the shared fixture makes one
 * (own address, no popup, CSP violations and requests to other origins caught). A persistent
 * profile, not an incognito context: Chromium never offers to install an app in incognito.
 */
async function cameraBrowser(video: string, baseURL: string, address: string, profile: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    baseURL,
    viewport: { width: 412, height: 915 },
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const problems: string[] = [];
  await context.exposeBinding('__shopCspViolation', (_s, v: { effectiveDirective: string; blockedURI: string }) => {
    problems.push(`CSP ${v.effectiveDirective} ${v.blockedURI}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __shopCspViolation: (v: unknown) => void }).__shopCspViolation({ effectiveDirective: e.effectiveDirective, blockedURI: e.blockedURI }));
    try {
      window.localStorage.setItem('td:subscribe-popup-dismissed-at', String(Date.now()));
    } catch {
      // storage blocked: nothing to suppress
    }
  });
  await context.addCookies([{ name: 'td_consent', value: 'none', url: 'http://127.0.0.1' }]);
  const page = context.pages()[0] ?? (await context.newPage());
  // The decoder and its .wasm come from the shop, never a CDN.
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`request to ${r.url()}`);
  });
  return { context, page, problems };
}

async function openScan(page: Page, businessId: string) {
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  await page.goto(`/insights/scan?business=${encodeURIComponent(businessId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scan vouchers' })).toBeVisible();
}

test('a merchant redeems vouchers with the camera, online and with no signal (queued, then sent)', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  await answerCookies(page);

  // The demo merchant's businesses, and a deal of one of them that sells two at once.
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  const businesses = await businessesOf(page.request);
  await page.getByRole('button', { name: 'Sign out' }).last().click();
  await expect(page).toHaveURL(/\/login/);
  const { deal, business } = await dealOfBusinesses(page.request, businesses, (d) => (d.products.find((p) => !p.soldOut && !p.disabled)?.purchaseCap ?? 2) >= 2);

  // A shopper buys two vouchers; their redemption links, as their printed QR codes carry them.
  await page.context().clearCookies();
  await answerCookies(page);
  await registerAndConfirm(page, newEmail('scan'));
  await addToBasket(page, deal, 2);
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  type Vouchers = { viewer: { vouchers: { edges: Array<{ node: { code: string; redemptionLink: string | null } }> } } };
  const held = (await gql<Vouchers>(page.request, '{ viewer { vouchers(first: 10) { edges { node { code redemptionLink } } } } }')).viewer.vouchers.edges.map((e) => e.node);
  expect(held).toHaveLength(2);
  const [first, second] = held as [{ code: string; redemptionLink: string }, { code: string; redemptionLink: string }];
  expect(first.redemptionLink).toMatch(/\/merchant\/redeem\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);

  const dir = mkdtempSync(join(tmpdir(), 'merchant-scan-'));
  const h = createHash('sha256').update(testInfo.testId).digest();
  const address = (n: number) => `10.${h[0]}.${h[1]}.${((h[2]! + n) % 254) + 1}`;

  // Online: the camera reads the first voucher's QR and it is redeemed, once, with Undo.
  {
    const video = qrVideo(dir, 'first.y4m', first.redemptionLink, { blankFrames: 0, qrFrames: 50 });
    const { context, page: till, problems } = await cameraBrowser(video, origin, address(1), join(dir, 'profile-1'));
    try {
      await openScan(till, business.id);
      const scanner = till.getByRole('region', { name: 'Scan a voucher' });
      const status = scanner.getByRole('status');
      await expect(status).toContainText(new RegExp(`^Redeemed: ${escape(first.code)} \\(${escape(deal.title)}`), { timeout: 30_000 });
      await expect(status).toContainText(/You can undo this until \d{2}:\d{2}\./);
      await expect(scanner.getByRole('button', { name: 'Undo redemption' })).toBeVisible();
      await expect(scanner.getByLabel('Camera preview')).toBeVisible();
      await till.screenshot({ path: '/tmp/merchant-scan-1-redeemed.png', fullPage: true });
      expect((await new AxeBuilder({ page: till }).withTags(tags).analyze()).violations).toEqual([]);
      // Held in front of the camera, it is not redeemed again: after 15 more camera frames (the
      // fake camera plays 10 a second, the reader looks every 250 ms: five reads at least of the
      // same QR), still the one result.
      const framesShown = () => scanner.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
      const shownBefore = await framesShown();
      await expect.poll(framesShown, { timeout: 15_000 }).toBeGreaterThanOrEqual(shownBefore + 15);
      await expect(status).toContainText(`Redeemed: ${first.code}`);
      await expect(scanner.getByRole('heading', { name: 'Earlier scans' })).toHaveCount(0);

      // Installable: the till's own manifest while the scanner is open, and Chromium finds nothing missing.
      await expect(till.locator('link[rel="manifest"]')).toHaveAttribute('href', '/till.webmanifest');
      const manifest = (await (await till.request.get('/till.webmanifest')).json()) as { name: string; start_url: string; scope: string; display: string; icons: Array<{ src: string; sizes: string }> };
      expect(manifest).toMatchObject({ name: 'Thistle Deals Till', start_url: '/insights/scan', scope: '/insights/', display: 'standalone' });
      for (const icon of manifest.icons) {
        const res = await till.request.get(icon.src);
        expect(res.status(), icon.src).toBe(200);
        expect(res.headers()['content-type']).toBe('image/png');
      }
      const cdp = await context.newCDPSession(till);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  // No signal: the second voucher's QR (after 5 s of grey, time to go offline) is queued, then sent when back online.
  {
    const video = qrVideo(dir, 'second.y4m', second.redemptionLink, { blankFrames: 80, qrFrames: 300 });
    const { context, page: till, problems } = await cameraBrowser(video, origin, address(2), join(dir, 'profile-2'));
    try {
      await openScan(till, business.id);
      // The camera is on once the decoder is loaded (from the shop): then the signal goes.
      await expect(till.getByLabel('Camera preview')).toBeVisible();
      await context.setOffline(true);
      const scanner = till.getByRole('region', { name: 'Scan a voucher' });
      const status = scanner.getByRole('status');
      await expect(status).toHaveText("Queued: will be sent when you're back online.", { timeout: 30_000 });
      await expect(scanner.getByText('1 scan is waiting to be sent')).toBeVisible();
      await till.screenshot({ path: '/tmp/merchant-scan-2-queued.png', fullPage: true });
      const queued = await till.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('thistle-deals-till');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('scans').objectStore('scans').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
      expect(queued).toBe(1);

      await context.setOffline(false);
      await expect(status).toContainText(new RegExp(`^Sent from the queue: Redeemed: ${escape(second.code)}`), { timeout: 30_000 });
      await expect(scanner.getByText(/waiting to be sent/)).toHaveCount(0);
      await till.screenshot({ path: '/tmp/merchant-scan-3-sent.png', fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  // The attempts log says how each came: QR for the first, OFFLINE for the queued one.
  await page.context().clearCookies();
  await answerCookies(page);
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  type Recent = { viewer: { merchant: { recentRedemptions: Array<{ channel: string; code: string; result: string }> } } };
  const recent = (await gql<Recent>(page.request, 'query($b: ID!) { viewer { merchant { recentRedemptions(businessId: $b, first: 10) { channel code result } } } }', { b: business.id })).viewer.merchant.recentRedemptions;
  expect(recent.filter((a) => a.code === second.redemptionLink).map((a) => [a.channel, a.result])).toEqual([['OFFLINE', 'REDEEMED']]);
  expect(recent.filter((a) => a.code === first.redemptionLink).map((a) => [a.channel, a.result])).toEqual([['QR', 'REDEEMED']]);
});

test('with no camera the scanner says so and offers the typed till', async ({ page }) => {
  await answerCookies(page);
  // The shared browser has no fake camera: getUserMedia finds no device (or is refused).
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(/\/insights\/scan/);
  const scanner = page.getByRole('region', { name: 'Scan a voucher' });
  await expect(scanner.getByText(/^(The camera was not allowed|This device has no camera the till can use|Sorry, the camera could not be started)/)).toBeVisible();
  await scanner.getByRole('link', { name: 'Type a voucher code' }).click();
  await expect(page).toHaveURL(/\/insights\/redeem/);
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem vouchers' })).toBeVisible();
});
