import type { APIRequestContext } from '@playwright/test';

/** The shop's service token in the journeys (playwright.config.ts sets it on the shop). */
export const SERVICE_TOKEN = process.env.E2E_SERVICE_TOKEN ?? 'e2e-service-token';

let key: Promise<string> | undefined;

/**
 * A staff API key of the journeys' shop (README "Internal tools"): the shop runs in production,
 * where /graphql answers only the SPA's persisted operations, so the journeys' own queries and
 * GraphiQL go as an internal tool would. Made once per worker through the users service (the
 * same as `npm run staff-key -- create`, which cannot open the running shop's PGlite).
 */
function staffKey(request: APIRequestContext): Promise<string> {
  key ??= (async () => {
    const res = await request.post('/api/users/staff-keys', {
      headers: { 'x-service-token': SERVICE_TOKEN },
      data: { name: `e2e-${process.pid}-${Date.now().toString(36)}` },
    });
    if (res.status() !== 201) throw new Error(`Could not create a staff key: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: { key: string } }).data.key;
  })();
  return key;
}

export const staffHeaders = async (request: APIRequestContext) => ({ authorization: `Bearer ${await staffKey(request)}` });
