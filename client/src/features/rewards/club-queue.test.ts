import { beforeEach, describe, expect, it } from 'vitest';
import { CLUB_QUEUE_KEY, CLUB_QUEUE_MAX, clearSent, enqueueClubEvent, readClubQueue } from './club-queue.ts';

describe('the club activity queues (spec §7: sent in bulk, cleared after sending)', () => {
  beforeEach(() => localStorage.clear());

  it('queues views once per deal and shares once per deal and source', () => {
    enqueueClubEvent({ kind: 'view', dealId: 5, locationSite: 'glasgow' });
    enqueueClubEvent({ kind: 'view', dealId: 5, locationSite: 'glasgow' });
    enqueueClubEvent({ kind: 'share', dealId: 5, publisherSource: 'facebook' });
    enqueueClubEvent({ kind: 'share', dealId: 5, publisherSource: 'x' });
    enqueueClubEvent({ kind: 'share', dealId: 5, publisherSource: 'x' });
    expect(readClubQueue()).toEqual({ viewDeal: [{ dealId: 5, locationSite: 'glasgow' }], shareDeal: [{ dealId: 5, publisherSource: 'facebook' }, { dealId: 5, publisherSource: 'x' }] });
  });

  it('clearing removes only what was sent: events queued meanwhile stay; an empty queue leaves no key', () => {
    enqueueClubEvent({ kind: 'view', dealId: 1, locationSite: null });
    const sent = readClubQueue();
    enqueueClubEvent({ kind: 'view', dealId: 2, locationSite: null });
    clearSent(sent);
    expect(readClubQueue()).toEqual({ shareDeal: [], viewDeal: [{ dealId: 2, locationSite: null }] });
    clearSent(readClubQueue());
    expect(localStorage.getItem(CLUB_QUEUE_KEY)).toBeNull();
  });

  it('keeps at most the last 50 of a kind, and ignores anything malformed in storage', () => {
    for (let id = 1; id <= CLUB_QUEUE_MAX + 5; id++) enqueueClubEvent({ kind: 'view', dealId: id, locationSite: null });
    const q = readClubQueue();
    expect(q.viewDeal).toHaveLength(CLUB_QUEUE_MAX);
    expect(q.viewDeal[0]!.dealId).toBe(6);
    for (const junk of ['{', '"text"', '{"viewDeal":[{"dealId":"1"},{"dealId":-2},{"dealId":3}]}']) {
      localStorage.setItem(CLUB_QUEUE_KEY, junk);
      expect(readClubQueue().viewDeal.map((v) => v.dealId), junk).toEqual(junk.includes('"dealId":3') ? [3] : []);
    }
  });
});
