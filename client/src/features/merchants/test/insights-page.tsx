import { Suspense, type ReactNode } from 'react';
import { act } from '@testing-library/react';
import { Outlet } from 'react-router';
import { MockPayloadGenerator, type MockResolvers, type createMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { expect } from 'vitest';
import { renderRoutes } from '../../../test/render-page.tsx';

type Env = ReturnType<typeof createMockEnvironment>;

/**
 * Renders a dashboard section page at /insights/<path> as InsightsLayout would: under a Suspense
 * showing `loading` and an Outlet whose context is the chosen business's global id.
 */
export const renderInsightsSection = (path: string, page: ReactNode, loading: string, businessId: string) =>
  renderRoutes(
    [
      {
        path: '/insights',
        element: (
          <Suspense fallback={<p>{loading}</p>}>
            <Outlet context={{ businessId }} />
          </Suspense>
        ),
        children: [{ path, element: page }],
      },
    ],
    `/insights/${path}`,
  );

/** Checks the operation the page just sent is `name` with `variables`, and answers it from `resolvers`. */
export async function answerQuery(environment: Env, name: string, variables: object, resolvers: MockResolvers) {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.operation.name).toBe(name);
  expect(operation.request.variables).toEqual(variables);
  await act(async () => {
    environment.mock.resolveMostRecentOperation((op: OperationDescriptor) => MockPayloadGenerator.generate(op, resolvers));
  });
}

/** Answers the mutation `name` the page just sent: its `field` is `member`. Returns the input it sent. */
export async function answerMutation(environment: Env, name: string, field: string, member: object) {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.operation.name).toBe(name);
  const input = operation.request.variables.input as Record<string, unknown>;
  await act(async () => {
    environment.mock.resolveMostRecentOperation((op: OperationDescriptor) => MockPayloadGenerator.generate(op, { Mutation: () => ({ [field]: member }) }));
  });
  return input;
}
