/**
 * The copy of the shop's static pages (spec §2 "Static pages /page/{slug}", /editorial-team and
 * /discountcodes), written for Thistle Deals in British English. Its figures are the spec's
 * (§1 and §9): 14-day refunds, VIP at £4.99 a year with up to 10% extra saving, voucher extension
 * up to 3 months, wallet credit expiring 12 months after redemption, gift cards redeemable within
 * 6 months, promotional credit limited to 10% (up to £5) per item, £10 referral credit.
 *
 * Plain data, no imports but types: the migration that creates deals.static_page loads it, and a
 * later copy change ships as a migration that upserts it again (see staticpages.store.ts).
 */
import type { StaticPageLink } from './staticpages.contract.ts';

export interface StaticPageSectionCopy {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
  links?: StaticPageLink[];
}

export interface StaticPageCopy {
  slug: string;
  /** Canonical path: /page/{slug}, or its own route for /editorial-team and /discountcodes. */
  path: string;
  title: string;
  description: string;
  updatedOn: string;
  sections: StaticPageSectionCopy[];
}

const COMPANY = 'Thistle Deals Ltd, 120 Bothwell Street, Glasgow G2 7JL';
const UPDATED = '2026-11-22';

/** The slugs of spec §2, in the order the spec lists them. */
export const STATIC_PAGE_SLUGS = [
  'aboutus',
  'termsofuse',
  'privacypolicy',
  'e-commerceterms',
  'internetsafety',
  'takedown',
  'productrecalls',
  'admin-fee',
  'giftcardterms',
  'wallet-credit-more-info',
  'wallettermsofuse',
  'businessfaq',
  'promo',
  'uk-modern-slavery-act-transparency-statement',
  'regulated-finance-complaints.html',
  'regulated-finance-disclosure.html',
] as const;

/** Content pages with a route of their own (spec §2 "Others"). */
export const CONTENT_PAGE_SLUGS = ['editorial-team', 'discountcodes'] as const;

const page = (slug: string, title: string, description: string, sections: StaticPageSectionCopy[], path = `/page/${slug}`): StaticPageCopy => ({
  slug,
  path,
  title,
  description,
  updatedOn: UPDATED,
  sections,
});

