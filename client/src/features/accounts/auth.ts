/**
 * The shopper's auth state (spec §4): one small viewer query when the app starts, never
 * blocking the first render. Until it answers the check is not finished; then there is a user
 * (authenticated) or none. Everything reads `viewer` from the root of the Relay store, so a
 * login, logout, account deletion or any query that finds the session gone updates the header,
 * the guards and the popup at once, without a reload.
 *
 * Loaded on every page: keep it free of zod and of the account forms.
 */
import { useSyncExternalStore } from 'react';
import { createOperationDescriptor, fetchQuery, getRequest, graphql, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { AuthState } from '@shop/domain/navigation';
import { environment } from '../../relay/environment.ts';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts';
import type { authViewerQuery, authViewerQuery$data } from '../../__generated__/authViewerQuery.graphql';

const query = graphql`
  query authViewerQuery {
    viewer {
      id
      name
      vipUser
    }
  }
`;

export type AuthViewer = NonNullable<authViewerQuery$data['viewer']>;

interface Snapshot {
  auth: AuthState;
  viewer: AuthViewer | null;
}

/**
 * Spec §4: "Subscription validity cookie: true or false, set after a check. The check runs only
 * for authenticated users with a customer token and no stored validity ... VIP flag is stored as
 * VIP or Non - VIP." Our check is the viewer query's vipUser (a signed-in viewer always has a
 * customer token; the session cookie holding it is HttpOnly). Both are readable cookies for one
 * day (then checked again); signing out clears them, and a join or cancel (refreshAuth) writes
 * them again, so a stale one never outlives the page that changed the membership.
 *
 * What they are for: before the auth check answers, the pending state's `vip` comes from the flag,
 * so a returning member's VIP-only options are buyable and no VIP offer is drawn from the first
 * paint. The crown still waits for the check (showVipCrown needs `finished`).
 */
const SUBSCRIPTION_VALIDITY_COOKIE = 'subscriptionValidity';
const VIP_FLAG_COOKIE = 'vipFlag';
const VIP_FLAG = { member: 'VIP', nonMember: 'Non - VIP' } as const;
const VIP_COOKIES_MAX_AGE_S = 24 * 60 * 60;

/** The stored VIP flag: true for 'VIP', false for 'Non - VIP', null when none is stored. */
function storedVipFlag(): boolean | null {
  const raw = typeof document === 'undefined' ? null : readCookie(VIP_FLAG_COOKIE);
  if (raw === null) return null;
  const flag = decodeURIComponent(raw);
  return flag === VIP_FLAG.member ? true : flag === VIP_FLAG.nonMember ? false : null;
}

/** Stores the check's answer when none is stored (or always: `force`, after a join or cancel); clears both for a guest. */
function storeSubscription(viewer: AuthViewer | null, force: boolean) {
  if (typeof document === 'undefined') return;
  if (!viewer) {
    deleteCookie(SUBSCRIPTION_VALIDITY_COOKIE);
    deleteCookie(VIP_FLAG_COOKIE);
    return;
  }
  if (!force && readCookie(SUBSCRIPTION_VALIDITY_COOKIE) !== null && storedVipFlag() === Boolean(viewer.vipUser)) return;
  writeCookie(SUBSCRIPTION_VALIDITY_COOKIE, String(Boolean(viewer.vipUser)), VIP_COOKIES_MAX_AGE_S);
  writeCookie(VIP_FLAG_COOKIE, encodeURIComponent(viewer.vipUser ? VIP_FLAG.member : VIP_FLAG.nonMember), VIP_COOKIES_MAX_AGE_S);
}

const PENDING: Snapshot = { auth: { finished: false, authenticated: false, vip: storedVipFlag() === true }, viewer: null };
let current: Snapshot = PENDING;
let finished = false;
let started = false;
const listeners = new Set<() => void>();

function publish(viewer: AuthViewer | null | undefined) {
  if (finished) storeSubscription(viewer ?? null, false);
  const next: Snapshot = finished
    ? { auth: { finished: true, authenticated: Boolean(viewer), vip: Boolean(viewer?.vipUser) }, viewer: viewer ?? null }
    : PENDING;
  const same =
    next.auth.finished === current.auth.finished &&
    next.viewer?.id === current.viewer?.id &&
    next.viewer?.name === current.viewer?.name &&
    next.viewer?.vipUser === current.viewer?.vipUser;
  if (same) return;
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Starts the auth check once (main.tsx calls it before the first render). The query's records
 * stay retained for the life of the page, and its snapshot is watched: whoever writes the root
 * `viewer` (a mutation's updater, another page's query) changes the auth state.
 */
export function startAuthCheck(): void {
  if (started) return;
  started = true;
  const operation = createOperationDescriptor(getRequest(query), {});
  environment.retain(operation);
  const read = () => (environment.lookup(operation.fragment).data as authViewerQuery$data | null)?.viewer;
  environment.subscribe(environment.lookup(operation.fragment), (snapshot) => publish((snapshot.data as authViewerQuery$data | null)?.viewer));
  const done = () => {
    finished = true;
    publish(read());
  };
  // An outage answers as "nobody signed in": pages that need a login then offer the login page.
  fetchQuery<authViewerQuery>(environment, query, {}, { fetchPolicy: 'network-only' }).subscribe({ complete: done, error: done });
}

/** Reads the viewer again (a VIP membership just paid for): the header, VIP prices and options follow. */
export function refreshAuth(): void {
  const store = () => storeSubscription(current.viewer, true);
  fetchQuery<authViewerQuery>(environment, query, {}, { fetchPolicy: 'network-only' }).subscribe({ complete: store });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The auth state (spec §4): not finished until the check answers, then authenticated or not, and VIP. */
export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, () => current.auth);
}

/** The signed-in shopper (greeting name, VIP), or null for a guest or while the check runs. */
export function useViewer(): AuthViewer | null {
  return useSyncExternalStore(subscribe, () => current.viewer);
}

/**
 * Store updates shared by the session mutations. Signing in or out changes whose data the store
 * holds: everything cached so far is marked stale, so personal lists refetch on their next use.
 */
export function setViewerInStore(store: RecordSourceSelectorProxy, viewerField: { root: string; path?: string[] } | null): void {
  const root = store.getRoot();
  if (viewerField === null) {
    root.setValue(null, 'viewer');
  } else {
    let record = store.getRootField(viewerField.root);
    for (const key of viewerField.path ?? []) record = record?.getLinkedRecord(key) ?? null;
    const viewer = record?.getLinkedRecord('viewer');
    if (!viewer) return;
    root.setLinkedRecord(viewer, 'viewer');
  }
  store.invalidateStore();
}
