import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { CONSENT_COOKIE, CONSENT_VENDORS, linkBuildingScript, parseConsent, type ConsentVendor } from '@shop/domain/cookies';
import { readCookie } from '../../lib/cookies.ts';
import { CONSENT_CHANGE_EVENT, CONSENT_OPEN_EVENT, openCookieSettings, readConsent, saveConsent } from './consent.ts';
import './consent.css';

const LABELS: Record<ConsentVendor, { title: string; text: string }> = {
  statistics: {
    title: 'Statistics',
    text: 'First-party measurement of how the shop is used (test groups, which link brought you here), only to improve it.',
  },
  marketing: {
    title: 'Marketing',
    text: 'Advertising and affiliate partners: Google and Microsoft ad click ids, affiliate visits and email campaign sources.',
  },
  'link-building': {
    title: 'Partner links',
    text: 'An external script on local and guide pages that adds links to partner sites.',
  },
};

/** The external link-building script's URL, if the server is configured with one (none by default). */
const LINK_BUILDING_URL: string | undefined =
  document.querySelector('meta[name="shop:link-building-script"]')?.getAttribute('content') ?? undefined;

function subscribe(onChange: () => void) {
  window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
}
const consentCookie = () => readCookie(CONSENT_COOKIE);

type Shown = 'closed' | 'ask' | 'manage' | 'saved';

/**
 * The cookie banner (UK GDPR / PECR): in the page flow at the top of the body (never fixed, so
 * it never covers focused content, WCAG 2.4.11), with equal Accept all / Reject all buttons and a
 * Manage choice per category. Nothing non-essential is set before a choice. Also loads the
 * external link-building script where spec §2 wants it, only with consent.
 */
export function ConsentBanner({ pathname }: { pathname: string }) {
  const consent = parseConsent(useSyncExternalStore(subscribe, consentCookie, () => null));
  const [shown, setShown] = useState<Shown>(() => (consent.chosen ? 'closed' : 'ask'));
  const [denied, setDenied] = useState<readonly ConsentVendor[]>(consent.chosen ? consent.denied : CONSENT_VENDORS);
  const [message, setMessage] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    const open = () => {
      setDenied(readConsent().denied);
      setShown('manage');
      requestAnimationFrame(() => {
        headingRef.current?.scrollIntoView({ block: 'nearest' });
        headingRef.current?.focus();
      });
    };
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    return () => window.removeEventListener(CONSENT_OPEN_EVENT, open);
  }, []);

  const scriptUrl = linkBuildingScript(pathname, consent, LINK_BUILDING_URL);
  useEffect(() => {
    if (!scriptUrl || document.querySelector(`script[data-link-building]`)) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.linkBuilding = '';
    document.body.append(script);
  }, [scriptUrl]);

  const choose = (list: readonly ConsentVendor[], text: string) => {
    saveConsent(list);
    setDenied(list);
    setMessage(text);
    setShown('saved');
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (shown === 'closed') return null;
  return (
    <section className={shown === 'saved' ? 'consent-banner consent-banner--saved' : 'consent-banner'} aria-label="Cookies on this site">
      <div className="container consent-banner__inner">
        <h2 ref={headingRef} tabIndex={-1} className="consent-banner__heading">
          {shown === 'saved' ? 'Cookie choices saved' : 'Cookies on this site'}
        </h2>
        {shown === 'saved' ? (
          <>
            <p role="status">{message} You can change your cookie settings at any time from the footer.</p>
            <div className="consent-banner__actions">
              <button type="button" className="button button--secondary" onClick={() => setShown('closed')}>
                <span>
                  Hide<span className="visually-hidden-below-sm"> cookie message</span>
                </span>
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              We use some essential cookies to make the shop work (your basket, your location and today’s prices). We’d
              also like to measure how you use the shop and, with your permission, use marketing and partner cookies.
            </p>
            {shown === 'manage' && (
              <fieldset className="consent-banner__choices">
                <legend>Choose which cookies you accept</legend>
                {CONSENT_VENDORS.map((vendor) => (
                  <div key={vendor} className="consent-banner__choice">
                    <input
                      type="checkbox"
                      id={`${id}-${vendor}`}
                      aria-describedby={`${id}-${vendor}-hint`}
                      checked={!denied.includes(vendor)}
                      onChange={(e) => setDenied(e.target.checked ? denied.filter((v) => v !== vendor) : [...denied, vendor])}
                    />
                    <label htmlFor={`${id}-${vendor}`}>{LABELS[vendor].title}</label>
                    <p id={`${id}-${vendor}-hint`} className="consent-banner__hint">
                      {LABELS[vendor].text}
                    </p>
                  </div>
                ))}
              </fieldset>
            )}
            <div className="consent-banner__actions">
              <button type="button" className="button button--primary" onClick={() => choose([], 'You’ve accepted all cookies.')}>
                Accept all cookies
              </button>
              <button type="button" className="button button--primary" onClick={() => choose(CONSENT_VENDORS, 'You’ve rejected non-essential cookies.')}>
                Reject all cookies
              </button>
              {shown === 'manage' ? (
                <button type="button" className="button button--secondary" onClick={() => choose(denied, 'Your cookie choices are saved.')}>
                  Save my choices
                </button>
              ) : (
                <button type="button" className="button button--secondary" aria-expanded="false" onClick={() => setShown('manage')}>
                  Manage cookies
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** A button that reopens the cookie banner, for the footer ("Cookie settings"). */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={openCookieSettings}>
      Cookie settings
    </button>
  );
}
