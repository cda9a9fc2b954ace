import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CONSENT_CHANGE_EVENT, consentAnswered } from '../consent/consent.ts';
import { SUBSCRIBE_POPUP_DELAY_MS, cookieNames, showSubscribePopup } from '@shop/domain/popup';
import { useAuthState } from '../navigation/nav-session.ts';
import { useSubscribeForm } from '../accounts/use-subscribe-form.ts';
import { readPopupDismissedAt, writePopupDismissedAt } from './popup-storage.ts';
import { watchVisitorActivity, type VisitorActivity } from './visitor-activity.ts';
import './popup.css';

/**
 * The subscribe popup (spec §2): after 2 seconds, for visitors who are not logged in and have no
 * affiliate or brand cookie, never on the excluded pages (domain's showSubscribePopup), and only
 * once the visitor is idle (visitor-activity.ts): it never interrupts typing, an open menu or a
 * text field in use. A native modal <dialog>: focus moves in, Escape closes, focus returns to
 * where it was. Closing it in any way counts as a dismissal. A valid address is subscribed
 * (double opt-in: a confirmation email follows); the check and the request load on the first
 * submit.
 */
export function SubscribePopup() {
  const auth = useAuthState();
  const { pathname, search } = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const { error, status, busy, onSubmit, onChange, clearError } = useSubscribeForm('POPUP');
  const ids = useId();

  // Never a modal on top of the unanswered cookie banner (it would make the banner unreachable):
  // the 2 seconds start once the visitor has made a cookie choice.
  const [answered, setAnswered] = useState(consentAnswered);
  useEffect(() => {
    const onChange = () => setAnswered(consentAnswered());
    window.addEventListener(CONSENT_CHANGE_EVENT, onChange);
    return () => window.removeEventListener(CONSENT_CHANGE_EVENT, onChange);
  }, []);

  const allowed = answered && showSubscribePopup({
    pathname,
    search,
    auth,
    cookies: cookieNames(document.cookie),
    dismissedAt: readPopupDismissedAt(),
  });

  // Typing, open menus and fields in use, watched for the whole visit (typing before the cookie
  // choice counts too).
  const activity = useRef<VisitorActivity | null>(null);
  useEffect(() => {
    activity.current = watchVisitorActivity();
    return () => {
      activity.current?.stop();
      activity.current = null;
    };
  }, []);

  useEffect(() => {
    if (!allowed) return;
    let timer: number | undefined;
    // After the 2 seconds, the popup waits for an idle visitor: never while they type, have a
    // menu open or work in a text field (it would take their focus), nor over another modal.
    const attempt = () => {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open) return;
      const wait = activity.current?.waitBeforeInterrupting(Date.now()) ?? 0;
      if (wait > 0) {
        timer = window.setTimeout(attempt, wait);
        return;
      }
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    };
    timer = window.setTimeout(attempt, SUBSCRIBE_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [allowed, pathname]);

  function onClose() {
    writePopupDismissedAt(Date.now());
    clearError();
    returnFocus.current?.focus({ preventScroll: true });
    returnFocus.current = null;
  }

  const titleId = `${ids}-title`;
  const errorId = `${ids}-error`;
  return (
    <dialog ref={dialogRef} className="subscribe-popup" aria-labelledby={titleId} onClose={onClose}>
      <form method="dialog" className="subscribe-popup__close-form">
        <button type="submit" className="subscribe-popup__close" aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
      </form>
      <h2 id={titleId} className="subscribe-popup__title">
        Get Scotland&rsquo;s best deals by email
      </h2>
      <p className="subscribe-popup__lead">Restaurants, spa days and things to do near you, with up to 80% off. One email a day; unsubscribe any time.</p>
      <form className="subscribe-popup__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <label htmlFor={`${ids}-email`} className="subscribe-popup__label">
          Email address
        </label>
        <input
          id={`${ids}-email`}
          className="subscribe-popup__input"
          type="email"
          name="email"
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={onChange}
        />
        {error && (
          <p id={errorId} className="field-error">
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--wide" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          Subscribe
        </button>
        <p role="status" className="subscribe-popup__status">
          {status}
        </p>
      </form>
    </dialog>
  );
}
