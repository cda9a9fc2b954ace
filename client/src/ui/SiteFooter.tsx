import { Link } from 'react-router';
import { LogoMark } from './Logo.tsx';

const COLUMNS: Array<{ heading: string; links: Array<[string, string]> }> = [
  {
    heading: 'Thistle Deals',
    links: [
      ['About us', '/page/aboutus'],
      ['Editorial team', '/editorial-team'],
      ['Discount codes', '/discountcodes'],
      ['Gift finder', '/gifts'],
    ],
  },
  {
    heading: 'Your account',
    links: [
      ['My vouchers', '/myaccount/vouchers'],
      ['My wallet', '/myaccount/wallet'],
      ['Redeem a gift card', '/giftcard/redeem'],
      ['Email preferences', '/email/preferences'],
    ],
  },
  {
    heading: 'Legal',
    links: [
      ['Terms of use', '/page/termsofuse'],
      ['Privacy policy', '/page/privacypolicy'],
      ['E-commerce terms', '/page/e-commerceterms'],
      ['Internet safety', '/page/internetsafety'],
      ['Modern Slavery Act statement', '/page/uk-modern-slavery-act-transparency-statement'],
    ],
  },
  {
    heading: 'For business',
    links: [
      ['Become a merchant', '/page/businessfaq'],
      ['Product recalls', '/page/productrecalls'],
      ['Takedown requests', '/page/takedown'],
    ],
  },
];

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
              </ul>
            </nav>
          ))}
        </div>
        <div className="site-footer__legal">
          <p className="site-footer__brand">
            <LogoMark size={28} />
            <span>
              <strong>Thistle Deals Ltd</strong>, 120 Bothwell Street, Glasgow G2 7JL. Registered in Scotland.
            </span>
          </p>
          <p>
            We accept Visa and Mastercard credit and debit cards, PayPal, Apple Pay and Google Pay. Card payments are
            processed securely by our payment provider; we never store your full card number.
          </p>
          <p>© {year} Thistle Deals Ltd. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
