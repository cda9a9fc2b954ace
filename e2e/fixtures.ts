import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * The shared test fixture of every spec. The subscribe popup (spec §2) opens as a modal dialog
 * 2 seconds into a fresh visit, and a modal blocks clicks on the page, so every journey starts as
 * a visitor who dismissed it a moment ago (the same localStorage entry the popup writes:
 * client/src/features/popup/popup-storage.ts). Popup specs opt back in with
 * `test.use({ subscribePopup: 'allowed' })`.
 */
export const test = base.extend<{ subscribePopup: 'suppressed' | 'allowed' }>({
  subscribePopup: ['suppressed', { option: true }],
  context: async ({ context, subscribePopup }, use) => {
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
  },
});
