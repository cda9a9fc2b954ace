/**
 * One HTTP call to a provider, as the adapters make it: within the caller's deadline (an abort
 * signal), with a bounded response size, and an outcome that is either an answer or "unknown"
 * (timeout, reset, refused connection, 5xx, a body that is not JSON: reliability P2, P3, P7).
 * Unknown never means declined.
 */

/** `headers`: the answer's headers (Klarna's refund answers its id in `Refund-Id` / `Location`, with no body). */
export type ProviderAnswer = { kind: 'answer'; status: number; body: Record<string, unknown>; headers: Headers };
export type ProviderUnknown = { kind: 'unknown'; reason: 'timeout' | 'network' | '5xx' | 'malformed' | 'too-large' };
export type ProviderHttpResult = ProviderAnswer | ProviderUnknown;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const MAX_PROVIDER_BODY_BYTES = 1024 * 1024;
export const MAX_ATTEMPTS = 3;

export interface ProviderCall {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  fetch?: FetchLike;
  /**
   * Retry a 5xx or a refused connection (at most MAX_ATTEMPTS in all, within the deadline). Only
   * for calls that are safe to repeat: reads, and writes carrying the provider's idempotency key.
   */
  retry?: boolean;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function readLimited(res: Response): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PROVIDER_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const refused = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code === 'ECONNREFUSED';
};

async function once(call: ProviderCall): Promise<ProviderHttpResult & { refused?: boolean }> {
  const doFetch = call.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(call.url, {
      method: call.method,
      // identity: small JSON answers, and the sandboxes sit behind the shop's compression on loopback,
      // where gzip and gunzip on each call cost CPU and save nothing.
      headers: { accept: 'application/json', 'accept-encoding': 'identity', ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}), ...call.headers },
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      signal: call.signal,
    });
  } catch (error) {
    if (call.signal?.aborted) return { kind: 'unknown', reason: 'timeout' };
    return { kind: 'unknown', reason: 'network', refused: refused(error) };
  }
  let text: string | null;
  try {
    text = await readLimited(res);
  } catch {
    return { kind: 'unknown', reason: call.signal?.aborted ? 'timeout' : 'network' };
  }
  if (text === null) return { kind: 'unknown', reason: 'too-large' };
  if (res.status >= 500) return { kind: 'unknown', reason: '5xx' };
  // 201 Created / 204 No Content may come without a body (what was made is in the headers).
  if (text === '' && (res.status === 201 || res.status === 204)) return { kind: 'answer', status: res.status, body: {}, headers: res.headers };
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return { kind: 'unknown', reason: 'malformed' };
    return { kind: 'answer', status: res.status, body: body as Record<string, unknown>, headers: res.headers };
  } catch {
    return { kind: 'unknown', reason: 'malformed' };
  }
}

export async function callProvider(call: ProviderCall): Promise<ProviderHttpResult> {
  let result = await once(call);
  for (let attempt = 2; attempt <= MAX_ATTEMPTS && call.retry; attempt++) {
    const again = result.kind === 'unknown' && (result.reason === '5xx' || (result.reason === 'network' && result.refused === true));
    if (!again || call.signal?.aborted) break;
    // Jittered backoff, well inside the deadline.
    await sleep(20 * attempt + Math.floor(Math.random() * 30), call.signal);
    if (call.signal?.aborted) return { kind: 'unknown', reason: 'timeout' };
    result = await once(call);
  }
  if (result.kind === 'unknown') return { kind: 'unknown', reason: result.reason };
  return result;
}

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
