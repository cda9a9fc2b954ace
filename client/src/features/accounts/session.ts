/**
 * Signing out (spec §7 PUT logout), from the account menu and the account pages.
 */
import { useMutation, useRelayEnvironment } from 'react-relay';
import { commitLocalUpdate, graphql, type IEnvironment } from 'relay-runtime';
import { useNavigate, type NavigateFunction } from 'react-router';
import { DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { layoutNeedsLogin, layoutOf } from '@shop/domain/layouts';
import { announce } from '../../ui/RouteAnnouncer.tsx';
import { reportClientError } from '../../errors/report.ts';
import { commitAsync } from '../../relay/commit.ts';
import { setViewerInStore } from './auth.ts';
import { noGuardShown } from '../layouts/guard-presence.ts';
import type { sessionLogoutMutation } from '../../__generated__/sessionLogoutMutation.graphql';

/** Forgets the signed-in shopper in the store: every page showing them updates at once. */
export function forgetViewer(environment: IEnvironment): void {
  commitLocalUpdate(environment, (store) => setViewerInStore(store, null));
}

/** How long leaving waits for the page that needs a login to go before forgetting the viewer anyway. */
const LEAVE_WAIT_MS = 5_000;

/**
 * Leaves a page that needs a login for the homepage first, then forgets the viewer once that
 * page's guard is off the screen (else the guard, seeing a guest, would send the shopper to the
 * login page: the navigation's promise settles before React has put the homepage up).
 */
export async function leaveSignedOut(environment: IEnvironment, navigate: NavigateFunction, home = locationPath(DEFAULT_LOCATION), state?: unknown): Promise<void> {
  const { pathname, search } = window.location;
  if (layoutNeedsLogin(layoutOf(pathname, search))) {
    await navigate(home, { replace: false, state });
    await noGuardShown(LEAVE_WAIT_MS);
  }
  forgetViewer(environment);
}

/**
 * Signing out: on the server, then everywhere in the page. The returned function resolves false
 * (and logs) when it failed.
 */
export function useSignOut() {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const [commit] = useMutation<sessionLogoutMutation>(graphql`
    mutation sessionLogoutMutation($input: LogoutInput) {
      logout(input: $input) {
        ok
      }
    }
  `);
  return async (options: { everywhere?: boolean } = {}): Promise<boolean> => {
    try {
      await commitAsync(commit, { variables: { input: { everywhere: options.everywhere ?? false } } });
    } catch (error) {
      reportClientError(error);
      announce('Sorry, we could not sign you out. Please try again.');
      return false;
    }
    await leaveSignedOut(environment, navigate);
    announce('You have signed out.');
    return true;
  };
}
