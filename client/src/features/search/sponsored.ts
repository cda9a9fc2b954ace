/**
 * Sponsored search (spec §4, §7, §8): the sponsored-search session id (fetched or created once per
 * tab, kept in sessionStorage), the entry of each sponsored result shown (deal id → ad id, kept
 * in sessionStorage so the deal page can credit the click), and the impression and click events.
 * Sponsored-search failures are logged and return false: they never disturb the page.
 */
import { commitMutation, graphql } from 'react-relay';
import { noSponsoredEntryMessage } from '@shop/domain';
import { environment } from '../../relay/environment.ts';
import { reportClientError } from '../../errors/report.ts';
import type { sponsoredSessionMutation } from '../../__generated__/sponsoredSessionMutation.graphql';
import type { sponsoredEventsMutation, SponsoredEventType } from '../../__generated__/sponsoredEventsMutation.graphql';

const SESSION_KEY = 'td:sponsored-session';
const ENTRIES_KEY = 'td:sponsored-entries';
/** Entries kept at most (the newest win): a tab's browsing, not a history. */
const MAX_ENTRIES = 100;

export interface SponsoredEntry {
  /** The deal's numeric id, as in its URL. */
  dealId: string;
  adId: string;
}

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null; // storage blocked: behave as if nothing was stored
  }
}

function write(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked or full: the entry lasts for this page only.
  }
}

function remove(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored.
  }
}

function readEntries(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(read(ENTRIES_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: Record<string, string> = {};
    for (const [dealId, adId] of Object.entries(value as Record<string, unknown>)) {
      if (/^\d{1,12}$/.test(dealId) && typeof adId === 'string' && adId.length > 0 && adId.length <= 200) out[dealId] = adId;
    }
    return out;
  } catch {
    return {};
  }
}

/** Stores the entry of each sponsored result shown (deal id → ad id). */
export function rememberSponsored(entries: readonly SponsoredEntry[]): void {
  const all = readEntries();
  for (const e of entries) {
    delete all[e.dealId]; // re-inserted last: the newest
    all[e.dealId] = e.adId;
  }
  const kept = Object.entries(all).slice(-MAX_ENTRIES);
  write(ENTRIES_KEY, JSON.stringify(Object.fromEntries(kept)));
}

/** The ad id stored for a deal shown as a sponsored result, or null. */
function sponsoredEntryOf(dealId: string | number): string | null {
  return readEntries()[String(dealId)] ?? null;
}

function commit<T extends sponsoredSessionMutation | sponsoredEventsMutation>(
  mutation: Parameters<typeof commitMutation<T>>[1]['mutation'],
  variables: T['variables'],
): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, {
      mutation,
      variables,
      onCompleted: (response, errors) => {
        if (errors && errors.length > 0) reject(new Error(errors[0]!.message));
        else resolve(response);
      },
      onError: reject,
    });
  });
}

let session: Promise<string> | null = null;

/** The stored session id when it looks like one the service issued (a UUID). */
function storedSessionId(): string | null {
  const id = read(SESSION_KEY);
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** The sponsored-search session id: the stored one, confirmed or replaced by the service, once per page load. */
function sponsoredSessionId(): Promise<string> {
  session ??= commit<sponsoredSessionMutation>(
    graphql`
      mutation sponsoredSessionMutation($input: SponsoredSessionInput!) {
        sponsoredSession(input: $input) {
          __typename
          ... on SponsoredSession {
            sessionId
          }
          ... on ValidationError {
            message
          }
        }
      }
    `,
    { input: { sessionId: storedSessionId() } },
  ).then((response) => {
    const result = response.sponsoredSession;
    if (result.__typename !== 'SponsoredSession') {
      throw new Error(`Sponsored session: ${result.__typename === 'ValidationError' ? result.message : result.__typename}`);
    }
    write(SESSION_KEY, result.sessionId);
    return result.sessionId;
  });
  // A failed attempt is not kept: the next page tries again.
  session.catch(() => {
    session = null;
  });
  return session;
}

const eventsMutation = graphql`
  mutation sponsoredEventsMutation($input: RecordSponsoredEventsInput!) {
    recordSponsoredEvents(input: $input) {
      __typename
      ... on SponsoredEventsRecorded {
        recorded
      }
      ... on UserError {
        message
        field
      }
    }
  }
`;

async function record(type: SponsoredEventType, entries: readonly SponsoredEntry[], sessionId: string) {
  const response = await commit<sponsoredEventsMutation>(eventsMutation, {
    input: { type, sessionId, adIds: entries.map((e) => e.adId), dealIds: entries.map((e) => e.dealId) },
  });
  return response.recordSponsoredEvents;
}

/** Posts impressions of, or a click on, sponsored results. Any failure is logged and gives false. */
export async function postSponsoredEvents(type: SponsoredEventType, entries: readonly SponsoredEntry[]): Promise<boolean> {
  if (entries.length === 0) return false;
  try {
    let result = await record(type, entries, await sponsoredSessionId());
    if (result.__typename === 'NotFoundError') {
      // The session expired: start a new one and post once more.
      session = null;
      remove(SESSION_KEY);
      result = await record(type, entries, await sponsoredSessionId());
    }
    if (result.__typename !== 'SponsoredEventsRecorded') {
      throw new Error(`Sponsored ${type.toLowerCase()}: ${'message' in result ? result.message : result.__typename}`);
    }
    return true;
  } catch (error) {
    reportClientError(error);
    return false;
  }
}

/**
 * Credits a click on a sponsored result (the deal page opened with usr_src=sponsored_search_…).
 * With no stored entry for the deal it logs 'no sponsored deal entry for: {id}' (spec §8) and
 * gives false; any other failure is logged and gives false too.
 */
export async function postSponsoredClick(dealId: string | number): Promise<boolean> {
  try {
    const adId = sponsoredEntryOf(dealId);
    if (adId === null) throw new Error(noSponsoredEntryMessage(dealId));
    return await postSponsoredEvents('CLICK', [{ dealId: String(dealId), adId }]);
  } catch (error) {
    reportClientError(error);
    return false;
  }
}
