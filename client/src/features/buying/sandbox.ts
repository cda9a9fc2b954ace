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
  | { kind: 'token'; token: string; cardType: string | null; requestId: string | null }
  | { kind: 'error'; message: string; field: string | null; requestId: string | null }
  | { kind: 'cancelled' };

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
const TOKEN_FIELDS = ['nonce', 'token', 'paymentToken', 'authorization_token', 'authorizationToken', 'orderToken'] as const;

/**
 * Reads one message of a sandbox page. The pages post `{ type, … }`: the Braintree sandbox's
 * hosted fields and approval page `{ type: 'braintree-sandbox:nonce', nonce, details }`, the BNPL
 * pages their token (`token`, `authorization_token`, `orderToken`), `{ approved: false,
 * declined: true }` when the plan was refused; also `…ready`, `…resize` {height}, `…error`
 * {message, field} and `…cancel`. The hosted fields' answers to a tokenise request carry its
 * `requestId`. Anything else is not for us: null.
 */
function readSandboxMessage(data: unknown): SandboxMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  const type = str(m.type);
  if (!type) return null;
  const requestId = str(m.requestId);
  if (m.approved === false || m.declined === true) return { kind: 'error', message: str(m.message) ?? '', field: null, requestId };
  const details = m.details && typeof m.details === 'object' ? (m.details as Record<string, unknown>) : {};
  for (const field of TOKEN_FIELDS) {
    const token = str(m[field]);
    if (token) return { kind: 'token', token, cardType: str(m.cardType) ?? str(details.cardType), requestId };
  }
  if (/ready$/.test(type)) return { kind: 'ready' };
  if (/(resize|height)$/.test(type)) return typeof m.height === 'number' && Number.isFinite(m.height) ? { kind: 'height', height: Math.min(2000, Math.max(0, m.height)) } : null;
  if (/error$/.test(type)) return { kind: 'error', message: str(m.message) ?? '', field: str(m.field), requestId };
  if (/(cancel|cancelled|closed)$/.test(type)) return { kind: 'cancelled' };
  return null;
}

/** Where each provider's sandbox pages live, the page of each step, and the query parameter naming the session. */
const PROVIDER_PAGES = {
  BRAINTREE: { root: '/sandbox/braintree/', approve: 'approve', tokenParam: 'clientToken' },
  KLARNA: { root: '/sandbox/klarna/', approve: 'approve', tokenParam: 'session' },
  CLEARPAY: { root: '/sandbox/clearpay/', approve: 'checkout', tokenParam: 'token' },
} as const;

const providerOf = (method: string): keyof typeof PROVIDER_PAGES => (method === 'KLARNA' ? 'KLARNA' : method === 'CLEARPAY' ? 'CLEARPAY' : 'BRAINTREE');

/**
 * The sandbox page for a payment step: the session's url (relative ones are the provider's, as
 * Clearpay's `checkout?token=…`), or the step's page under the provider's root (the card's hosted
 * fields, the approval page) when the url names none; with the session's token and our origin
 * (where the page may post its result) when the url does not carry them already.
 */
export function sandboxPageUrl(sandboxUrl: string, clientToken: string, method: string): string {
  const provider = PROVIDER_PAGES[providerOf(method)];
  const url = new URL(sandboxUrl || provider.root, new URL(provider.root, window.location.origin));
  if (/^\/sandbox\/[a-z]+\/?$/.test(url.pathname)) url.pathname = `${provider.root}${method === 'CREDIT_CARD' ? 'hosted-fields' : provider.approve}`;
  const set = (key: string, value: string) => {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  };
  set(provider.tokenParam, clientToken);
  set('origin', window.location.origin);
  if (provider === PROVIDER_PAGES.BRAINTREE && method !== 'CREDIT_CARD') set('method', method.toLowerCase());
  return url.toString();
}

/** The origin a sandbox page is served from. */
export function sandboxPageOrigin(pageUrl: string): string {
  return new URL(pageUrl).origin;
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
