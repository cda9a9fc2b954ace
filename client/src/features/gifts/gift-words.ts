/** Words and helpers of gifts (issue 16 point 8): the claim page and "Gift this voucher". */
import { messageFor } from '@shop/domain';

const CLAIM_GIFT_PATH = '/mygift';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const GIFT_WORDS = {
  tokenHelp: 'A gift claim code is the 32 letters and digits after "claim=" in your gift email.',
  notFound: messageFor('GIFT_NOT_FOUND'),
  noLongerAvailable: messageFor('GIFT_NO_LONGER_AVAILABLE'),
  /** A gift's voucher that a claim no longer gives (used, refunded or expired since it was sent). */
  voucherNotIncluded: (status: string) => `No longer part of the gift (${status})`,
  /** A gift received, in My Vouchers: no refund, credit or return by its holder. */
  received: messageFor('GIFT_RECEIVED_NOT_REFUNDABLE'),
  unreachable: 'Sorry, we could not reach our servers. Please check your connection and try again.',
} as const;

/** The claim token in what a shopper pasted: the code itself, or the link (or a URL with it in the query). Null when there is none. */
export function claimTokenOf(pasted: string): string | null {
  const text = pasted.trim();
  if (TOKEN.test(text)) return text;
  const match = /[?&]claim=([A-Za-z0-9_-]{32})(?:$|[&#\s])/.exec(text);
  return match ? match[1]! : null;
}

export const claimPath = (token: string) => `${CLAIM_GIFT_PATH}?${new URLSearchParams({ claim: token })}`;
