import { Link } from 'react-router';
import { LogoMark } from './Logo.tsx';
import { features } from '../features/shell/features.ts';
import { CookieSettingsButton } from '../features/consent/ConsentBanner.tsx';

const COLUMNS: Array<{ heading: string; links: Array<[string, string]> }> = [
  {
    heading: 'Thistle Deals',
    links: [
      ['About us', '/page/aboutus'],
      ['Editorial team', '/editorial-team'],
      ['Discount codes', '/discountcodes'],
      ['Gift finder', '/gifts'],
      ['Shop deals', '/deals/shop'],
      ['Deals on a map', '/map-view'],
      ['The Wellness Collection', '/deals/wellness-collection'],
    ],
  },
  {
    heading: 'Your account',
    links: [
      ['My vouchers', '/myaccount/vouchers'],
      ['My wallet', '/myaccount/wallet'],
      ['Redeem a gift card', '/giftcard/redeem'],
      ['Claim a gift', '/mygift'],
      ['Email preferences', '/email/preferences'],
    ],
  },
  {
    heading: 'Legal',
    links: [
      ['Terms of use', '/page/termsofuse'],
      ['Privacy policy', '/page/privacypolicy'],
      ['E-commerce terms', '/page/e-commerceterms'],
      ['Gift card terms', '/page/giftcardterms'],
      ['Wallet terms of use', '/page/wallettermsofuse'],
      ['Admin fee', '/page/admin-fee'],
      ['Promotions', '/page/promo'],
    ],
  },
  {
    heading: 'Help and safety',
    links: [
      ['Need help', '/faqs'],
      ['Internet safety', '/page/internetsafety'],
      ['Wallet credit explained', '/page/wallet-credit-more-info'],
      ['Product recalls', '/page/productrecalls'],
      ['Takedown requests', '/page/takedown'],
      ['Modern Slavery Act statement', '/page/uk-modern-slavery-act-transparency-statement'],
    ],
  },
  {
    heading: 'For business',
    links: [
      ['Become a merchant', '/merchant/apply'],
      ['Merchant help centre', '/merchantfaqs'],
    ],
  },
];

// Plain links to our pages on the social networks: no widgets, scripts or images from their hosts.
const SOCIAL: Array<{ name: string; href: string; icon: string }> = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/thistledeals',
    icon: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21Z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/thistledeals',
    icon: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3Zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z',
  },
  {
    name: 'X',
    href: 'https://x.com/thistledeals',
    icon: 'M4 4h4.6l3.9 5.3L17 4h2.4l-5.8 6.7L20.5 20h-4.6l-4.2-5.7L6.7 20H4.3l6.3-7.2Z',
  },
  {
    name: 'TikTok',
    href: 'https://www.tiktok.com/@thistledeals',
    icon: 'M14 3h2.6c.3 2 1.7 3.4 3.9 3.6v2.7c-1.5 0-2.8-.4-3.9-1.2V15a5.5 5.5 0 1 1-5.5-5.5h.5v2.8h-.5A2.7 2.7 0 1 0 13.9 15Z',
  },
];

/** The footer (spec §2): link columns, social links, feature-switched app and careers links, legal text. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <ul className="trust-strip" aria-label="Why shop with us">
          <li>
            <strong>Secure card payments</strong> Your card details are encrypted end to end.
          </li>
          <li>
            <strong>14-day refunds</strong> Changed your mind? Unused vouchers can be refunded within 14 days.
          </li>
          <li>
            <strong>Local to Scotland</strong> Hand-picked businesses in Glasgow, Edinburgh and Aberdeen.
          </li>
        </ul>
        <div className="site-footer__columns">
          {COLUMNS.map((col) => (
            <nav key={col.heading} aria-label={col.heading} className="site-footer__col">
              <h2>{col.heading}</h2>
              <ul>
                {col.links.map(([label, href]) => (
                  <li key={href}>
                    <Link to={href}>{label}</Link>
                  </li>
                ))}
                {/* Consent can be changed at any time, from every page (UK GDPR / PECR). */}
                {col.heading === 'Legal' ? (
                  <li>
                    <CookieSettingsButton className="site-footer__link-button" />
                  </li>
                ) : null}
              </ul>
            </nav>
          ))}
          <div className="site-footer__col">
            <h2>Follow us</h2>
            <ul className="social-links" aria-label="Social media">
              {SOCIAL.map((s) => (
                <li key={s.name}>
                  <a href={s.href} className="social-links__link" rel="noopener">
                    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d={s.icon} fill="currentColor" fillRule="evenodd" />
                    </svg>
                    <span className="visually-hidden">Thistle Deals on {s.name}</span>
                  </a>
                </li>
              ))}
            </ul>
            {features.appLinks && (
              <nav aria-label="Get the app" className="site-footer__apps">
                <h2>Get the app</h2>
                <ul>
                  <li>
                    <a href="/page/aboutus#app">Download on the App Store</a>
                  </li>
                  <li>
                    <a href="/page/aboutus#app">Get it on Google Play</a>
                  </li>
                </ul>
              </nav>
            )}
            {features.careersLink && (
              <a href="/page/aboutus#careers" className="site-footer__careers">
                <svg width="160" height="56" viewBox="0 0 160 56" role="img" aria-label="Careers at Thistle Deals: we are hiring">
                  <rect width="160" height="56" rx="10" fill="#6a2c91" />
                  <text x="80" y="34" fill="#fff" fontSize="16" fontWeight="700" textAnchor="middle">
                    We’re hiring
                  </text>
                </svg>
              </a>
            )}
          </div>
        </div>
        <div className="site-footer__legal">
          <p className="site-footer__brand">
            <LogoMark size={28} />
            <span>
              <strong>Thistle Deals Ltd</strong>, 120 Bothwell Street, Glasgow G2 7JL. Registered in Scotland.
            </span>
          </p>
          <p>
            Thistle Deals sells vouchers on behalf of the businesses that provide the experiences, goods and travel
            shown. Each voucher is subject to its deal’s fine print and our{' '}
            <Link to="/page/e-commerceterms">e-commerce terms</Link>. Prices include VAT where it applies. Savings are
            against the merchant’s usual price.
          </p>
          <p>
            We accept Visa and Mastercard credit and debit cards, PayPal, Apple Pay and Google Pay. Card payments are
            processed securely by our payment provider; we never store your full card number.
          </p>
          {features.paypalCredit && (
            <p className="site-footer__credit">
              PayPal Credit: Representative 23.9% APR (variable), based on an assumed credit limit of £1,200 at a
              purchase rate of 23.9% p.a. (variable). Credit is subject to status; UK residents aged 18 or over only.
              Thistle Deals Ltd acts as a credit broker, not a lender, and introduces you to PayPal Credit only. PayPal
              Credit is a trading name of PayPal (Europe) S.à r.l. et Cie, S.C.A., 22-24 Boulevard Royal, L-2449,
              Luxembourg. See our <Link to="/page/regulated-finance-disclosure.html">finance disclosure</Link> and{' '}
              <Link to="/page/regulated-finance-complaints.html">how to complain about finance</Link>.
            </p>
          )}
          <p>© {year} Thistle Deals Ltd. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
