import { availableParallelism } from 'node:os';

/**
 * The journeys' shops: one per Playwright worker (playwright.config.ts starts them all before the
 * first journey), so two workers never share a database and the browser step runs in parallel
 * on the machine's cores. Worker n talks to the shop on E2E_PORT + n.
 */
export const SHOP_BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * How many workers, and so shops (E2E_WORKERS; default 2, or 1 on a one-core machine). On this
 * 2-core machine two workers ran all 180 journeys in 9.5 minutes with none failing (one worker:
 * about 18.5); the longest journeys (api-docs, merchant scan, bookings, posting, the late
 * provider answer) have limits of their own well above what they took (40 s at most).
 */
export const SHOP_COUNT = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism())));
export const shopOrigin = (worker: number) => `http://127.0.0.1:${SHOP_BASE_PORT + (worker % SHOP_COUNT)}`;
