/**
 * When the visitor last dismissed the subscribe popup, kept in localStorage (not a cookie): only
 * the browser needs it, so it is never sent with requests, and it is a choice the visitor made
 * about what the site shows them (PECR's appearance exception, as the shell's dismissed Scotland
 * notice), so it needs no consent. domain's showSubscribePopup keeps the popup away for 30 days.
 */
const KEY = 'td:subscribe-popup-dismissed-at';

export function readPopupDismissedAt(): number | null {
  try {
    const value = Number(window.localStorage.getItem(KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null; // storage blocked: behave as never dismissed
  }
}

export function writePopupDismissedAt(at: number): void {
  try {
    window.localStorage.setItem(KEY, String(at));
  } catch {
    // Storage blocked: the dismissal lasts for this page view only.
  }
}
