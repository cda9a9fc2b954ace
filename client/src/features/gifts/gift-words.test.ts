import { describe, expect, it } from 'vitest';
import { claimPath, claimTokenOf } from './gift-words.ts';

const TOKEN = 'q3v1X9mZ0bR8kT2yW5nC7aE4dF6gH1jL';

describe('claimTokenOf: what a shopper pastes into /mygift', () => {
  it.each([
    [TOKEN, TOKEN],
    [`  ${TOKEN}\n`, TOKEN],
    [`https://www.thistledeals.example/mygift?claim=${TOKEN}`, TOKEN],
    [`Claim your gift: https://shop.example/mygift?claim=${TOKEN} (sign in or register)`, TOKEN],
    [`/mygift?utm=x&claim=${TOKEN}#top`, TOKEN],
  ])('%j → the token', (pasted, token) => expect(claimTokenOf(pasted)).toBe(token));

  it.each(['', 'not a gift code', TOKEN.slice(1), `${TOKEN}x`, `https://shop.example/mygift?claim=${TOKEN}x`, `https://shop.example/mygift?code=${TOKEN}`])('%j → none', (pasted) =>
    expect(claimTokenOf(pasted)).toBeNull(),
  );

  it('the claim page path', () => expect(claimPath(TOKEN)).toBe(`/mygift?claim=${TOKEN}`));
});
