/**
 * Spec §4: buy-again deals set a browser-stored flag saying whether any exist, and reset clears
 * it. Other parts of the shop (the account menu, once accounts land) can read it to offer a
 * "Buy again" link without asking the server. Reset belongs to sign-out: call clearBuyAgainFlag().
 */
const BUY_AGAIN_FLAG = 'td_has_buy_again';

export function setBuyAgainFlag(hasDeals: boolean): void {
  try {
    window.localStorage.setItem(BUY_AGAIN_FLAG, hasDeals ? 'true' : 'false');
  } catch {
    // storage blocked: nothing remembered
  }
}

export function clearBuyAgainFlag(): void {
  try {
    window.localStorage.removeItem(BUY_AGAIN_FLAG);
  } catch {
    // storage blocked: nothing to clear
  }
}
