import { describe, expect, it } from 'vitest';
import { exchangeMessages, exchangeRefusal, exchangeValuePence, LOYALTY_LEVELS, loyaltyLevel, loyaltyProfile, pointsForPayment } from './loyalty.ts';

describe('loyalty levels', () => {
  it.each([
    [0, 'Pink', 'Bronze', 500],
    [499, 'Pink', 'Bronze', 1],
    [500, 'Bronze', 'Silver', 1500],
    [1999, 'Bronze', 'Silver', 1],
    [2000, 'Silver', 'Gold', 3000],
    [5000, 'Gold', 'Platinum', 5000],
    [9999, 'Gold', 'Platinum', 1],
    [10000, 'Platinum', null, 0],
    [250000, 'Platinum', null, 0],
  ] as const)('%i lifetime points: %s, next %s, %i to go', (lifetime, level, next, toGo) => {
    const p = loyaltyProfile({ lifetimePoints: lifetime, currentPoints: 0 });
    expect(p.currentLevel.name).toBe(level);
    expect(p.nextLevel?.name ?? null).toBe(next);
    expect(p.pointsToNextLevel).toBe(toGo);
    expect(p.exchangeRate).toBe(loyaltyLevel(lifetime).exchangeRate);
  });

  it('five levels, each with its own colour, rates rising', () => {
    expect(LOYALTY_LEVELS.map((l) => l.name)).toEqual(['Pink', 'Bronze', 'Silver', 'Gold', 'Platinum']);
    expect(new Set(LOYALTY_LEVELS.map((l) => l.colour)).size).toBe(5);
    expect(LOYALTY_LEVELS.map((l) => l.exchangeRate)).toEqual([0, 100, 110, 125, 150]);
  });

  it('points for payments: 10 per whole pound paid', () => {
    expect([0, 99, 100, 1999, -500, 1.5].map(pointsForPayment)).toEqual([0, 0, 10, 190, 0, 0]);
    expect(exchangeValuePence(333, 110)).toBe(366);
  });
});

describe('spec §5 exchange messages, word for word', () => {
  it.each([
    // lifetime, current, prompt, rate text
    [0, 0, "You don't have enough points", 'Pink members cannot exchange points. You need to reach Bronze or above to exchange your points: 500 more points needed.'],
    [120, 120, 'Please select a number between 1 and 120 to exchange your points.', 'Pink members cannot exchange points. You need to reach Bronze or above to exchange your points: 380 more points needed.'],
    [600, 0, "You don't have enough points", '0 points are worth £0.00 at your Bronze rate and £0.00 at the Silver rate.'],
    [600, 450, 'Please select a number between 1 and 450 to exchange your points.', '450 points are worth £4.50 at your Bronze rate and £4.95 at the Silver rate.'],
    [2500, 1001, 'Please select a number between 1 and 1001 to exchange your points.', '1001 points are worth £11.01 at your Silver rate and £12.51 at the Gold rate.'],
    [7000, 200, 'Please select a number between 1 and 200 to exchange your points.', '200 points are worth £2.50 at your Gold rate and £3.00 at the Platinum rate.'],
    [12000, 3, 'Please select a number between 1 and 3 to exchange your points.', '3 points are worth £0.04 at your Platinum rate.'],
  ] as const)('lifetime %i, %i points', (lifetimePoints, currentPoints, prompt, rate) => {
    const m = exchangeMessages(loyaltyProfile({ lifetimePoints, currentPoints }));
    expect(m.prompt).toBe(prompt);
    expect(m.rate).toBe(rate);
  });

  it('refusals: no points, Pink, out of range; allowed within 1..max', () => {
    const pink = loyaltyProfile({ lifetimePoints: 100, currentPoints: 100 });
    const bronze = loyaltyProfile({ lifetimePoints: 800, currentPoints: 300 });
    expect(exchangeRefusal(loyaltyProfile({ lifetimePoints: 800, currentPoints: 0 }), 1)).toEqual({ code: 'NOT_ENOUGH_POINTS', message: "You don't have enough points" });
    expect(exchangeRefusal(pink, 50)?.code).toBe('LEVEL_TOO_LOW');
    expect(exchangeRefusal(pink, 50)?.message).toContain('400 more points needed');
    for (const points of [0, -1, 301, 1.5, Number.NaN]) {
      expect(exchangeRefusal(bronze, points), String(points)).toEqual({ code: 'POINTS_OUT_OF_RANGE', message: 'Please select a number between 1 and 300 to exchange your points.' });
    }
    expect(exchangeRefusal(bronze, 1)).toBeNull();
    expect(exchangeRefusal(bronze, 300)).toBeNull();
  });
});
