import { useState } from 'react';
import { useViewer } from '../accounts/auth.ts';
import { openSharePopup, shareTargets, WEB_SHARES, type ShareChannel } from '../../lib/share.ts';
import { enqueueClubEvent, flushClubQueue } from './club-queue.ts';

/**
 * Sharing a deal from its page: copy the link, or share it by email, WhatsApp, X or Facebook (the
 * web ones in a 550 × 600 popup, spec §9). For a signed-in shopper each share is queued for the
 * loyalty club (spec §7 shareDeal with its publisherSource) and sent in bulk; the club counts one
 * share per deal a day, and a club failure never shows (spec §8).
 */
export function ShareDeal({ dealId, url, title }: { dealId: number; url: string; title: string }) {
  const viewer = useViewer();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const href = new URL(url, window.location.origin).href;
  const targets = shareTargets({ url: href, text: `${title} on Thistle Deals`, subject: title });
  const shared = (publisherSource: ShareChannel | 'copy-link') => {
    if (!viewer) return;
    enqueueClubEvent({ kind: 'share', dealId, publisherSource });
    flushClubQueue();
  };
  async function copy() {
    try {
      await navigator.clipboard.writeText(href);
      setCopied('yes');
      shared('copy-link');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className="deal-page__share">
      <ul className="share-buttons" aria-label="Share this deal">
        <li>
          <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
            Copy link to share
          </button>
        </li>
        <li>
          <a className="button button--secondary button--small" href={targets.email} onClick={() => shared('email')}>
            Share by email
          </a>
        </li>
        {WEB_SHARES.map((w) => (
          <li key={w.channel}>
            <a
              className="button button--secondary button--small"
              href={targets[w.channel]}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(e) => {
                e.preventDefault();
                openSharePopup(targets[w.channel]);
                shared(w.channel);
              }}
            >
              {w.label}
              <span className="visually-hidden"> (opens a new window)</span>
            </a>
          </li>
        ))}
      </ul>
      <span role="status">{copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'Sorry, the link could not be copied. Copy it from the address bar.' : ''}</span>
    </div>
  );
}
