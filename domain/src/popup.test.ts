import { describe, expect, it } from 'vitest';
import type { AuthState } from './navigation.ts';
import { SUBSCRIBE_POPUP_DELAY_MS, cookieNames, isSubscribeEmail, showSubscribePopup } from './popup.ts';

const checking: AuthState = { finished: false, authenticated: false, vip: false };
const anonymous: AuthState = { finished: true, authenticated: false, vip: false };
const member: AuthState = { finished: true, authenticated: true, vip: false };
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);

describe('subscribe popup (spec §2: after 2 seconds, anonymous visitors without affiliate or brand cookie)', () => {
  it('opens after 2 seconds (spec §9)', () => {
    expect(SUBSCRIBE_POPUP_DELAY_MS).toBe(2000);
  });

  it.each<[string, string, AuthState, string[], number | null, boolean]>([
    // path, search, auth, cookies, dismissed at, shows
    ['/deals/glasgow', '', anonymous, [], null, true],
    ['/deals/glasgow/restaurants', '', anonymous, ['location', 'ab'], null, true],
    ['/page/aboutus', '', anonymous, [], null, true],
    ['/deals/glasgow', '', checking, [], null, false],
    ['/deals/glasgow', '', member, [], null, false],
    ['/deals/glasgow', '', anonymous, ['brand'], null, false],
    ['/deals/glasgow', '', anonymous, ['affiliate'], null, false],
    // never on PPC, checkout, faqs, merchantfaqs, welcome, refer-a-friend, internetsafety, affiliate pages
    ['/welcome', '', anonymous, [], null, false],
    ['/welcome/spa', '', anonymous, [], null, false],
    ['/checkout', '', anonymous, [], null, false],
    ['/order-addon/signin-page', '', anonymous, [], null, false],
    ['/page/faqs', '', anonymous, [], null, false],
    ['/faqs', '', anonymous, [], null, false],
    ['/page/merchantfaqs', '', anonymous, [], null, false],
    ['/myaccount/refer-a-friend', '', anonymous, [], null, false],
    ['/refer-a-friend', '', anonymous, [], null, false],
    ['/page/internetsafety', '', anonymous, [], null, false],
    ['/page/InternetSafety', '', anonymous, [], null, false],
    ['/guides/affiliate/summer', '', anonymous, [], null, false],
    ['/affiliate', '', anonymous, [], null, false],
    // dismissed: stays away for 30 days
    ['/deals/glasgow', '', anonymous, [], NOW - 29 * DAY, false],
    ['/deals/glasgow', '', anonymous, [], NOW - 31 * DAY, true],
  ])('%s%s %o cookies %j dismissed %s → %s', (pathname, search, auth, cookies, dismissedAt, shows) => {
    expect(showSubscribePopup({ pathname, search, auth, cookies, dismissedAt, now: NOW })).toBe(shows);
  });

  it('reads cookie names from document.cookie', () => {
    expect(cookieNames('a=1; brand=subscribed;  affiliate=x=y')).toEqual(['a', 'brand', 'affiliate']);
    expect(cookieNames('')).toEqual([]);
  });
});

describe('isSubscribeEmail', () => {
  it.each<[string, boolean]>([
    ['ailsa@example.co.uk', true],
    [' ailsa@example.com ', true],
    ['ailsa@example', false],
    ['ailsa example@x.com', false],
    ['', false],
    ['@example.com', false],
  ])('%j → %s', (value, ok) => {
    expect(isSubscribeEmail(value)).toBe(ok);
  });
});
