import { useState } from 'react';
import { readPreference, writePreference } from './preferences.ts';

/**
 * The Scotland notice under the header's top edge, until the visitor dismisses it. The dismissal
 * is remembered in localStorage: an appearance preference, which PECR (as amended in 2025)
 * allows without consent (see preferences.ts). On phones it is a two-line strip in shorter words
 * whose button shows a × (shell.css).
 */
export function ScotlandNotice() {
  const [dismissed, setDismissed] = useState(() => readPreference('scotland-notice-dismissed'));
  if (dismissed) return null;
  return (
    <div className="scotland-notice">
      <div className="container scotland-notice__inner">
        <p>
          <strong>Made in Scotland.</strong>{' '}
          <span className="scotland-notice__long">
            Local deals are in Glasgow, Edinburgh and Aberdeen; shop and travel deals are open to the whole UK.
          </span>
          <span className="scotland-notice__short">Local deals in Glasgow, Edinburgh &amp; Aberdeen; shop &amp; travel UK-wide.</span>
        </p>
        <button
          type="button"
          className="scotland-notice__dismiss"
          aria-label="Dismiss Scotland notice"
          onClick={() => {
            writePreference('scotland-notice-dismissed', true);
            setDismissed(true);
          }}
        >
          <span className="visually-hidden-below-sm">Dismiss</span>
          <svg className="scotland-notice__dismiss-icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
