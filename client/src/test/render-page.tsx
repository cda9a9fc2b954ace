import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RelayEnvironmentProvider, loadQuery } from 'react-relay';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createMockEnvironment } from 'relay-test-utils';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

/**
 * Renders `routes` under a memory router at `path` and a Relay mock environment (the components
 * take it from context): what the page and component tests render into.
 */
export function renderRoutes(routes: RouteObject[], path: string, environment = createMockEnvironment()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  return { environment, router, user };
}

/**
 * Renders an account page at `path` (renderRoutes). `query`, when given, is the route's query,
 * loaded as its loader would and answered with `data`; every other operation waits for the test
 * to resolve it. /myaccount stands for wherever a sign-in goes on to, /insights for a merchant's.
 */
export function renderPage(path: string, element: ReactNode, query?: { node: GraphQLTaggedNode; data: object }) {
  const environment = createMockEnvironment();
  if (query) {
    environment.mock.queueOperationResolver((operation) => (operation.request.node.params.name === (query.node as { params: { name: string } }).params.name ? { data: query.data } : null) as never);
  }
  const { router, user } = renderRoutes(
    [
      { path: new URL(path, 'http://x').pathname, element, ...(query ? { loader: () => loadQuery<OperationType>(environment, query.node, {}) } : {}) },
      { path: '/myaccount', element: <h1>Your account</h1> },
      { path: '/insights', element: <h1>Merchant dashboard</h1> },
    ],
    path,
    environment,
  );
  /** Answers the mutation the page just sent with `payload` (its data), and returns its variables. */
  const answer = (payload: object) => {
    const operation = environment.mock.getMostRecentOperation();
    environment.mock.resolve(operation, { data: payload });
    return operation.request.variables;
  };
  return { environment, router, user, answer };
}

/**
 * A result union's error member as the server answers it: Relay's query asks `__isUserError`
 * (the type discriminator of `...UserErrorFields`) of every member that is a UserError.
 */
export const refusal = (typename: string, fields: { code: string; message: string; field: string | null; [extra: string]: unknown }) => ({ __typename: typename, __isUserError: typename, ...fields });
