/**
 * The help centre (issue 19 point 7): the questions and answers of /faqs (shoppers) and
 * /merchantfaqs (businesses), and the search that filters them. Typed content, shared by the
 * client's pages and the gateway's server-rendered heads.
 *
 * Every figure is built from the constant the rule itself uses (refund window, VIP price, wallet
 * limits, gift card amounts, loyalty levels…), so a changed rule changes its answer too; and every
 * answer says only what the shop does today (help-centre.test.ts reads them against the rules).
 */
import { PROMO_CREDIT_ITEM_MAX_PENCE, PROMO_CREDIT_ITEM_PERCENT } from './buying.ts';
import { GIFT_CARD_AMOUNTS_PENCE, GIFT_CARD_CREDIT_MONTHS, GIFT_CARD_POST_WORKING_DAYS, GIFT_CARD_POSTAGE_PENCE, GIFT_CARD_REDEEM_MONTHS } from './gift-cards.ts';
import { GIFT_SEND_MAX_MONTHS } from './gift-send-date.ts';
import { LOYALTY_LEVELS, POINTS_PENDING_DAYS, POINTS_PER_POUND } from './loyalty.ts';
import { formatMoney } from './money.ts';
import { pageHead, type PageHead } from './page-head.ts';
import { REFERRAL_CREDIT_PENCE, REFERRAL_CREDIT_VALID_MONTHS, REFERRAL_MAX_CREDITED_FRIENDS, REFERRAL_MAX_PENCE } from './referrals.ts';
import { REMINDER_DAYS, REMINDER_KINDS, VVE_PRICE_PER_VOUCHER_MONTH_PENCE } from './voucher-extension.ts';
import { EXPIRED_VOUCHER_CREDIT_VALID_DAYS, REDEMPTION_UNDO_MINUTES, REFUND_WINDOW_DAYS, VOUCHER_EXTENSION_MAX_MONTHS } from './voucher-status.ts';
import { VIP_CANCEL_REFUND_DAYS, VIP_OFFER_LINE } from './vip.ts';

export interface HelpLink {
  label: string;
  href: string;
}

export interface HelpQuestion {
  /** The anchor of the question (/faqs#refund-how): unique across its help centre. */
  id: string;
  question: string;
  answer: string[];
  links?: HelpLink[];
}

export interface HelpSection {
  id: string;
  heading: string;
  questions: HelpQuestion[];
}

export interface HelpCentre {
  path: '/faqs' | '/merchantfaqs';
  title: string;
  description: string;
  sections: HelpSection[];
}

