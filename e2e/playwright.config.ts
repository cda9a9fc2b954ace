import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { SHOP_BASE_PORT, SHOP_COUNT, shopOrigin } from './shops.ts';

// Debian's Chromium, never a downloaded browser (scripts/bootstrap.mjs finds or installs it).
const executablePath =
  process.env.CHROMIUM_PATH ??
  (() => {
    try {
      return execFileSync('which', ['chromium']).toString().trim();
    } catch {
      throw new Error('No Chromium found: install Debian\'s `chromium` package or set CHROMIUM_PATH.');
    }
  })();

const port = SHOP_BASE_PORT;
const root = resolve(import.meta.dirname, '..');
/** The shop's payment merchant key in the journeys (specs/buying-helpers.ts reads the sandbox with it). */
const E2E_MERCHANT_KEY = process.env.E2E_MERCHANT_KEY ?? 'e2e-merchant-key';
// The local identity providers (e2e/local-idp-server.ts): Google on port + 1000, Facebook next to it.
const idpPort = Number(process.env.E2E_IDP_PORT ?? port + 1000);
const googleIssuer = `http://127.0.0.1:${idpPort}`;
const facebookIssuer = `http://127.0.0.1:${idpPort + 1}`;
// One shop per worker (shops.ts), each on a fresh embedded database of its own: the journeys see
// the shop exactly as a new user does, and two workers never see each other's shoppers.
const shopPorts = Array.from({ length: SHOP_COUNT }, (_, n) => port + n);

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Files spread over the workers; a file's journeys run in order in one worker, on its shop.
  fullyParallel: false,
  workers: SHOP_COUNT,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    // fixtures.ts gives each worker its own shop's origin; this is shop 0's.
    baseURL: shopOrigin(0),
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
    { name: 'mobile', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }, grep: /@mobile/ },
  ],
  webServer: [
    {
      // Local identity providers playing Google and Facebook (social sign-in journeys).
      command: `"${process.execPath}" e2e/local-idp-server.ts`,
      cwd: root,
      url: `${googleIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { IDP_PORT: String(idpPort), SHOP_PORTS: shopPorts.join(',') },
    },
    ...shopPorts.map((port) => ({
      command: `"${process.execPath}" gateway/src/main.ts`,
      cwd: root,
      url: `http://127.0.0.1:${port}/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-e2e-')), NODE_ENV: 'production', DATABASE_URL: '',
        // The development mail outbox page (/dev/outbox) in the production build: the account
        // journeys follow the links of the emails the shop sends.
        OUTBOX_PAGE: '1',
        DEMO_MERCHANTS: '1',
        DEMO_STAFF: '1',
        // Each journey is a shopper at their own address (e2e/fixtures.ts sends X-Forwarded-For), as
        // in life: the per-address limits (20 registrations an hour) count each shopper apart.
        TRUST_PROXY: '1',
        // Warnings and errors only: a request line per request would bury them.
        LOG_LEVEL: 'warn',
        // Social sign-in against the local identity providers above.
        GOOGLE_ISSUER: googleIssuer, GOOGLE_CLIENT_ID: 'shop-e2e', GOOGLE_CLIENT_SECRET: 'e2e-local-idp-secret',
        FACEBOOK_ISSUER: facebookIssuer, FACEBOOK_CLIENT_ID: 'shop-e2e', FACEBOOK_CLIENT_SECRET: 'e2e-local-idp-secret',
        // The service token of the shop's REST services: the buying journeys credit a wallet
        // through the wallet service's operator route (POST /api/wallet/wallet/credit).
        SERVICE_TOKEN: process.env.E2E_SERVICE_TOKEN ?? 'e2e-service-token',
        // The payment sandboxes honour their fault controls (buying-wallets.spec.ts delays a sale past the deadline).
        PAYMENT_SANDBOX_FAULTS: '1',
        PAYMENT_MERCHANT_KEY: E2E_MERCHANT_KEY,
        // A partner script on a host that does not exist: the consent spec intercepts it.
        LINK_BUILDING_SCRIPT_URL: 'https://links.partner.test/lb.js', ...(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {}) },
    })),
  ],
});
