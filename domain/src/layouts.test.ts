import { describe, expect, it } from 'vitest';
import type { AuthState } from './navigation.ts';
import {
  LAYOUTS,
  layoutAccess,
  layoutHasReducedHeader,
  layoutNeedsLogin,
  layoutOf,
  safeReturnPath,
  vipLayoutVariant,
  type Layout,
  type LayoutAccess,
  type VipLayoutVariant,
} from './layouts.ts';

const checking: AuthState = { finished: false, authenticated: false, vip: false };
const anonymous: AuthState = { finished: true, authenticated: false, vip: false };
const member: AuthState = { finished: true, authenticated: true, vip: false };
const vipMember: AuthState = { finished: true, authenticated: true, vip: true };

describe('layoutOf (spec §2 layouts)', () => {
  it.each<[string, string, Layout]>([
    ['/login', '', 'login'],
    ['/register', '', 'login'],
    ['/forgot-password', '', 'login'],
    ['/myaccount', '', 'account'],
    ['/myaccount/vouchers', '', 'account'],
    ['/myaccount/refer-a-friend', '', 'account'],
    ['/myaccount/delete', '', 'delete'],
    ['/myaccount/deleted-things', '', 'account'],
    ['/checkout', '', 'checkout'],
    ['/order-addon/signin-page', '', 'checkout'],
    ['/voucher/extend/5b0e6f7a-2c1d-4e3f-8a9b-0c1d2e3f4a5b', '', 'checkout'],
    ['/gifts', '', 'gift'],
    ['/deals/glasgow/gift-finder', '', 'gift'],
    ['/guides/christmas', '?claim-my-gift=1', 'gift'],
    ['/mygift', '?claim=q3v1X9mZ0bR8kT2yW5nC7aE4dF6gH1jL', 'gift'],
    ['/deals/glasgow', '', 'deals'],
    ['/deals/glasgow/restaurants', '', 'deals'],
    ['/deals/glasgow/restaurants/afternoon-tea/123/tea.html', '', 'deals'],
    ['/deal/glasgow/123', '?dealPreview=1', 'deals'],
    ['/deals/vip-glasgow', '', 'deals'],
    ['/page/aboutus', '', 'header-and-footer'],
    ['/guides/christmas', '', 'header-and-footer'],
    ['/search', '', 'header-and-footer'],
    ['/', '', 'header-and-footer'],
  ])('%s%s → %s', (pathname, search, layout) => {
    expect(layoutOf(pathname, search)).toBe(layout);
  });

  it('every layout of spec §2 is known', () => {
    expect([...LAYOUTS]).toEqual(['account', 'checkout', 'deals', 'delete', 'gift', 'header-and-footer', 'login']);
  });

  it.each<[Layout, boolean, boolean]>([
    ['account', true, false],
    ['delete', true, false],
    ['login', false, true],
    ['checkout', false, true],
    ['deals', false, false],
    ['gift', false, false],
    ['header-and-footer', false, false],
  ])('%s: needs login %s, reduced header %s', (layout, login, reduced) => {
    expect(layoutNeedsLogin(layout)).toBe(login);
    expect(layoutHasReducedHeader(layout)).toBe(reduced);
  });
});

describe('layoutAccess: account and delete send a logged-out user to login after saving the return path', () => {
  it.each<[Layout, AuthState, string, LayoutAccess]>([
    ['account', anonymous, '/myaccount/vouchers', { kind: 'login', to: '/login', returnPath: '/myaccount/vouchers' }],
    ['delete', anonymous, '/myaccount/delete?x=1', { kind: 'login', to: '/login', returnPath: '/myaccount/delete?x=1' }],
    ['account', checking, '/myaccount', { kind: 'wait' }],
    ['delete', checking, '/myaccount/delete', { kind: 'wait' }],
    ['account', member, '/myaccount', { kind: 'render' }],
    ['delete', vipMember, '/myaccount/delete', { kind: 'render' }],
    ['deals', anonymous, '/deals/glasgow', { kind: 'render' }],
    ['checkout', checking, '/checkout', { kind: 'render' }],
    ['login', anonymous, '/login', { kind: 'render' }],
    ['header-and-footer', anonymous, '/page/aboutus', { kind: 'render' }],
    ['gift', anonymous, '/gifts', { kind: 'render' }],
  ])('%s, %o, %s', (layout, auth, path, expected) => {
    expect(layoutAccess(layout, auth, path)).toEqual(expected);
  });
});

describe('safeReturnPath', () => {
  it.each<[string | null | undefined, string | null]>([
    ['/myaccount/vouchers', '/myaccount/vouchers'],
    ['/myaccount?tab=1#x', '/myaccount?tab=1#x'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['myaccount', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['/login', null],
    ['/register?x=1', null],
    ['/my\naccount', null],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

describe('vipLayoutVariant', () => {
  it.each<[boolean, AuthState, VipLayoutVariant | undefined, VipLayoutVariant]>([
    [true, anonymous, undefined, 'checkbox'],
    [true, member, 'two-buttons', 'two-buttons'],
    [true, vipMember, 'two-buttons', 'show-no-vip'],
    [false, anonymous, 'checkbox', 'show-no-vip'],
  ])('feature %s, %o, configured %s → %s', (vipFeature, auth, configured, expected) => {
    expect(vipLayoutVariant({ vipFeature, auth, ...(configured ? { configured } : {}) })).toBe(expected);
  });
});
