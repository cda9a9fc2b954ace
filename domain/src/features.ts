/**
 * Feature switches (spec §9: booleans; on: the countdown and VIP; off: app links and the careers
 * link). One typed object that the client reads today and that server configuration can
 * override later (`parseFeatureSwitches` takes the JSON a config endpoint or env var would hold).
 */
export interface FeatureSwitches {
  /** The 40 px deals-refresh countdown bar above the header. */
  countdown: boolean;
  /** VIP membership: the crown item, VIP pages and the VIP theme. */
  vip: boolean;
  /** App download links in the header and the footer's app-store column. */
  appLinks: boolean;
  /** The careers image link in the footer. */
  careersLink: boolean;
  /** Ireland: swaps the travel bar's UK Travel / International Travel labels. */
  ireland: boolean;
  /** PayPal Credit at checkout, and its credit-broker legal text in the footer. */
  paypalCredit: boolean;
}

export type FeatureName = keyof FeatureSwitches;

/**
 * The shipped defaults. Spec §9 fixes countdown and VIP on, app links and careers off. Ireland is
 * off (the shop sells in the UK, mainly Scotland). PayPal Credit is on: spec §1 lists it among
 * the payment methods, and the footer must then carry the credit-broker text.
 */
export const DEFAULT_FEATURES: Readonly<FeatureSwitches> = Object.freeze({
  countdown: true,
  vip: true,
  appLinks: false,
  careersLink: false,
  ireland: false,
  paypalCredit: true,
});

export const FEATURE_NAMES = Object.keys(DEFAULT_FEATURES) as FeatureName[];

/**
 * The defaults with `overrides` applied. Only known switches holding a boolean count; anything
 * else (unknown names, strings, null) is ignored, so a bad config value never flips a feature.
 */
export function parseFeatureSwitches(overrides: unknown, defaults: Readonly<FeatureSwitches> = DEFAULT_FEATURES): FeatureSwitches {
  const out: FeatureSwitches = { ...defaults };
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) return out;
  for (const name of FEATURE_NAMES) {
    const value = (overrides as Record<string, unknown>)[name];
    if (typeof value === 'boolean') out[name] = value;
  }
  return out;
}
