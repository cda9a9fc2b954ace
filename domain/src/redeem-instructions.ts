/**
 * What a shopper does to redeem a voucher, by its spec §3 redeem illustration type: the one place
 * these words live. The vouchers service answers them (spec §7 GET /deal/redeem-instructions),
 * the card's "How to redeem" panel reads them through GraphQL (Voucher.howToRedeem) and the
 * printed voucher carries them (howToRedeemText, sent to /deal/print-voucher), so all agree.
 */
import type { RedeemIllustrationType } from './voucher-status.ts';

export interface RedeemInstructions {
  /** One line, e.g. "Book with the merchant before you go". */
  title: string;
  steps: readonly string[];
}

export const REDEEM_INSTRUCTIONS: Readonly<Record<RedeemIllustrationType, RedeemInstructions>> = {
  calendar: {
    title: 'Book a date, then go',
    steps: ['Book your date with the merchant: choose from the dates they have free and quote your voucher code.', 'On the day, show your voucher, printed or on your phone.'],
  },
  callToBook: {
    title: 'Book with the merchant before you go',
    steps: ['Contact the merchant by phone or online to book, and quote your voucher code.', 'On the day, show your voucher, printed or on your phone.'],
  },
  chooseYourFlight: {
    title: 'Book your flights and stay',
    steps: ['Book with the travel operator, quoting your voucher code, and choose your flights and dates from what they offer.', 'They send your travel documents once your booking is confirmed.'],
  },
  mysteryTravel: {
    title: 'Book your dates, then find out where',
    steps: ['Book your dates with the travel operator, quoting your voucher code.', 'Your destination is revealed once your trip is booked.'],
  },
  standard: {
    title: 'Redeem with the merchant',
    steps: ['Quote your voucher code to the merchant, following the instructions on the deal page.', 'Goods are sent to your delivery address: there is nothing more to do.'],
  },
  standardTravel: {
    title: 'Book your stay',
    steps: ['Contact the hotel or travel operator to book, quoting your voucher code. Dates are subject to availability, so book early.', 'They send your booking confirmation once your dates are agreed.'],
  },
};

/** The instructions as the printed voucher's text: the title, then each step numbered on its own line. */
export function howToRedeemText(type: RedeemIllustrationType): string {
  const { title, steps } = REDEEM_INSTRUCTIONS[type];
  return [`${title}.`, ...steps.map((step, i) => `${i + 1}. ${step}`)].join('\n');
}
