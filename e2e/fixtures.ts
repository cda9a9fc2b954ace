import { createHash } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { shopOrigin } from './shops.ts';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * Pauses the page's fake clock (page.clock.install) a moment from now. The clock keeps running
 * meanwhile, so on a loaded machine "now + 100 ms" can be past by the time the pause arrives
 * (Playwright refuses to fast-forward into the past): then it asks the page's time again.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/** A Content-Security-Policy violation a page (or one of its frames) reported. */
interface CspViolation {
  documentURI: string;
  blockedURI: string;
  effectiveDirective: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}

/**
 * The shared test fixture of every spec.
 *
 * Each worker has a shop of its own (shops.ts): `baseURL` is that shop's origin.
 *
 * The subscribe popup (spec §2) opens as a modal dialog 2 seconds into a fresh visit, and a modal
 * blocks clicks on the page, so every journey starts as a visitor who dismissed it a moment ago
 * (the same localStorage entry the popup writes: client/src/features/popup/popup-storage.ts).
 * Popup specs opt back in with `test.use({ subscribePopup: 'allowed' })`.
 *
 * Each journey's browser context sends its own X-Forwarded-For address (the shop trusts it in the
 * journeys only), so the shop's per-address limits see one shopper per journey.
 *
 * The shop runs with its Content-Security-Policy on (gateway/src/security/headers.ts): every page
 * and frame reports `securitypolicyviolation` events to the test, and a journey that caused any
 * fails when it ends (issue 14 §3).
 */
export const test = base.extend<{ subscribePopup: 'suppressed' | 'allowed' }>({
  subscribePopup: ['suppressed', { option: true }],
  // This worker's own shop (shops.ts): pages, `request` and new contexts all go to it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
  baseURL: async ({}, use, testInfo) => {
    await use(shopOrigin(testInfo.parallelIndex));
  },
  context: async ({ context, subscribePopup }, use, testInfo) => {
    // A shopper of their own: the shop (TRUST_PROXY=1 in playwright.config.ts) takes this as the
    // client address, so the per-address limits do not add up over the whole run. A private
    // address, as the machine's own was (the checkout's per-address hold limit is for public ones).
    const h = createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`).digest();
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${h[0]}.${h[1]}.${h[2]! % 254 + 1}` });
    const violations: CspViolation[] = [];
    await context.exposeBinding('__shopCspViolation', (_source, violation: CspViolation) => {
      violations.push(violation);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __shopCspViolation?: (v: unknown) => void }).__shopCspViolation;
        report?.({
          documentURI: e.documentURI.split('?')[0],
          blockedURI: e.blockedURI,
          effectiveDirective: e.effectiveDirective,
          sourceFile: e.sourceFile,
          lineNumber: e.lineNumber,
          sample: e.sample,
        });
      });
    });
    if (subscribePopup === 'suppressed') {
      await context.addInitScript(() => {
        try {
          window.localStorage.setItem('td:subscribe-popup-dismissed-at', String(Date.now()));
        } catch {
          // storage blocked: nothing to suppress
        }
      });
    }
    await use(context);
    if (violations.length > 0) await testInfo.attach('csp-violations', { body: JSON.stringify(violations, null, 2), contentType: 'application/json' });
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
