/**
 * The loyalty club's rules (issue 18 point 6; spec §3 Loyalty profile, §5 Loyalty exchange).
 *
 * - Levels (club tiers, each with a colour) by lifetime points: the points that ever became
 *   available (an exchange spends points but never lowers the level).
 * - Exchange rate: pence of wallet credit per 100 points. Pink cannot exchange; Bronze 100 points
 *   = £1.00, Silver £1.10, Gold £1.25, Platinum £1.50. The credit of N points is
 *   floor(N × rate / 100) pence (at least 1 point = 1p from Bronze up).
 * - Earning: 10 points per whole £1 paid by card or other cash method (wallet credit earns
 *   nothing, so exchanged points never earn more points), pending for the 14-day refund window;
 *   5 points for sharing a deal (3 shares a day), 1 point for viewing a deal (10 views a day),
 *   each deal once a day per kind.
 */
export const LOYALTY_LEVELS = [
  { name: 'Pink', threshold: 0, colour: '#c2006a', exchangeRate: 0 },
  { name: 'Bronze', threshold: 500, colour: '#a0522d', exchangeRate: 100 },
  { name: 'Silver', threshold: 2000, colour: '#5f6b75', exchangeRate: 110 },
  { name: 'Gold', threshold: 5000, colour: '#8b6508', exchangeRate: 125 },
  { name: 'Platinum', threshold: 10000, colour: '#4b5563', exchangeRate: 150 },
] as const;

export type LoyaltyLevelName = (typeof LOYALTY_LEVELS)[number]['name'];
export type LoyaltyLevel = (typeof LOYALTY_LEVELS)[number];

/** Points per whole pound paid in cash (card, PayPal, Klarna, Clearpay): never for wallet credit. */
export const POINTS_PER_POUND = 10;
/** Spec §9 refund window: order points stay pending this long after payment. */
export const POINTS_PENDING_DAYS = 14;
/** Club activity (spec §7 shareDeal, viewDeal): points each, and how many count per customer per London day. */
export const CLUB_ACTIVITY_POINTS = { share: 5, view: 1 } as const;
export const CLUB_ACTIVITY_DAILY_CAP = { share: 3, view: 10 } as const;
export type ClubActivityKind = keyof typeof CLUB_ACTIVITY_POINTS;
/** The most points one exchange takes (a sanity bound for input; far above any real balance). */
export const EXCHANGE_POINTS_MAX = 10_000_000;

/** Points for a cash payment of `pence` (whole pounds only). */
export function pointsForPayment(pence: number): number {
  if (!Number.isSafeInteger(pence) || pence <= 0) return 0;
  return Math.floor(pence / 100) * POINTS_PER_POUND;
}

/** The level reached with `lifetimePoints`. */
export function loyaltyLevel(lifetimePoints: number): LoyaltyLevel {
  let level: LoyaltyLevel = LOYALTY_LEVELS[0];
  for (const l of LOYALTY_LEVELS) if (lifetimePoints >= l.threshold) level = l;
  return level;
}

/** The level after `level`, or null at Platinum. */
export function nextLoyaltyLevel(level: LoyaltyLevel): LoyaltyLevel | null {
  const i = LOYALTY_LEVELS.findIndex((l) => l.name === level.name);
  return LOYALTY_LEVELS[i + 1] ?? null;
}

/** Wallet credit in pence for `points` at `exchangeRate` (pence per 100 points). */
export function exchangeValuePence(points: number, exchangeRate: number): number {
  return Math.floor((points * exchangeRate) / 100);
}

export interface LoyaltyProfile {
  currentLevel: LoyaltyLevel;
  nextLevel: LoyaltyLevel | null;
  lifetimePoints: number;
  currentPoints: number;
  /** Points to reach the next level; 0 at Platinum. */
  pointsToNextLevel: number;
  exchangeRate: number;
}

export function loyaltyProfile(input: { lifetimePoints: number; currentPoints: number }): LoyaltyProfile {
  const currentLevel = loyaltyLevel(input.lifetimePoints);
  const nextLevel = nextLoyaltyLevel(currentLevel);
  return {
    currentLevel,
    nextLevel,
    lifetimePoints: input.lifetimePoints,
    currentPoints: input.currentPoints,
    pointsToNextLevel: nextLevel ? nextLevel.threshold - input.lifetimePoints : 0,
    exchangeRate: currentLevel.exchangeRate,
  };
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** Spec §5, word for word. */
export const NOT_ENOUGH_POINTS_MESSAGE = "You don't have enough points";
export const exchangeRangeMessage = (max: number) => `Please select a number between 1 and ${max} to exchange your points.`;

export interface ExchangeMessages {
  /** "You don't have enough points" with 0 points, otherwise the 1..max prompt. */
  prompt: string;
  /** Pink: the next level needed and how many more points; Bronze–Gold: both rates; Platinum: its own. */
  rate: string;
  canExchange: boolean;
}

/**
 * The exchange form's texts (spec §5) for a shopper with `profile`, valuing `points` (the number
 * chosen; the whole balance when none is chosen yet).
 */
export function exchangeMessages(profile: LoyaltyProfile, points: number = profile.currentPoints): ExchangeMessages {
  const prompt = profile.currentPoints <= 0 ? NOT_ENOUGH_POINTS_MESSAGE : exchangeRangeMessage(profile.currentPoints);
  const { currentLevel, nextLevel } = profile;
  if (currentLevel.exchangeRate === 0) {
    const needed = nextLevel ? nextLevel.threshold - profile.lifetimePoints : 0;
    return {
      prompt,
      rate: `${currentLevel.name} members cannot exchange points. You need to reach ${nextLevel?.name ?? 'the next level'} or above to exchange your points: ${needed} more points needed.`,
      canExchange: false,
    };
  }
  const own = `${points} points are worth ${pounds(exchangeValuePence(points, currentLevel.exchangeRate))} at your ${currentLevel.name} rate`;
  const rate = nextLevel ? `${own} and ${pounds(exchangeValuePence(points, nextLevel.exchangeRate))} at the ${nextLevel.name} rate.` : `${own}.`;
  return { prompt, rate, canExchange: profile.currentPoints > 0 };
}

export type ExchangeRefusal = { code: 'NOT_ENOUGH_POINTS' | 'LEVEL_TOO_LOW' | 'POINTS_OUT_OF_RANGE'; message: string };

/** Why an exchange of `points` is refused (null: allowed), with the §5 words. */
export function exchangeRefusal(profile: LoyaltyProfile, points: number): ExchangeRefusal | null {
  if (profile.currentPoints <= 0) return { code: 'NOT_ENOUGH_POINTS', message: NOT_ENOUGH_POINTS_MESSAGE };
  if (profile.currentLevel.exchangeRate === 0) return { code: 'LEVEL_TOO_LOW', message: exchangeMessages(profile).rate };
  if (!Number.isSafeInteger(points) || points < 1 || points > profile.currentPoints) return { code: 'POINTS_OUT_OF_RANGE', message: exchangeRangeMessage(profile.currentPoints) };
  return null;
}
