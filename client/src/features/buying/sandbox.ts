/**
 * Talking to the payment provider's sandbox pages (services/payment/src/sandbox): the card's
 * hosted fields in an iframe, and the approval pages of PayPal, Google Pay, Apple Pay, Klarna and
 * Clearpay. The browser tokenises with the sandbox, never with our API: the card number stays in
 * the sandbox's page, and only its one-time token (a nonce) comes back, by postMessage. A message
 * counts only when it comes from the sandbox's origin and from the frame we opened.
 */

/** What a sandbox page says to the shop. */
export type SandboxMessage =
  | { kind: 'ready' }
  | { kind: 'height'; height: number }
  | { kind: 'token'; token: string; cardType: string | null }
  | { kind: 'error'; message: string; field: string | null }
  | { kind: 'cancelled' };

/** The origin a sandbox url is served from (relative urls are on the shop's own origin). */
export function sandboxOrigin(sandboxUrl: string): string {
  return new URL(sandboxUrl, window.location.href).origin;
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
const TOKEN_FIELDS = ['nonce', 'token', 'paymentToken', 'authorization_token', 'authorizationToken', 'orderToken'] as const;

/**
 * Reads one message of a sandbox page. The pages post `{ type, … }`: the Braintree sandbox's
 * hosted fields and approval page `{ type: 'braintree-sandbox:nonce', nonce, details }`, the BNPL
 * pages their token (`token`, `authorization_token`, `orderToken`), `{ approved: false,
 * declined: true }` when the plan was refused; also `…ready`, `…resize` {height}, `…error`
 * {message, field} and `…cancel`. Anything else is not for us: null.
 */
export function readSandboxMessage(data: unknown): SandboxMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  const type = str(m.type);
  if (!type) return null;
  if (m.approved === false || m.declined === true) return { kind: 'error', message: str(m.message) ?? '', field: null };
  const details = m.details && typeof m.details === 'object' ? (m.details as Record<string, unknown>) : {};
  for (const field of TOKEN_FIELDS) {
    const token = str(m[field]);
    if (token) return { kind: 'token', token, cardType: str(m.cardType) ?? str(details.cardType) };
  }
  if (/ready$/.test(type)) return { kind: 'ready' };
  if (/(resize|height)$/.test(type)) return typeof m.height === 'number' && Number.isFinite(m.height) ? { kind: 'height', height: Math.min(2000, Math.max(0, m.height)) } : null;
  if (/error$/.test(type)) return { kind: 'error', message: str(m.message) ?? '', field: str(m.field) };
  if (/(cancel|cancelled|closed)$/.test(type)) return { kind: 'cancelled' };
  return null;
}

/**
 * The sandbox page's url: the session's url (or `page` under it when it is a provider's root),
 * with the client token and our origin when the url does not carry them already.
 */
export function sandboxPageUrl(sandboxUrl: string, clientToken: string, extra: Record<string, string> = {}, page = 'hosted-fields'): string {
  const url = new URL(sandboxUrl, window.location.href);
  // A provider's root (/sandbox/braintree) names no page: the page for this step is under it.
  if (/^\/sandbox\/[a-z]+\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/$/, '')}/${page}`;
  if (!url.searchParams.has('clientToken') && !url.searchParams.has('token')) url.searchParams.set('clientToken', clientToken);
  // Where the page may post its result (the sandbox checks it against its allowlist).
  if (!url.searchParams.has('origin')) url.searchParams.set('origin', window.location.origin);
  for (const [k, v] of Object.entries(extra)) if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  return url.toString();
}

/** Listens to the messages `frame` (an iframe's window or a popup) posts from `origin`; returns the unsubscribe. */
export function listenToSandbox(frame: () => Window | null, origin: string, onMessage: (message: SandboxMessage) => void): () => void {
  const handler = (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const source = frame();
    if (!source || event.source !== source) return;
    const message = readSandboxMessage(event.data);
    if (message) onMessage(message);
  };
  window.addEventListener('message', handler);
  return () => window.removeEventListener('message', handler);
}
