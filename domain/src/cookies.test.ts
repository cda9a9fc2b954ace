import { describe, expect, it } from 'vitest';
import {
  abGroupFor,
  brandForTrafficSource,
  brandMaxAge,
  consentAllows,
  endOfUtcDay,
  linkBuildingScript,
  locationCookieFor,
  nextBrand,
  parseConsent,
  priceLetterFor,
  searchGroupFor,
  serializeConsent,
  trafficCookies,
  userSourceMaxAge,
  type BrandValue,
  type Consent,
  type CookieCategory,
  type CookieToSet,
} from './cookies.ts';

const DAY = 86_400;

describe('lifetimes (spec §9)', () => {
  it.each<[string, number, number]>([
    ['user source', userSourceMaxAge(false), 365 * DAY],
    ['user source for affiliate traffic', userSourceMaxAge(true), 30 * DAY],
    ['brand registered_user', brandMaxAge('registered_user'), 365 * DAY],
    ['brand subscribed', brandMaxAge('subscribed'), 365 * DAY],
    ['brand email (email-deal)', brandMaxAge('email'), 30 * DAY],
    ['brand criteo (other)', brandMaxAge('criteo'), DAY],
  ])('%s', (_label, actual, expected) => expect(actual).toBe(expected));
});

describe('brand cookie stickiness (spec §4)', () => {
  it.each<[string | undefined, BrandValue, BrandValue | null]>([
    [undefined, 'email', 'email'],
    [undefined, 'subscribed', 'subscribed'],
    ['registered_user', 'email', null],
    ['registered_user', 'subscribed', null],
    ['registered_user', 'criteo', null],
    ['subscribed', 'email', null],
    ['subscribed', 'cloudiq', null],
    ['subscribed', 'registered_user', 'registered_user'],
    ['email', 'criteo', 'criteo'],
    ['criteo', 'cloudiq', 'cloudiq'],
    ['cloudiq', 'email', 'email'],
    ['bypassed', 'email', 'email'],
    ['email', 'subscribed', 'subscribed'],
    ['bypassed', 'registered_user', 'registered_user'],
    ['email', 'email', null],
    ['garbage', 'email', 'email'],
  ])('%s then %s → %s', (current, incoming, expected) => expect(nextBrand(current, incoming)).toBe(expected));

  it.each<[string, BrandValue | null]>([
    ['email_weekly', 'email'],
    ['criteo_retarget', 'criteo'],
    ['CloudIQ', 'cloudiq'],
    ['facebook', null],
  ])('traffic source %s → brand %s', (ito, brand) => expect(brandForTrafficSource(ito)).toBe(brand));
});

describe('test groups', () => {
  it.each<[number, string]>([
    [0, 'AA'],
    [0.3299, 'AA'],
    [0.33, 'BB'],
    [0.9999, 'BB'],
  ])('A/B cookie with random %s → %s (AA 33%%)', (r, g) => expect(abGroupFor(r)).toBe(g));
  it.each<[number, string]>([
    [0, 'a'],
    [0.4999, 'a'],
    [0.5, 'b'],
  ])('search group with random %s → %s', (r, g) => expect(searchGroupFor(r)).toBe(g));
  it.each<[number, string]>([
    [0, 'a'],
    [0.34, 'b'],
    [0.67, 'c'],
    [0.99999, 'c'],
  ])('price letter with random %s → %s', (r, g) => expect(priceLetterFor(r)).toBe(g));
  it.each<[string, string]>([
    ['2026-03-01T00:00:00Z', '2026-03-01T23:59:59.000Z'],
    ['2026-06-30T23:30:00Z', '2026-06-30T23:59:59.000Z'],
    ['2026-12-31T12:00:00+01:00', '2026-12-31T23:59:59.000Z'],
  ])('dynamic price cookie set at %s expires %s', (now, end) => expect(endOfUtcDay(new Date(now)).toISOString()).toBe(end));
});

describe('location cookie', () => {
  it.each<[string, string | null]>([
    ['/deals/glasgow', 'glasgow'],
    ['/deals/edinburgh/spa', 'edinburgh'],
    ['/deals/shop', null],
    ['/deals/vip', null],
    ['/page/aboutus', null],
    ['/', null],
  ])('%s → %s', (path, loc) => expect(locationCookieFor(path)).toBe(loc));
});

describe('consent cookie (denials stored as a list)', () => {
  it.each<[string | undefined, Consent]>([
    [undefined, { chosen: false, denied: [] }],
    ['', { chosen: false, denied: [] }],
    ['none', { chosen: true, denied: [] }],
    ['statistics.marketing.link-building', { chosen: true, denied: ['statistics', 'marketing', 'link-building'] }],
    ['marketing', { chosen: true, denied: ['marketing'] }],
    ['marketing.bogus', { chosen: false, denied: [] }],
  ])('%s → %o', (value, consent) => expect(parseConsent(value)).toEqual(consent));
  it('round-trips', () => {
    expect(serializeConsent([])).toBe('none');
    expect(serializeConsent(['link-building', 'marketing'])).toBe('marketing.link-building');
    expect(parseConsent(serializeConsent(['marketing'])).denied).toEqual(['marketing']);
  });
  const none: Consent = { chosen: false, denied: [] };
  const all: Consent = { chosen: true, denied: [] };
  const rejected: Consent = { chosen: true, denied: ['statistics', 'marketing', 'link-building'] };
  it.each<[string, Consent, CookieCategory, boolean]>([
    ['no choice: necessary', none, 'necessary', true],
    ['no choice: statistics (DUAA exception)', none, 'statistics', true],
    ['no choice: marketing', none, 'marketing', false],
    ['no choice: link-building', none, 'link-building', false],
    ['accepted: marketing', all, 'marketing', true],
    ['accepted: link-building', all, 'link-building', true],
    ['rejected: necessary', rejected, 'necessary', true],
    ['rejected: statistics (objection)', rejected, 'statistics', false],
    ['rejected: marketing', rejected, 'marketing', false],
  ])('%s', (_l, consent, category, allowed) => expect(consentAllows(consent, category)).toBe(allowed));
});

