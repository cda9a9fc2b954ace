import { useEffect } from 'react';
import { parseDealPath } from '@shop/domain';
import { useViewer } from '../accounts/auth.ts';
import { enqueueClubEvent, flushClubQueue } from './club-queue.ts';

/**
 * A signed-in shopper viewing a deal page: a club view (spec §7 viewDeal, with the location site)
 * is queued and the queue sent in bulk. Guests earn no points: nothing is queued for them.
 */
export function useClubView(url: string | null | undefined): void {
  const viewer = useViewer();
  const viewerId = viewer?.id ?? null;
  useEffect(() => {
    if (!url || !viewerId) return;
    const parsed = parseDealPath(url);
    if (!parsed) return;
    enqueueClubEvent({ kind: 'view', dealId: parsed.dealId, locationSite: parsed.location });
    flushClubQueue();
  }, [url, viewerId]);
}
