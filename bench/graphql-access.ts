/**
 * How the benchmarks reach /graphql of a shop started with NODE_ENV=production, where only the
 * SPA's persisted operations run (README "Internal tools"): the client's operations go by their
 * persisted id, exactly as the browser sends them; the benchmarks' own operations go with a staff
 * API key, made through the users service with the shop's service token.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PersistedRef {
  documentId: string;
}
export type Operation = string | PersistedRef;

/** The id of the shipped client's operation (Relay artifacts; the client build runs the compiler). */
export function clientOperation(root: string, name: string): PersistedRef {
  const file = readFileSync(join(root, 'client', 'src', '__generated__', `${name}.graphql.ts`), 'utf8');
  const m = /"id": "([0-9a-f]{64})"/.exec(file);
  if (!m) throw new Error(`no persisted id in ${name}; build the client (node scripts/tasks.ts build)`);
  return { documentId: `sha256:${m[1]!}` };
}

/** The request body for an operation: its id, or its text. */
export function operationBody(operation: Operation, variables: Record<string, unknown>): string {
  return JSON.stringify(typeof operation === 'string' ? { query: operation, variables } : { ...operation, variables });
}

/** A new staff API key of the shop at `base` (POST /api/users/staff-keys with the service token). */
export async function createStaffKey(base: string, serviceToken: string, name: string): Promise<string> {
  const res = await fetch(`${base}/api/users/staff-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-token': serviceToken },
    body: JSON.stringify({ name: `${name}-${Date.now().toString(36)}` }),
  });
  if (res.status !== 201) throw new Error(`staff key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { key: string } }).data.key;
}

/** The benches' own buying operations (with the staff key): add to the basket, read the checkout, pay. */
export const BUYING_OPERATIONS = {
  add: /* GraphQL */ `
  mutation BenchAdd($input: AddToBasketInput!) {
    addToBasket(input: $input) { __typename ... on BasketUpdated { basket { itemCount } } ... on UserError { code message } }
  }`,
  checkout: /* GraphQL */ `
  query BenchCheckout {
    checkout { __typename ... on Checkout { canPay countdown orderSummary { cashAmount { amount } } } ... on UserError { code message } }
  }`,
  place: /* GraphQL */ `
  mutation BenchPlace($input: PlaceOrderInput!) {
    placeOrder(input: $input) { __typename ... on OrderPlaced { order { orderNumber quantity status } } ... on UserError { code message } }
  }`,
} as const;
