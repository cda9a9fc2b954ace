import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES, FEATURE_NAMES, parseFeatureSwitches } from './features.ts';

describe('feature switches (spec §9)', () => {
  it.each([
    ['countdown', true],
    ['vip', true],
    ['appLinks', false],
    ['careersLink', false],
    ['ireland', false],
    ['paypalCredit', true],
  ] as const)('%s defaults to %s', (name, on) => {
    expect(DEFAULT_FEATURES[name]).toBe(on);
  });

  it('every switch is a boolean and the defaults cannot be changed at run time', () => {
    expect(FEATURE_NAMES).toHaveLength(6);
    for (const name of FEATURE_NAMES) expect(typeof DEFAULT_FEATURES[name]).toBe('boolean');
    expect(Object.isFrozen(DEFAULT_FEATURES)).toBe(true);
  });

  it.each([
    ['no overrides', undefined, DEFAULT_FEATURES],
    ['null', null, DEFAULT_FEATURES],
    ['an array', [true], DEFAULT_FEATURES],
    ['a string', 'appLinks', DEFAULT_FEATURES],
    ['a boolean override', { appLinks: true, countdown: false }, { ...DEFAULT_FEATURES, appLinks: true, countdown: false }],
    ['non-boolean values are ignored', { vip: 'false', ireland: 1, careersLink: null }, DEFAULT_FEATURES],
    ['unknown switches are ignored', { darkMode: true }, DEFAULT_FEATURES],
  ])('parseFeatureSwitches: %s', (_label, input, expected) => {
    const parsed = parseFeatureSwitches(input);
    expect(parsed).toEqual(expected);
    expect(Object.keys(parsed)).not.toContain('darkMode');
  });

  it('returns a copy: changing it leaves the defaults alone', () => {
    const parsed = parseFeatureSwitches({});
    parsed.countdown = false;
    expect(DEFAULT_FEATURES.countdown).toBe(true);
  });
});