const money = (pence: number) => formatMoney(pence);
const list = (words: readonly string[]) => `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
const exchangeLevels = LOYALTY_LEVELS.filter((l) => l.exchangeRate > 0);

export const SHOPPER_HELP: HelpCentre = {
  path: '/faqs',
  title: 'Help centre',
  description: `Answers about your Thistle Deals vouchers, refunds within ${REFUND_WINDOW_DAYS} days, gifts and gift cards, VIP, wallet credit, loyalty points, refer a friend and payments.`,
  sections: [
    {
      id: 'vouchers',
      heading: 'Vouchers',
      questions: [
        {
          id: 'find-vouchers',
          question: 'Where do I find my vouchers?',
          answer: [
            'Signed in, open My Vouchers from the account menu: every voucher you bought or claimed as a gift is there, with its code, status and expiry date.',
            'If you bought without signing in, your vouchers are on the order page linked from your confirmation email.',
          ],
          links: [{ label: 'My Vouchers', href: '/myaccount/vouchers' }],
        },
        {
          id: 'print-voucher',
          question: 'Do I need to print my voucher?',
          answer: [
            'No. You can show the voucher on your phone, or print it from My Vouchers: the printed voucher is a PDF with its code, a QR code, how to redeem it, its terms and its expiry date.',
          ],
        },
        {
          id: 'redeem-voucher',
          question: 'How do I use (redeem) a voucher?',
          answer: [
            'Each voucher says how to redeem it. For most, you contact the business to book, then show your voucher when you arrive; the business scans its QR code or types its code, and it is marked as used so it cannot be used twice.',
            'For deals booked on a calendar, choose your date from the voucher in My Vouchers. Goods sent by post come to the delivery address you gave at checkout, and My Vouchers shows when they were sent and their tracking reference.',
          ],
        },
        {
          id: 'voucher-validity',
          question: 'How long is my voucher valid?',
          answer: [`Until the expiry date shown on the voucher and in My Vouchers. We email you a reminder ${list(REMINDER_KINDS.map((k) => `${REMINDER_DAYS[k]} day${REMINDER_DAYS[k] === 1 ? '' : 's'}`))} before a voucher expires.`],
        },
        {
          id: 'extend-voucher',
          question: 'Can I extend my voucher?',
          answer: [
            `Yes, while it is still Ready to Redeem and has not expired: choose “Extend validity” on the voucher in My Vouchers, or follow the link in an expiry reminder. Each month costs ${money(VVE_PRICE_PER_VOUCHER_MONTH_PENCE)} per voucher, up to ${VOUCHER_EXTENSION_MAX_MONTHS} months in all, and the new expiry date shows straight away.`,
            'An extension changes only the expiry date, and it cannot be refunded once the new date has been given.',
          ],
          links: [{ label: 'Voucher validity extensions', href: '/page/e-commerceterms#voucher-validity-extensions' }],
        },
        {
          id: 'expired-voucher',
          question: 'My voucher has expired. Can I still get something for it?',
          answer: [
            `Yes, if it was never used: choose “Take … as wallet credit” on the expired voucher in My Vouchers and what you paid for it becomes wallet credit, valid for ${EXPIRED_VOUCHER_CREDIT_VALID_DAYS} days.`,
          ],
        },
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds and returns',
      questions: [
        {
          id: 'refund-how',
          question: 'How do I get a refund?',
          answer: [
            `You can refund any unused voucher within ${REFUND_WINDOW_DAYS} days of buying it (until the end of the ${REFUND_WINDOW_DAYS}th day, UK time), for any reason. In My Vouchers, choose the voucher and “Refund”.`,
            'The refund goes back to the way you paid, or, only if you choose it, to your wallet as credit you can spend straight away.',
          ],
          links: [{ label: 'Refunds in our e-commerce terms', href: '/page/e-commerceterms#refunds' }],
        },
        {
          id: 'refund-after-window',
          question: `What if the ${REFUND_WINDOW_DAYS} days have passed?`,
          answer: [
            'An unused voucher that is still in date can be exchanged for wallet credit of what you paid, to spend on another deal: choose “Exchange for credit” on the voucher in My Vouchers.',
          ],
        },
        {
          id: 'refund-exclusions',
          question: 'What cannot be refunded?',
          answer: [
            'A voucher that has been used, refunded, cancelled or has expired; a voucher extension once its new date has been given; the postage of a posted gift card; and a gift card once it has been redeemed. A voucher you received as a gift is refunded to the person who sent it, if they ask us.',
          ],
        },
        {
          id: 'return-goods',
          question: 'How do I return goods sent by post?',
          answer: [
            'Choose “Return this item” on the voucher in My Vouchers, give the reason and download the returns label. Once the business has received the goods back, we refund you, and My Vouchers shows each step.',
          ],
        },
      ],
    },
    {
      id: 'gifts',
      heading: 'Gifts and gift cards',
      questions: [
        {
          id: 'send-gift',
          question: 'How do I send a deal as a gift?',
          answer: [
            `In your basket, choose “Is this a gift?” on the deal and give the recipient’s name, and their email address if we should email it to them, with a message. We email it when your order is paid, or on the day you choose: today or any day up to ${GIFT_SEND_MAX_MONTHS} months ahead.`,
            'You can also give a voucher you already have: choose “Gift this voucher” on it in My Vouchers.',
          ],
        },
        {
          id: 'claim-gift',
          question: 'Someone sent me a gift. How do I claim it?',
          answer: ['Open the link in the gift email and sign in (or create an account): the vouchers move into your My Vouchers, ready to use. A gift can be claimed once.'],
          links: [{ label: 'Claim a gift', href: '/mygift' }],
        },
        {
          id: 'gift-cards',
          question: 'How do gift cards work?',
          answer: [
            `Gift cards come in ${list(GIFT_CARD_AMOUNTS_PENCE.map(money))}. Send one as an e-gift by email (on a day you choose, up to ${GIFT_SEND_MAX_MONTHS} months ahead), or have a printed card posted for ${money(GIFT_CARD_POSTAGE_PENCE)}, which arrives within ${GIFT_CARD_POST_WORKING_DAYS} working days.`,
            `A gift card must be redeemed within ${GIFT_CARD_REDEEM_MONTHS} months of purchase: its full value becomes wallet credit, which lasts ${GIFT_CARD_CREDIT_MONTHS} months.`,
          ],
          links: [
            { label: 'Redeem a gift card', href: '/giftcard/redeem' },
            { label: 'Gift card terms', href: '/page/giftcardterms' },
          ],
        },
      ],
    },
    {
      id: 'vip',
      heading: 'VIP membership',
      questions: [
        {
          id: 'vip-what',
          question: 'What is VIP and what does it cost?',
          answer: [
            VIP_OFFER_LINE.replace(/^Join VIP – /, 'VIP costs '),
            'Join on the VIP deals page, or tick “Add VIP membership” at checkout when you buy a deal.',
          ],
          links: [{ label: 'VIP deals', href: '/deals/vip' }],
        },
        {
          id: 'vip-renewal',
          question: 'Does VIP renew automatically?',
          answer: ['Never. We email you before it ends; it continues only if you choose to buy it again.'],
        },
        {
          id: 'vip-cancel',
          question: 'Can I cancel VIP?',
          answer: [`Yes: on My Subscriptions within ${VIP_CANCEL_REFUND_DAYS} days of joining, for a full refund to the way you paid. Your VIP prices end at once.`],
          links: [{ label: 'My Subscriptions', href: '/myaccount/subscriptions' }],
        },
      ],
    },
    {
      id: 'wallet',
      heading: 'Wallet credit',
      questions: [
        {
          id: 'wallet-kinds',
          question: 'What kinds of wallet credit are there?',
          answer: [
            'Refundable credit comes from refunds, exchanged and expired vouchers and gift cards: it can pay for any part of an order.',
            `Promotional credit comes from offers, refer a friend and loyalty points: it can pay up to ${PROMO_CREDIT_ITEM_PERCENT}% of the price of each item, up to ${money(PROMO_CREDIT_ITEM_MAX_PENCE)} per item. Neither kind can be exchanged for cash.`,
          ],
          links: [{ label: 'Wallet credit explained', href: '/page/wallet-credit-more-info' }],
        },
        {
          id: 'wallet-expiry',
          question: 'Does wallet credit expire?',
          answer: [
            `Promotional and gift card credit expire ${REFERRAL_CREDIT_VALID_MONTHS} months after they reach your wallet; credit for an expired voucher lasts ${EXPIRED_VOUCHER_CREDIT_VALID_DAYS} days. My Wallet shows the expiry date of each amount, and checkout spends the credit that expires soonest first.`,
          ],
          links: [
            { label: 'My Wallet', href: '/myaccount/wallet' },
            { label: 'Wallet terms of use', href: '/page/wallettermsofuse' },
          ],
        },
      ],
    },
    {
      id: 'rewards',
      heading: 'Loyalty points and refer a friend',
      questions: [
        {
          id: 'points-earn',
          question: 'How do I earn loyalty points?',
          answer: [
            `You earn ${POINTS_PER_POUND} points for every whole £1 you pay by card or another payment method (not with wallet credit). They stay pending for ${POINTS_PENDING_DAYS} days, the refund window, then become yours. Sharing and viewing deals earn a few points too.`,
          ],
          links: [{ label: 'My rewards', href: '/myaccount/rewards' }],
        },
        {
          id: 'points-levels',
          question: 'What are the levels, and what are my points worth?',
          answer: [
            `Your level is set by all the points you have ever earned: ${list(LOYALTY_LEVELS.map((l) => `${l.name} from ${l.threshold.toLocaleString('en-GB')}`))} points.`,
            `From ${exchangeLevels[0]!.name} you can exchange points for promotional wallet credit: 100 points are worth ${list(exchangeLevels.map((l) => `${money(l.exchangeRate)} at ${l.name}`))}.`,
          ],
        },
        {
          id: 'refer-friend',
          question: 'How does refer a friend work?',
          answer: [
            `Share your link from Refer a friend. When a friend registers through it and keeps their first purchase past the ${REFUND_WINDOW_DAYS}-day refund window, you each get ${money(REFERRAL_CREDIT_PENCE)} of wallet credit, for up to ${REFERRAL_MAX_CREDITED_FRIENDS} friends (${money(REFERRAL_MAX_PENCE)} in all).`,
          ],
          links: [{ label: 'Refer a friend', href: '/myaccount/refer-a-friend' }],
        },
      ],
    },
    {
      id: 'account',
      heading: 'Your account and security',
      questions: [
        {
          id: 'forgot-password',
          question: 'I have forgotten my password.',
          answer: ['Choose “Forgotten your password?” on the sign-in page and we email you a link to choose a new one. You can also ask for a sign-in link by email.'],
          links: [{ label: 'Reset your password', href: '/forgot-password' }],
        },
        {
          id: 'account-details',
          question: 'How do I change my details or email preferences?',
          answer: [
            'View Account Details changes your details, and Password your password. My Subscriptions shows your VIP membership and your deals emails: subscribe there, then choose which emails you get, how often, or unsubscribe on Email preferences. Every deals email links to it too.',
          ],
          links: [
            { label: 'Account details', href: '/myaccount/profile' },
            { label: 'My Subscriptions', href: '/myaccount/subscriptions' },
          ],
        },
        {
          id: 'delete-account',
          question: 'How do I delete my account?',
          answer: ['Signed in, open Delete account in My account and confirm it is you. It cannot be undone. Vouchers you bought are not cancelled, but you will not see them in your account again: print or save them first.'],
          links: [{ label: 'Delete account', href: '/myaccount/delete' }],
        },
        {
          id: 'stay-safe',
          question: 'How do I keep my account safe?',
          answer: ['Use a password you use nowhere else. We never ask for your password or card details by email or phone.'],
          links: [{ label: 'Internet safety', href: '/page/internetsafety' }],
        },
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      questions: [
        {
          id: 'payment-methods',
          question: 'How can I pay?',
          answer: [
            'By debit or credit card, PayPal (and PayPal Credit), Google Pay, Apple Pay, Klarna or Clearpay, and with your wallet credit. Checkout shows the ways open to your order: Apple Pay needs a supported device, and Klarna and Clearpay are for orders in pounds that meet their own conditions.',
          ],
          links: [{ label: 'Klarna, Clearpay and PayPal Credit', href: '/page/regulated-finance-disclosure.html' }],
        },
        {
          id: 'promo-codes',
          question: 'How do I use a promo code?',
          answer: ['Enter it in your basket at checkout. One code per order; codes cannot be exchanged for cash.'],
          links: [{ label: 'Discount codes', href: '/discountcodes' }],
        },
      ],
    },
  ],
};

export const MERCHANT_HELP: HelpCentre = {
  path: '/merchantfaqs',
  title: 'Merchant help centre',
  description: 'Answers for businesses on Thistle Deals: applying, redeeming vouchers at the till or by QR code, redemption files, payouts, bookings and posting goods.',
  sections: [
    {
      id: 'joining',
      heading: 'Joining Thistle Deals',
      questions: [
        {
          id: 'apply',
          question: 'How do I feature my business?',
          answer: [
            'Fill in the “Become a merchant” form with your business’s details. We email you a confirmation and get in touch once we have looked at your application.',
          ],
          links: [
            { label: 'Become a merchant', href: '/merchant/apply' },
            { label: 'Business FAQ', href: '/page/businessfaq' },
          ],
        },
        {
          id: 'dashboard',
          question: 'Where is the merchant dashboard?',
          answer: [
            'Sign in with your merchant account and open the dashboard: Sales, Redeem, Scan, Orders to post, Payouts and Bookings. If you run more than one business, choose it at the top.',
          ],
          links: [{ label: 'Merchant dashboard', href: '/insights' }],
        },
      ],
    },
    {
      id: 'redeeming',
      heading: 'Redeeming vouchers',
      questions: [
        {
          id: 'till',
          question: 'How do I redeem a voucher at the till?',
          answer: [
            `On Redeem, type the voucher’s code: we tell you at once whether it is redeemed, already used (and when) or not valid. A voucher is redeemed once. A mistaken redemption can be undone within ${REDEMPTION_UNDO_MINUTES} minutes.`,
          ],
        },
        {
          id: 'scan',
          question: 'Can I scan the QR code?',
          answer: [
            'Yes: Scan uses your device’s camera to read the QR code on the voucher. With no signal, scans are kept on the device and sent once it is back online, each redeemed once.',
          ],
        },
        {
          id: 'csv',
          question: 'Can I redeem many vouchers at once?',
          answer: ['Yes: on Redeem, choose a .csv or .txt file of codes, one a line. Each code is redeemed once, and you see the result of every line.'],
        },
      ],
    },
    {
      id: 'money',
      heading: 'Payouts',
      questions: [
        {
          id: 'payouts',
          question: 'How and when am I paid?',
          answer: [
            'Payouts shows a weekly statement, Monday to Sunday, UK time: each voucher redeemed (or, for goods, sent and not returned) at what the shopper paid, less our commission at the deal’s rate. Download any week as a CSV or PDF file.',
            'A voucher paid in an earlier week and refunded later is taken back in the week of the refund.',
          ],
        },
      ],
    },
    {
      id: 'bookings-posting',
      heading: 'Bookings and posting goods',
      questions: [
        {
          id: 'bookings',
          question: 'How do bookings work?',
          answer: [
            'For deals booked on a calendar, set how many places you have on each weekday, and any dates that differ, on Bookings. Shoppers choose a date from their voucher, and you see upcoming bookings by day. Sales pause by themselves when every place before the vouchers expire is taken.',
          ],
        },
        {
          id: 'posting',
          question: 'How do I post goods?',
          answer: [
            'Orders to post lists each paid unit with its delivery address. When you have sent it, record the carrier and tracking reference: the shopper sees it in My Vouchers. Returns on their way back to you are listed there too; mark them received and the shopper is refunded.',
          ],
        },
      ],
    },
  ],
};

/** The help centres by path: /faqs and /merchantfaqs (the client's routes and the server's heads). */
export const HELP_CENTRES: Readonly<Record<HelpCentre['path'], HelpCentre>> = { '/faqs': SHOPPER_HELP, '/merchantfaqs': MERCHANT_HELP };

/** A help centre's page head: what the client's Seo and the shop server write. */
export function helpCentreHead(centre: HelpCentre): PageHead {
  return pageHead({ title: centre.title, description: centre.description, canonical: centre.path });
}

/** The words a search looks in: the question, its answer and its links. */
const haystack = (q: HelpQuestion) => [q.question, ...q.answer, ...(q.links ?? []).map((l) => l.label)].join(' ').toLowerCase();

/**
 * The sections with only the questions that hold every word of `query` (case-insensitive, in any
 * order); sections left empty are dropped. A blank query keeps everything.
 */
export function filterHelp(sections: readonly HelpSection[], query: string): HelpSection[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sections];
  return sections
    .map((section) => ({ ...section, questions: section.questions.filter((q) => words.every((w) => haystack(q).includes(w))) }))
    .filter((section) => section.questions.length > 0);
}
