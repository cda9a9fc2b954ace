import { useState } from 'react';
import { readPreference, writePreference } from './preferences.ts';

/**
 * The Scotland notice under the header's top edge, until the visitor dismisses it. The dismissal
 * is remembered in localStorage: an appearance preference, which PECR (as amended in 2025)
 * allows without consent (see preferences.ts).
 */
export function ScotlandNotice() {
  const [dismissed, setDismissed] = useState(() => readPreference('scotland-notice-dismissed'));
  if (dismissed) return null;
  return (
    <div className="scotland-notice">
      <div className="container scotland-notice__inner">
        <p>
          <strong>Made in Scotland.</strong> Local deals are in Glasgow, Edinburgh and Aberdeen; shop and travel deals are
          open to the whole UK.
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
          Dismiss
        </button>
      </div>
    </div>
  );
}