export const STATIC_PAGES: StaticPageCopy[] = [
  page('aboutus', 'About Thistle Deals', 'Thistle Deals is a Glasgow-based deals and vouchers marketplace for Scotland: local restaurants, spa days, activities, shop deals and travel at up to 80% off.', [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [
        'Thistle Deals is an online deals and vouchers marketplace, run from Glasgow for shoppers across Scotland and the rest of the UK. Every day we put together discounted vouchers for restaurants, afternoon teas, spa days, beauty treatments, activities, courses, products for the home and breaks in the UK and abroad.',
        `We are ${COMPANY}, a company registered in Scotland. Our team of buyers, editors and customer-care staff works from Bothwell Street, a short walk from Glasgow Central.`,
      ],
    },
    {
      id: 'how-it-works',
      heading: 'How it works',
      paragraphs: ['Local businesses offer us a limited number of vouchers at a big discount, usually to fill quieter days and to meet new customers. You buy a voucher from us, then redeem it with the business, following the instructions printed on the voucher.'],
      items: [
        'Savings of up to 80% on local deals, and up to 50% on travel.',
        'Deals in Glasgow, Edinburgh and Aberdeen, plus national shop deals delivered across the UK.',
        'Unused vouchers can be refunded within 14 days of purchase.',
        'Vouchers live in My Vouchers in your account, ready to print or show on your phone.',
      ],
      links: [
        { label: 'E-commerce terms', href: '/page/e-commerceterms' },
        { label: 'Today’s Glasgow deals', href: '/deals/glasgow' },
      ],
    },
    {
      id: 'our-promise',
      heading: 'Our promise to you',
      paragraphs: [
        'We only work with businesses we would be happy to send our own friends and family to. Our buyers check every business before its deal goes live, and we read every review you leave. If a business lets you down, our customer-care team will put it right.',
        'Prices on Thistle Deals are always shown in pounds sterling and include VAT. Any delivery charge or admin fee is shown before you pay, never added afterwards.',
      ],
      links: [{ label: 'About admin fees', href: '/page/admin-fee' }],
    },
    {
      id: 'work-with-us',
      heading: 'Work with us',
      paragraphs: ['Run a restaurant, salon, attraction or shop? Featuring on Thistle Deals brings new customers through your door at no upfront cost. Read the business FAQ to see how it works.'],
      links: [{ label: 'Business FAQ', href: '/page/businessfaq' }],
    },
  ]),

  page('termsofuse', 'Terms of use', 'The terms that apply when you use the Thistle Deals website and app: your account, acceptable use, content and our liability.', [
    {
      id: 'about-these-terms',
      heading: 'About these terms',
      paragraphs: [
        `These terms of use apply whenever you visit or use the Thistle Deals website or app (the “site”). The site is operated by ${COMPANY}, registered in Scotland (“we”, “us”).`,
        'By using the site you accept these terms. When you buy a voucher, our e-commerce terms also apply. Please read them too.',
      ],
      links: [{ label: 'E-commerce terms', href: '/page/e-commerceterms' }],
    },
    {
      id: 'your-account',
      heading: 'Your account',
      paragraphs: ['You must be 18 or over to open an account or buy vouchers. Keep your password to yourself and tell us straight away if you think someone else has used your account. You are responsible for what happens in your account until you tell us.'],
    },
    {
      id: 'acceptable-use',
      heading: 'Using the site fairly',
      paragraphs: ['You may use the site for your own, non-commercial shopping. You must not:'],
      items: [
        'copy, scrape or resell deals, vouchers or content without our written permission;',
        'try to get into parts of the site or our systems that are not meant for you, or interfere with how they work;',
        'post reviews that are false, offensive or written for payment;',
        'open several accounts to get round purchase limits or promotions.',
      ],
    },
    {
      id: 'content',
      heading: 'Our content and yours',
      paragraphs: [
        'The text, photographs, logos and design of the site belong to us or to the businesses we work with. When you post a review, you give us permission to show it on the site and in our emails.',
        'If you believe something on the site infringes your rights, tell us using our takedown procedure.',
      ],
      links: [{ label: 'Takedown procedure', href: '/page/takedown' }],
    },
    {
      id: 'liability',
      heading: 'Our liability',
      paragraphs: [
        'We take care to keep deal descriptions accurate, but the service you receive is provided by the business named on your voucher. Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or anything else that cannot be limited under the law of Scotland or the rest of the UK.',
        'These terms are governed by Scots law. If you live elsewhere in the UK, you may also bring proceedings in the courts where you live.',
      ],
    },
  ]),

  page('privacypolicy', 'Privacy policy', 'How Thistle Deals collects, uses and protects your personal data under UK GDPR and PECR, and the choices you have.', [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [`${COMPANY}, registered in Scotland, is the controller of the personal data described here. You can reach our data protection team at privacy@thistledeals.co.uk or by writing to us at that address.`],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      paragraphs: ['We collect only what we need to run the shop:'],
      items: [
        'your name, email address and, for deliveries, your postal address and phone number;',
        'your orders, vouchers, wallet and gift-card history;',
        'payment references from our payment providers (we never store your full card number);',
        'how you use the site, where you have allowed us to (see Cookies below).',
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'How we use it',
      paragraphs: [
        'We use your data to sell and deliver your vouchers, look after your account, prevent fraud and meet our legal duties. With your consent, or where the law allows for existing customers, we send you emails about deals; every email has an unsubscribe link.',
        'We share data with the business named on your voucher (so it can honour it), our payment providers, delivery partners and the companies that host our systems in the UK and EEA. We never sell your personal data.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'We use strictly necessary cookies to keep your basket, your login and your cookie choice. Other cookies, such as advertising and third-party tracking, are only set once you accept them in our cookie banner, and you can change your mind at any time.',
        'Your choice is recorded per supplier, and we check it before any tracking takes place.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: ['You can ask for a copy of your data, ask us to correct or delete it, object to how we use it or ask us to stop marketing to you. We will answer within one month. If you are unhappy with our answer you can complain to the Information Commissioner’s Office (ico.org.uk).'],
    },
    {
      id: 'keeping-data',
      heading: 'How long we keep it',
      paragraphs: ['We keep order records for six years after the end of the financial year they belong to, as tax law requires. Accounts you close are anonymised, apart from the order records we must keep.'],
    },
  ]),

  page('e-commerceterms', 'E-commerce terms', 'The terms that apply when you buy a voucher from Thistle Deals: refunds within 14 days, VIP membership, Protect My Voucher and voucher validity extensions.', [
    {
      id: 'introduction',
      heading: 'Introduction',
      paragraphs: [
        `These terms apply to every voucher, product and membership you buy on Thistle Deals from ${COMPANY}, registered in Scotland. They sit alongside our terms of use. Your statutory rights as a consumer are not affected.`,
      ],
      links: [{ label: 'Terms of use', href: '/page/termsofuse' }],
    },
    {
      id: 'buying-a-voucher',
      heading: 'Buying a voucher',
      paragraphs: [
        'A voucher is a prepaid right to the goods or services described on the deal page, supplied by the business named on it (the merchant). The merchant, not us, provides those goods or services, and its own terms apply when you redeem.',
        'Some deals limit how many vouchers one customer can buy. We show the limit on the deal page and your basket will not accept more.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      paragraphs: [
        'You can cancel and get a full refund for any unused voucher within 14 days of purchase (until the end of the 14th day), for any reason. Go to My Vouchers, choose the voucher and select “Refund”. We refund it to your original payment method, or, only if you choose it, as wallet credit.',
        'After 14 days, if a merchant cannot honour a voucher (for example because it has closed), we will refund you in full or give you the same amount as wallet credit, whichever you prefer.',
      ],
      links: [{ label: 'Wallet credit explained', href: '/page/wallet-credit-more-info' }],
    },
    {
      id: 'vip',
      heading: 'VIP membership',
      paragraphs: [
        'VIP membership costs £4.99 a year. While your membership is active you get extra savings of up to 10% on selected deals, early access to VIP-exclusive deals and VIP-only pages. The VIP price is shown beside the standard price on every deal it applies to.',
        'Membership starts as soon as payment is taken and lasts 12 months. It does not renew automatically: it renews only if you choose to buy it again, and you will never be charged more than £4.99 for a year of membership. You can cancel online on My Subscriptions within 14 days of joining or renewing (to the end of the 14th day, UK time) for a full refund to the way you paid; your VIP prices end at once.',
      ],
    },
    {
      id: 'protect-my-voucher',
      heading: 'Protect My Voucher',
      paragraphs: [
        'Protect My Voucher is an optional cover you can add at checkout. With it, you can return an unused voucher at any time before it expires, for any reason, and receive its full price back as wallet credit. Its price is shown at checkout before you pay.',
        'Protect My Voucher cannot be added after purchase, and its own price is non-refundable once the 14-day refund window has passed. Credit from a protected voucher follows our wallet terms and expires 12 months after it reaches your wallet.',
      ],
      links: [{ label: 'Wallet terms of use', href: '/page/wallettermsofuse' }],
    },
    {
      id: 'voucher-validity-extensions',
      heading: 'Voucher validity extensions',
      paragraphs: [
        'If you need more time to use a voucher, you can buy an extension of up to 3 months from My Vouchers, as long as the voucher has not yet expired or been redeemed. The price of the extension is shown before you pay, and the new expiry date is printed on your voucher straight away.',
        'An extension changes only the expiry date: the merchant’s availability, booking rules and opening times stay the same. Extensions cannot be refunded once the new expiry date has been issued.',
      ],
    },
    {
      id: 'promotional-credit',
      heading: 'Promotional codes and credit',
      paragraphs: ['Promotional credit (for example from a campaign or a refer-a-friend reward) can pay for up to 10% of the price of each item, up to £5 per item. Promotional codes cannot be exchanged for cash and we may end a promotion at any time.'],
      links: [{ label: 'Promotions', href: '/page/promo' }],
    },
    {
      id: 'complaints',
      heading: 'Complaints',
      paragraphs: ['If something goes wrong, contact our customer-care team at help@thistledeals.co.uk. We aim to reply within 2 working days and to resolve every complaint within 14 days.'],
    },
  ]),

  page('internetsafety', 'Internet safety', 'How to shop safely online with Thistle Deals: recognising phishing, protecting your account and reporting anything suspicious.', [
    {
      id: 'phishing',
      heading: 'Spotting fake emails and texts',
      paragraphs: ['We will never ask for your password, your full card number or your card security code by email, text or phone. Emails from us always come from an address ending in thistledeals.co.uk. Be wary of any message that:'],
      items: [
        'asks you to “confirm” payment details or log in through a link;',
        'promises a deal that looks far better than anything on our site;',
        'pressures you to act within minutes.',
      ],
    },
    {
      id: 'your-account',
      heading: 'Protecting your account',
      paragraphs: ['Use a password you don’t use anywhere else, and let your browser or a password manager remember it. Log out when you use a shared computer, and keep your phone’s software up to date.'],
    },
    {
      id: 'paying-safely',
      heading: 'Paying safely',
      paragraphs: ['All payments on Thistle Deals are encrypted and processed by regulated payment providers; your bank may ask you to confirm a payment in its app. Only pay on our checkout page. Never pay a merchant or anyone else directly for a Thistle Deals voucher.'],
    },
    {
      id: 'report',
      heading: 'Reporting something suspicious',
      paragraphs: ['Forward suspicious emails to report@phishing.gov.uk and let us know at help@thistledeals.co.uk. If you think you have been the victim of fraud, contact your bank straight away and report it to Police Scotland on 101, or to Action Fraud if you live in England, Wales or Northern Ireland.'],
    },
  ]),

  page('takedown', 'Takedown procedure', 'How to ask Thistle Deals to remove content that infringes your intellectual property or other rights, and what happens next.', [
    {
      id: 'what-you-can-report',
      heading: 'What you can report',
      paragraphs: ['If you believe content on Thistle Deals (a photograph, description, review or trade mark) infringes your copyright, trade mark or other rights, or is unlawful, you can ask us to remove it.'],
    },
    {
      id: 'how-to-report',
      heading: 'How to report it',
      paragraphs: ['Email legal@thistledeals.co.uk or write to Legal, Thistle Deals Ltd, 120 Bothwell Street, Glasgow G2 7JL, including:'],
      items: [
        'your name and contact details;',
        'the address of the page and a description of the content;',
        'the right you believe is infringed, and why;',
        'a statement that the information in your notice is accurate and that you are the rights holder or authorised to act for them.',
      ],
    },
    {
      id: 'what-happens-next',
      heading: 'What happens next',
      paragraphs: ['We acknowledge every notice within 2 working days. Where the notice is complete and the content appears to infringe, we remove or disable it promptly and tell the merchant or person who posted it, who may respond. We may restore content if we receive a well-founded response.'],
    },
  ]),

  page('productrecalls', 'Product recalls', 'Current product recalls and safety notices for goods sold on Thistle Deals, and what to do if you bought an affected product.', [
    {
      id: 'current-recalls',
      heading: 'Current recalls',
      paragraphs: ['There are no product recalls for goods sold on Thistle Deals at the moment. When there are, we list them here with the product name, the deal it was sold under, the dates of sale and what to do.'],
    },
    {
      id: 'how-we-handle-recalls',
      heading: 'How we handle a recall',
      paragraphs: ['When a supplier or a regulator such as the Office for Product Safety and Standards tells us a product is unsafe, we stop selling it at once, email every customer who bought it and publish a notice on this page. You will always be offered a refund, a repair or a replacement, free of charge.'],
    },
    {
      id: 'if-you-have-an-affected-product',
      heading: 'If you have an affected product',
      paragraphs: ['Stop using it and contact us at help@thistledeals.co.uk with your order number. We will arrange a free collection or a prepaid returns label.'],
    },
  ]),

  page('admin-fee', 'Admin fee', 'When Thistle Deals charges an admin fee, how much it is, and when it is refunded.', [
    {
      id: 'what-it-is',
      heading: 'What the admin fee is',
      paragraphs: ['A small number of deals, mainly travel and some delivered products, carry an admin fee that covers booking and handling costs. Where a deal has one, it is shown on the deal page and in your basket before you pay. We never add it afterwards.'],
    },
    {
      id: 'refunds',
      heading: 'Is it refunded?',
      paragraphs: ['Yes, if you cancel within the 14-day refund window, or if the merchant cannot honour your voucher. Otherwise the admin fee is not refundable, because the booking work it pays for has already been done.'],
      links: [{ label: 'Refunds in our e-commerce terms', href: '/page/e-commerceterms#refunds' }],
    },
    {
      id: 'deals-without-fees',
      heading: 'Deals without an admin fee',
      paragraphs: ['Local restaurant, spa, beauty and activity deals in Glasgow, Edinburgh and Aberdeen never carry an admin fee.'],
    },
  ]),

  page('giftcardterms', 'Gift card terms', 'The terms of Thistle Deals gift cards: £10 to £500, sent as an e-gift by email or posted as a printed card, redeemed within 6 months of purchase for wallet credit, which then lasts 12 months.', [
    {
      id: 'buying-a-gift-card',
      heading: 'Buying a gift card',
      paragraphs: [
        'A Thistle Deals gift card is sold in amounts of £10, £25, £50, £100, £200 and £500, at its face value, through the normal checkout. Promo codes take nothing off a gift card, and promotional wallet credit cannot pay for one.',
        'In your basket, choose how we send each gift card: "E-gift by email" (free) or "Posted card" (£1.50 postage).',
        'E-gift by email: to send it to someone, choose "Send it as an e-gift" for it in your basket and give their name, email address and a message: we email them the gift card code as soon as your order is paid, or on the day you choose (today or any day up to 2 months ahead). The 6 months to redeem it count from your purchase, not from the day it is emailed. If you do not send it as an e-gift, the code is yours to pass on: it is in My Vouchers, or on the order page of an order placed without signing in.',
        'Posted card: a printed card with the gift card code on it, posted to the delivery address you give at checkout when your order is paid. It arrives within 5 working days. A posted card has no send date and is not emailed to anyone. Its code is also in your order confirmation and in My Vouchers (or on the order page of an order placed without signing in), and it can be redeemed as soon as your order is paid, before the card arrives. The 6 months to redeem it count from your purchase. The £1.50 postage is not refunded if the gift card is.',
        'Gift cards cannot be gift wrapped or sent in a gift pack.',
      ],
    },
    {
      id: 'using-a-gift-card',
      heading: 'Using a gift card',
      paragraphs: ['A Thistle Deals gift card is redeemed into wallet credit on a Thistle Deals account. Enter the code at Redeem a gift card while logged in, and its full value is added to your wallet straight away. Each gift card can be redeemed once. You can then spend the credit on any deal at checkout.'],
      links: [{ label: 'Redeem a gift card', href: '/giftcard/redeem' }],
    },
    {
      id: 'time-limits',
      heading: 'Time limits',
      items: [
        'A gift card must be redeemed for wallet credit within 6 months of purchase (to the end of that day, UK time). After that it has expired and cannot be redeemed.',
        'Wallet credit from a gift card expires 12 months after you redeem it (to the end of that day, UK time).',
      ],
      paragraphs: ['When you redeem a gift card we show the date its credit expires.'],
    },
    {
      id: 'refunds-and-cash',
      heading: 'Refunds and cash',
      paragraphs: [
        'The buyer can cancel a gift card that has not been redeemed and have it refunded within 14 days of purchase, from My Vouchers. After that, or once it has been redeemed, it cannot be refunded, except where your statutory rights as a consumer say otherwise (for example if it was not as described).',
        'A posted card can be refunded in the same way, even once it has been posted, and there is nothing to send back: the refund cancels its code, so the printed card can no longer be redeemed. The £1.50 postage is not refunded.',
        'Gift cards and their wallet credit cannot be exchanged for cash. Treat a gift card code like cash: anyone who has it can redeem it, and we cannot replace one that is lost or used by someone else.',
      ],
      links: [{ label: 'Wallet terms of use', href: '/page/wallettermsofuse' }],
    },
  ]),

  page('wallet-credit-more-info', 'Wallet credit explained', 'What Thistle Deals wallet credit is, how you get it, how to spend it and when it expires.', [
    {
      id: 'what-is-wallet-credit',
      heading: 'What is wallet credit?',
      paragraphs: ['Your wallet holds credit you can spend on any deal at checkout. You will see your balance at checkout and in My Wallet, and you can choose whether to use it.'],
      links: [{ label: 'My wallet', href: '/myaccount/wallet' }],
    },
    {
      id: 'ways-to-get-credit',
      heading: 'Ways to get credit',
      paragraphs: ['Credit reaches your wallet when:'],
      items: [
        'you redeem a gift card (within 6 months of its purchase);',
        'you return a voucher for credit, for example with Protect My Voucher;',
        'a friend you referred makes their first purchase and keeps it past the 14-day refund window (£10 each);',
        'you exchange loyalty points, or claim a promotional offer.',
      ],
    },
    {
      id: 'spending-credit',
      heading: 'Spending credit',
      paragraphs: ['Credit is spent at checkout, before your card or other payment method is charged. Promotional credit can pay for up to 10% of each item, up to £5 per item; other credit can pay for the whole order.'],
    },
    {
      id: 'expiry',
      heading: 'When credit expires',
      paragraphs: ['Wallet credit expires 12 months after it is redeemed into your wallet. Credit given for an expired voucher is valid for 14 days. The expiry date of each amount is shown in My Wallet.'],
      links: [{ label: 'Wallet terms of use', href: '/page/wallettermsofuse' }],
    },
  ]),

  page('wallettermsofuse', 'Wallet terms of use', 'The terms of the Thistle Deals wallet: the kinds of credit, how it is spent, expiry and refunds.', [
    {
      id: 'the-wallet',
      heading: 'The wallet',
      paragraphs: [`The wallet is a record of credit held for you by ${COMPANY} against your Thistle Deals account. It is not a bank account or e-money and does not earn interest. Credit is held in the currency it was given in: pounds sterling, or euros for deals sold in euros.`],
    },
    {
      id: 'kinds-of-credit',
      heading: 'Kinds of credit',
      items: [
        'Refundable credit: from refunded and returned vouchers, and expired vouchers taken as credit. It can pay for any part of an order.',
        'Gift card credit: from redeemed gift cards. It cannot be exchanged for cash.',
        'Promotional credit: from campaigns, referrals and loyalty points. It can pay for up to 10% of each item, up to £5 per item, and cannot be exchanged for cash.',
      ],
      paragraphs: ['My Wallet shows your promotional credit and your other credit separately, and the expiry date of each amount that expires.'],
    },
    {
      id: 'expiry',
      heading: 'Expiry',
      paragraphs: ['Wallet credit expires 12 months after it is redeemed into your wallet, unless a shorter period applies: credit given for an expired voucher is valid for 14 days. Expired credit is removed and cannot be restored.'],
    },
    {
      id: 'spending-order',
      heading: 'Which credit is spent first',
      paragraphs: ['At checkout we spend the credit closest to its expiry date first, then credit with no expiry date. If a voucher paid partly with credit is refunded, or an order is not completed, that credit comes back to your wallet with the expiry date it had: if that date has passed, it expires.'],
    },
    {
      id: 'misuse',
      heading: 'Misuse',
      paragraphs: ['Credit may not be transferred between accounts or sold. We may remove credit gained through fraud or by breaking our terms.'],
    },
  ]),

  page('businessfaq', 'Business FAQ', 'For businesses: how featuring a deal on Thistle Deals works, what it costs and how you get paid.', [
    {
      id: 'how-it-works',
      heading: 'How does featuring a deal work?',
      paragraphs: ['You offer a limited number of vouchers for your service or product at a discount. We write the deal with you, photograph it if you like, and promote it to shoppers in your area through the site, the app and our daily emails.'],
    },
    {
      id: 'costs',
      heading: 'What does it cost?',
      paragraphs: ['Nothing upfront. We keep an agreed share of each voucher sold and pay you the rest. There are no listing fees and no contract beyond the deal itself.'],
    },
    {
      id: 'payment',
      heading: 'How and when am I paid?',
      paragraphs: ['We pay by bank transfer, in instalments agreed in your contract: usually part when the 14-day refund window has passed and the rest as vouchers are redeemed. Your merchant dashboard shows every voucher sold and redeemed.'],
    },
    {
      id: 'redemption',
      heading: 'How do customers redeem?',
      paragraphs: ['Each voucher has a unique code. Customers book with you directly, using the booking details you give us, and show their voucher on arrival. You mark it redeemed in the merchant dashboard so it cannot be used twice.'],
    },
    {
      id: 'get-started',
      heading: 'How do I get started?',
      paragraphs: ['Use the Become a merchant link in your account menu, or email partners@thistledeals.co.uk with your business name, location and what you would like to offer. A member of our Glasgow team will be in touch within 2 working days.'],
    },
  ]),

  page('promo', 'Promotions', 'Current Thistle Deals promotions and the general terms that apply to promotional codes and credit.', [
    {
      id: 'current-promotions',
      heading: 'Current promotions',
      paragraphs: ['Refer a friend: when a friend you invite makes their first purchase and keeps it past the 14-day refund window, you each receive £10 of wallet credit.'],
      links: [{ label: 'Refer a friend', href: '/myaccount/refer-a-friend' }],
    },
    {
      id: 'vip-savings',
      heading: 'VIP savings',
      paragraphs: ['VIP members save up to an extra 10% on selected deals for £4.99 a year.'],
      links: [{ label: 'VIP membership terms', href: '/page/e-commerceterms#vip' }],
    },
    {
      id: 'general-terms',
      heading: 'General promotion terms',
      items: [
        'One use per customer unless the promotion says otherwise.',
        'Promotional credit can pay for up to 10% of each item, up to £5 per item.',
        'Codes cannot be exchanged for cash, combined with other codes or applied after purchase.',
        'We may end or change a promotion where it is being misused, or where we have made an obvious mistake.',
      ],
      paragraphs: [`Promoter: ${COMPANY}.`],
    },
  ]),

  page('uk-modern-slavery-act-transparency-statement', 'Modern Slavery Act transparency statement', 'Thistle Deals Ltd’s statement on the steps it takes to prevent modern slavery and human trafficking in its business and supply chains.', [
    {
      id: 'introduction',
      heading: 'Introduction',
      paragraphs: ['This statement sets out the steps Thistle Deals Ltd has taken to understand and reduce the risk of modern slavery and human trafficking in our business and supply chains. We publish it voluntarily, in the spirit of section 54 of the Modern Slavery Act 2015 and the Human Trafficking and Exploitation (Scotland) Act 2015.'],
    },
    {
      id: 'our-business',
      heading: 'Our business and supply chains',
      paragraphs: ['We run an online marketplace from Glasgow. Our supply chains are the local businesses whose deals we sell, the suppliers of the products we sell for national delivery, and the companies that provide our technology, payments and delivery.'],
    },
    {
      id: 'due-diligence',
      heading: 'Due diligence',
      items: [
        'Every merchant agrees to our supplier code of conduct, which forbids forced, bonded and child labour.',
        'Product suppliers tell us where their goods are made, and higher-risk categories are reviewed before listing.',
        'We pay our own staff at least the real Living Wage.',
      ],
      paragraphs: ['Where we find a breach, we work with the supplier to put it right, and stop working with them if they will not.'],
    },
    {
      id: 'training-and-reporting',
      heading: 'Training and reporting',
      paragraphs: ['Our buyers and customer-care staff are trained to recognise signs of exploitation. Anyone can report a concern in confidence to ethics@thistledeals.co.uk. This statement is approved by the board of Thistle Deals Ltd and reviewed every year.'],
    },
  ]),

  page('regulated-finance-complaints.html', 'Regulated finance complaints', 'How to complain about PayPal Credit arranged through Thistle Deals, and how to reach the Financial Ombudsman Service.', [
    {
      id: 'who-this-is-for',
      heading: 'Who this is for',
      paragraphs: ['This page explains how to complain about how we introduced you to PayPal Credit when you paid for an order on Thistle Deals.'],
    },
    {
      id: 'how-to-complain',
      heading: 'How to complain',
      paragraphs: ['Email complaints@thistledeals.co.uk or write to Complaints, Thistle Deals Ltd, 120 Bothwell Street, Glasgow G2 7JL. Tell us your name, order number and what went wrong. Complaints about the credit agreement itself (such as interest or repayments) should go to the lender, whose details are in your agreement.'],
    },
    {
      id: 'what-happens-next',
      heading: 'What happens next',
      items: [
        'We acknowledge your complaint within 5 working days.',
        'We send our final response within 8 weeks.',
        'If you are unhappy with our response, or have not heard from us within 8 weeks, you can refer your complaint to the Financial Ombudsman Service within 6 months of our final response.',
      ],
      paragraphs: ['The Financial Ombudsman Service, Exchange Tower, London E14 9SR; telephone 0800 023 4567; financial-ombudsman.org.uk. Its service is free.'],
    },
  ]),

  page('regulated-finance-disclosure.html', 'Regulated finance disclosure', 'Thistle Deals Ltd acts as a credit broker, not a lender, and introduces you to PayPal Credit only. What that means for you.', [
    {
      id: 'credit-broker',
      heading: 'We are a credit broker, not a lender',
      paragraphs: ['Thistle Deals Ltd acts as a credit broker, not a lender, and introduces you to PayPal Credit only. When you choose PayPal Credit at checkout, PayPal decides whether to lend to you. Credit is subject to status; UK residents aged 18 or over only.'],
    },
    {
      id: 'paypal-credit',
      heading: 'PayPal Credit',
      paragraphs: [
        'PayPal Credit is a trading name of PayPal (Europe) S.à r.l. et Cie, S.C.A., 22-24 Boulevard Royal, L-2449, Luxembourg. The representative APR and the terms of your credit are set by PayPal and shown to you before you agree.',
        'We may receive a commission from PayPal for introducing you; it does not change the amount you pay.',
      ],
    },
    {
      id: 'other-instalments',
      heading: 'Klarna and Clearpay',
      paragraphs: ['Klarna and Clearpay let you spread the cost of an order in interest-free instalments. They are provided by Klarna and Clearpay under their own terms, which they show you before you agree. Missed payments may affect your credit score.'],
    },
    {
      id: 'complaints',
      heading: 'Complaints',
      paragraphs: ['If you are unhappy with how we introduced you to PayPal Credit, see our regulated finance complaints page.'],
      links: [{ label: 'Regulated finance complaints', href: '/page/regulated-finance-complaints.html' }],
    },
  ]),

  page(
    'editorial-team',
    'Our editorial team',
    'Meet the Thistle Deals editors in Glasgow who find, test and write up the deals, guides and gift ideas on the site.',
    [
      {
        id: 'who-we-are',
        heading: 'Who we are',
        paragraphs: ['Our editors live in the cities we cover: Glasgow, Edinburgh and Aberdeen. They eat in the restaurants, book the spa days and try the activities before writing about them, so every deal and guide is written by someone who has been there.'],
      },
      {
        id: 'how-we-choose',
        heading: 'How we choose deals',
        paragraphs: ['Each business is checked by our buyers before its deal goes live: its reviews, its hygiene rating where there is one, and whether the “original price” we show is a price it really charges. Our editors then write a deal page that says clearly what you get and what you don’t.'],
        items: ['We never accept payment for a review or a place in a guide.', 'Sponsored placements are always labelled.', 'We update or withdraw a guide when a business changes or closes.'],
      },
      {
        id: 'contact',
        heading: 'Get in touch',
        paragraphs: ['Spotted a mistake, or know a place we should cover? Email editors@thistledeals.co.uk.'],
      },
    ],
    '/editorial-team',
  ),

  page(
    'discountcodes',
    'Discount codes',
    'How Thistle Deals discount codes work, where to find them and the terms that apply.',
    [
      {
        id: 'how-codes-work',
        heading: 'How discount codes work',
        paragraphs: ['Enter a discount code in the promo code box at checkout. The saving is shown in your order summary before you pay. If a code is expired, invalid, already used, not applicable to the deals in your basket or not eligible for your account, the box tells you why.'],
      },
      {
        id: 'where-to-find-codes',
        heading: 'Where to find codes',
        items: ['In our daily deals email: subscribe and get the best codes first.', 'On this page, when a site-wide code is running.', 'From friends: refer-a-friend rewards come as £10 of wallet credit rather than a code.'],
        paragraphs: ['There is no site-wide code running today.'],
      },
      {
        id: 'terms',
        heading: 'Terms',
        paragraphs: ['One code per order. Promotional credit can pay for up to 10% of each item, up to £5 per item. Codes cannot be exchanged for cash.'],
        links: [{ label: 'General promotion terms', href: '/page/promo#general-terms' }],
      },
    ],
    '/discountcodes',
  ),
];
