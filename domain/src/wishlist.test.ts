import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from './error-codes.ts';
import { isWishlistId, NO_WISHLIST_ID, WISHLIST_COOKIE_BY_ID_MAX_AGE_S, WISHLIST_COOKIE_MAX_AGE_S, WISHLIST_LOGIN_PROMPT, WISHLIST_MAX_DEALS } from './wishlist.ts';

describe('wishlist rules (spec §4, §6, §9)', () => {
  it('holds the spec’s figures and words', () => {
    expect(WISHLIST_MAX_DEALS).toBe(50);
    expect(WISHLIST_COOKIE_MAX_AGE_S).toBe(604_800);
    expect(WISHLIST_COOKIE_BY_ID_MAX_AGE_S).toBe(31_536_000);
    expect(NO_WISHLIST_ID).toBe('No Wish List ID');
    expect(WISHLIST_LOGIN_PROMPT).toBe('Login to see your full wish list');
    expect(ERROR_MESSAGES.WISHLIST_FULL).toContain(`${WISHLIST_MAX_DEALS} deals`);
  });

  it('a wishlist id is 22 url-safe characters', () => {
    expect(isWishlistId('q3Vx0bX8pQ2m1NcZ7yKfAw')).toBe(true);
    for (const bad of ['', 'q3Vx0bX8pQ2m1NcZ7yKfA', 'q3Vx0bX8pQ2m1NcZ7yKfAw1', 'q3Vx0bX8pQ2m1NcZ7yKf w', null, undefined]) expect(isWishlistId(bad)).toBe(false);
  });
});
