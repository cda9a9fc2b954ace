/**
 * Appearance preferences kept in localStorage (a dismissed notice, a hidden countdown). PECR as
 * amended by the Data (Use and Access) Act 2025 lets a site store a preference the visitor chose
 * about how it looks without asking for consent (the "appearance" exception), so these need no
 * cookie banner. Nothing here identifies or tracks anyone.
 */
export type AppearancePreference = 'scotland-notice-dismissed' | 'countdown-hidden';

const PREFIX = 'td:';

export function readPreference(name: AppearancePreference): boolean {
  try {
    return window.localStorage.getItem(PREFIX + name) === '1';
  } catch {
    return false; // storage blocked (private mode, policy): behave as if never set
  }
}

export function writePreference(name: AppearancePreference, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(PREFIX + name, '1');
    else window.localStorage.removeItem(PREFIX + name);
  } catch {
    // Storage blocked: the choice lasts for this page view only.
  }
}