describe('link-building script loader', () => {
  const url = 'https://links.example/lb.js';
  const all: Consent = { chosen: true, denied: [] };
  it.each<[string, Consent, string | null, string | null]>([
    ['/deals/glasgow', all, url, url],
    ['/deals/glasgow/spa', all, url, url],
    ['/guides/press', all, url, url],
    ['/deal/glasgow/x/123', all, url, url],
    ['/deals/shop', all, url, null],
    ['/deals/shop/gadgets', all, url, null],
    ['/deals/shopping-centre', all, url, url],
    ['/page/aboutus', all, url, null],
    ['/', all, url, null],
    ['/deals/glasgow', all, null, null],
    ['/deals/glasgow', all, '', null],
    ['/deals/glasgow', all, 'http://insecure.example/lb.js', null],
    ['/deals/glasgow', { chosen: false, denied: [] }, url, null],
    ['/deals/glasgow', { chosen: true, denied: ['link-building'] }, url, null],
  ])('%s (%o, %s) → %s', (path, consent, configured, expected) => expect(linkBuildingScript(path, consent, configured)).toBe(expected));
});

describe('trafficCookies', () => {
  const run = (path: string, cookies: Record<string, string> = {}) =>
    trafficCookies({ url: new URL(`https://shop.example${path}`), cookies, now: new Date('2026-05-01T10:00:00Z'), random: [0.1, 0.9, 0.5] });
  const byName = (list: CookieToSet[]) => Object.fromEntries(list.map((c) => [c.name, c]));

  it('a fresh visit before any choice: necessary and statistical cookies only', () => {
    const got = byName(run('/deals/glasgow?gclid=abc&ito=email_daily&msclkid=m1'));
    expect(Object.keys(got).sort()).toEqual(['ab_group', 'dynamic_price', 'location', 'search_group', 'session_source', 'user_source']);
    expect(got.ab_group).toMatchObject({ value: 'AA', maxAge: 365 * DAY });
    expect(got.search_group).toMatchObject({ value: 'b' });
    expect(got.dynamic_price).toMatchObject({ value: 'b', expires: new Date('2026-05-01T23:59:59Z') });
    expect(got.location).toMatchObject({ value: 'glasgow', maxAge: 365 * DAY });
    expect(got.user_source).toMatchObject({ value: 'email_daily', maxAge: 365 * DAY, httpOnly: true });
    expect(got.session_source?.maxAge).toBeUndefined();
  });

  it('after Accept all: click ids, brand and affiliate cookies too', () => {
    const got = byName(run('/deals/glasgow?gclid=abc&msclkid=m1&ito=email_daily', { td_consent: 'none' }));
    expect(got.gclid).toMatchObject({ value: 'abc', maxAge: 365 * DAY, httpOnly: true, category: 'marketing' });
    expect(got.msclkid).toMatchObject({ value: 'm1', maxAge: 365 * DAY });
    expect(got.brand).toMatchObject({ value: 'email', maxAge: 30 * DAY });
    const aff = byName(run('/deals/glasgow?ito=affiliate_awin', { td_consent: 'none' }));
    expect(aff.user_source).toMatchObject({ value: 'affiliate_awin', maxAge: 30 * DAY });
    expect(aff.affiliate).toMatchObject({ value: 'affiliate_awin', maxAge: 30 * DAY });
  });

  it('affiliate attribution waits for consent', () => {
    expect(Object.keys(byName(run('/deals/glasgow?ito=affiliate_awin')))).not.toContain('user_source');
  });

  it('after Reject all: only necessary cookies', () => {
    const got = byName(run('/deals/glasgow?gclid=abc&ito=criteo&usr_src=sponsored_search_1', { td_consent: 'statistics.marketing.link-building' }));
    expect(Object.keys(got).sort()).toEqual(['dynamic_price', 'location']);
  });

  it('a sticky brand stays; existing groups and letter are kept; usr_src is a session cookie', () => {
    const got = byName(
      run('/deals/glasgow?ito=criteo&usr_src=sponsored_search_7', { td_consent: 'none', brand: 'registered_user', ab_group: 'BB', search_group: 'a', dynamic_price: 'c', location: 'glasgow' }),
    );
    expect(Object.keys(got).sort()).toEqual(['session_source', 'user_source', 'usr_src']);
    expect(got.usr_src).toMatchObject({ value: 'sponsored_search_7', httpOnly: false });
    expect(got.usr_src?.maxAge).toBeUndefined();
  });

  it('unsafe query values never become cookies', () => {
    const got = byName(run('/deals/glasgow?gclid=a%3Bb%3Dc&ito=%3Cx%3E', { td_consent: 'none' }));
    expect(got.gclid).toBeUndefined();
    expect(got.user_source).toBeUndefined();
  });
});
