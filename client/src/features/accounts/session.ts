/**
 * Signing out (spec §7 PUT logout), from the account menu and the account pages. Loaded when
 * the shopper asks for it, not with the header.
 */
import { commitLocalUpdate, graphql } from 'relay-runtime';
import type { NavigateFunction } from 'react-router';
import { DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { layoutNeedsLogin, layoutOf } from '@shop/domain/layouts';
import { environment } from '../../relay/environment.ts';
import { announce } from '../../ui/RouteAnnouncer.tsx';
import { reportClientError } from '../../errors/report.ts';
import { mutate } from './mutate.ts';
import { setViewerInStore } from './auth.ts';
import type { sessionLogoutMutation } from '../../__generated__/sessionLogoutMutation.graphql';

const logoutMutation = graphql`
  mutation sessionLogoutMutation($input: LogoutInput) {
    logout(input: $input) {
      ok
    }
  }
`;

/** Forgets the signed-in shopper in the store: every page showing them updates at once. */
export function forgetViewer(): void {
  commitLocalUpdate(environment, (store) => setViewerInStore(store, null));
}

/**
 * Leaves a page that needs a login for the homepage first (else its guard would send the
 * shopper to the login page), then forgets the viewer.
 */
export async function leaveSignedOut(navigate: NavigateFunction, home = locationPath(DEFAULT_LOCATION), state?: unknown): Promise<void> {
  const { pathname, search } = window.location;
  if (layoutNeedsLogin(layoutOf(pathname, search))) await navigate(home, { replace: false, state });
  forgetViewer();
}

/** Signs out on the server, then everywhere in the page. False (and logged) when it failed. */
export async function signOut(navigate: NavigateFunction, options: { everywhere?: boolean } = {}): Promise<boolean> {
  try {
    await mutate<sessionLogoutMutation>(logoutMutation, { input: { everywhere: options.everywhere ?? false } });
  } catch (error) {
    reportClientError(error);
    announce('Sorry, we could not sign you out. Please try again.');
    return false;
  }
  await leaveSignedOut(navigate);
  announce('You have signed out.');
  return true;
}
