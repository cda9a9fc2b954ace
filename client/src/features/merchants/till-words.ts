/** The till's words (issue 17 point 3): a redemption's result as the merchant reads it. */

/** "14:32" in London: the till is in Scotland whatever the device's clock zone. */
export function londonClock(at: string | Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(new Date(at));
}

/** The service's words for a code no voucher of the business has (a random code, or another business's). */
export const CODE_NOT_FOUND = 'Sorry, we could not find that voucher code.';

export const LINE_RESULT_WORDS: Record<string, string> = {
  REDEEMED: 'Redeemed',
  ALREADY_REDEEMED: 'Already redeemed',
  NOT_REDEEMABLE: 'Not redeemable',
  NOT_FOUND: 'Not found',
  UNREADABLE: 'Could not read',
};

/** "1 redeemed, 2 already redeemed, 1 not found": the counts of a file, the zero ones left out. */
export function countsInWords(summary: { redeemed: number; alreadyRedeemed: number; notRedeemable: number; notFound: number; unreadable: number }): string {
  const parts = [
    [summary.redeemed, 'redeemed'],
    [summary.alreadyRedeemed, 'already redeemed'],
    [summary.notRedeemable, 'not redeemable'],
    [summary.notFound, 'not found'],
    [summary.unreadable, 'could not be read'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, words]) => `${n.toLocaleString('en-GB')} ${words}`);
  return said.length ? said.join(', ') : 'No codes';
}

/** The file route takes 2 MB (10,000 codes with a few columns each): a larger file is refused before it is sent, in words. */
export const FILE_MAX_BYTES = 2_000_000;
