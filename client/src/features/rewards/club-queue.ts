/**
 * The club activity queues (spec §7 Club and rewards): a signed-in shopper's deal views and
 * shares wait in localStorage and go to the club in bulk (recordClubActivity, the club activity
 * body); the queues are cleared only after a send succeeded, so nothing is lost to a failed one,
 * and only what was sent is removed (events queued meanwhile stay). A club failure is reported
 * and never breaks the page (spec §8).
 */
import { commitMutation, graphql } from 'relay-runtime';
import { environment } from '../../relay/environment.ts';
import { reportClubIssue } from './club-report.ts';
import type { clubQueueMutation } from '../../__generated__/clubQueueMutation.graphql';

export const CLUB_QUEUE_KEY = 'club-activity-queue';
/** At most this many of each kind wait (the gateway takes 50 of each a call). */
export const CLUB_QUEUE_MAX = 50;

interface ClubQueue {
  shareDeal: Array<{ dealId: number; publisherSource: string | null }>;
  viewDeal: Array<{ dealId: number; locationSite: string | null }>;
}

const empty = (): ClubQueue => ({ shareDeal: [], viewDeal: [] });

export function readClubQueue(storage: Storage | undefined = globalThis.localStorage): ClubQueue {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CLUB_QUEUE_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return empty();
    const q = parsed as Partial<ClubQueue>;
    const ok = (id: unknown) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
    return {
      shareDeal: Array.isArray(q.shareDeal) ? q.shareDeal.filter((s) => ok(s?.dealId)).slice(-CLUB_QUEUE_MAX) : [],
      viewDeal: Array.isArray(q.viewDeal) ? q.viewDeal.filter((v) => ok(v?.dealId)).slice(-CLUB_QUEUE_MAX) : [],
    };
  } catch {
    return empty();
  }
}

function write(queue: ClubQueue, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (queue.shareDeal.length === 0 && queue.viewDeal.length === 0) storage?.removeItem(CLUB_QUEUE_KEY);
    else storage?.setItem(CLUB_QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // Storage full or blocked: the activity is simply not queued.
  }
}

export function enqueueClubEvent(event: { kind: 'view'; dealId: number; locationSite: string | null } | { kind: 'share'; dealId: number; publisherSource: string | null }, storage?: Storage): void {
  const queue = readClubQueue(storage);
  if (event.kind === 'view') {
    if (!queue.viewDeal.some((v) => v.dealId === event.dealId)) queue.viewDeal = [...queue.viewDeal, { dealId: event.dealId, locationSite: event.locationSite }].slice(-CLUB_QUEUE_MAX);
  } else if (!queue.shareDeal.some((s) => s.dealId === event.dealId && s.publisherSource === event.publisherSource)) {
    queue.shareDeal = [...queue.shareDeal, { dealId: event.dealId, publisherSource: event.publisherSource }].slice(-CLUB_QUEUE_MAX);
  }
  write(queue, storage);
}

/** Removes what was sent (by value), keeping anything queued while the send was on its way. */
export function clearSent(sent: ClubQueue, storage?: Storage): void {
  const now = readClubQueue(storage);
  const sameShare = (a: ClubQueue['shareDeal'][number], b: ClubQueue['shareDeal'][number]) => a.dealId === b.dealId && a.publisherSource === b.publisherSource;
  write({ shareDeal: now.shareDeal.filter((s) => !sent.shareDeal.some((x) => sameShare(s, x))), viewDeal: now.viewDeal.filter((v) => !sent.viewDeal.some((x) => x.dealId === v.dealId)) }, storage);
}

const mutation = graphql`
  mutation clubQueueMutation($input: ClubActivityInput!) {
    recordClubActivity(input: $input) {
      __typename
      ... on ClubActivityRecorded {
        # eslint-disable-next-line relay/unused-fields
        points
      }
      ... on UnauthenticatedError {
        # eslint-disable-next-line relay/unused-fields
        code
      }
    }
  }
`;

let sending = false;

/** Sends the queues in bulk (one at a time); cleared only after the club accepted them. */
export function flushClubQueue(): void {
  if (sending) return;
  const queue = readClubQueue();
  if (queue.shareDeal.length === 0 && queue.viewDeal.length === 0) return;
  sending = true;
  commitMutation<clubQueueMutation>(environment, {
    mutation,
    variables: { input: { downloadToolbar: false, shareDeal: queue.shareDeal, viewDeal: queue.viewDeal } },
    onCompleted: (data) => {
      sending = false;
      // A ValidationError means the queue holds something the club will never take: drop it too.
      if (data.recordClubActivity.__typename !== 'UnauthenticatedError') clearSent(queue);
    },
    onError: (error) => {
      sending = false;
      // Spec §8: reported, never shown; the queue stays for the next send.
      reportClubIssue(error);
    },
  });
}
