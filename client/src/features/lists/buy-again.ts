/**
 * Spec §4: buy-again deals set a browser-stored flag saying whether any exist, and reset clears
 * it. Other parts of the shop (the account menu, once accounts land) can read it to offer a
 * "Buy again" link without asking the server. Reset belongs to sign-out: call clearBuyAgainFlag().
 */
export const BUY_AGAIN_FLAG = 'td_has_buy_again';

export function setBuyAgainFlag(hasDeals: boolean): void {
  try {
    window.localStorage.setItem(BUY_AGAIN_FLAG, hasDeals ? 'true' : 'false');
  } catch {
    // storage blocked: nothing remembered
  }
}

/** true or false once the buy-again list was read in this browser; null when unknown. */
export function readBuyAgainFlag(): boolean | null {
  try {
    const value = window.localStorage.getItem(BUY_AGAIN_FLAG);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

export function clearBuyAgainFlag(): void {
  try {
    window.localStorage.removeItem(BUY_AGAIN_FLAG);
  } catch {
    // storage blocked: nothing to clear
  }
}
