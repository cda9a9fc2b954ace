import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { announce } from './RouteAnnouncer.tsx';

/**
 * A one-off message carried by a navigation's state (`{ flash: '…' }`), shown above the page it
 * lands on: "your account has been deleted" on the homepage, for instance. It is announced, can
 * be dismissed, and goes with the next navigation. The account overview shows its own.
 */
export function FlashMessage() {
  const { state, key, pathname } = useLocation();
  const message = state && typeof state === 'object' && 'flash' in state && typeof state.flash === 'string' ? state.flash : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = message !== null && dismissed !== key && pathname !== '/myaccount';
  useEffect(() => {
    if (shown) announce(message);
  }, [shown, message]);
  if (!shown) return null;
  return (
    <div className="flash" data-testid="flash">
      <div className="container flash__inner">
        <p className="flash__text">{message}</p>
        <button type="button" className="flash__close" onClick={() => setDismissed(key)}>
          Dismiss<span className="visually-hidden"> message</span>
        </button>
      </div>
    </div>
  );
}
