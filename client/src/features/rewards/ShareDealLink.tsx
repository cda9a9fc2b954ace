import { useState } from 'react';
import { useViewer } from '../accounts/auth.ts';
import { enqueueClubEvent, flushClubQueue } from './club-queue.ts';

/**
 * "Copy link to share" on a deal page: the deal's address to the clipboard. For a signed-in
 * shopper the share is queued for the loyalty club (spec §7 shareDeal, publisherSource
 * 'copy-link') and sent in bulk; a club failure never shows (spec §8).
 */
export function ShareDealLink({ dealId, url }: { dealId: number; url: string }) {
  const viewer = useViewer();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(new URL(url, window.location.origin).href);
      setCopied('yes');
      if (viewer) {
        enqueueClubEvent({ kind: 'share', dealId, publisherSource: 'copy-link' });
        flushClubQueue();
      }
    } catch {
      setCopied('failed');
    }
  }
  return (
    <p className="deal-page__share">
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        Copy link to share
      </button>{' '}
      <span role="status">{copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'Sorry, the link could not be copied. Copy it from the address bar.' : ''}</span>
    </p>
  );
}
