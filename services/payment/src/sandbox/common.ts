/**
 * What the three provider sandboxes share: fault controls (reliability D1, honoured only when a
 * sandbox is created with `faults: true`), idempotent replay of answers by key, and the
 * approval/hosted pages' shape (no inline script, a strict CSP, postMessage to an origin checked
 * against an allowlist).
 *
 * A sandbox is its own Hono app, mounted by the shop at /sandbox/<provider> on the same origin;
 * our adapters reach it over real HTTP like they would reach the provider.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { SandboxState, type SandboxProvider } from './store.ts';

export const FAULT_MODES = [
  'delay-ms',
  'hang',
  '5xx',
  'reset-before-commit',
  'drop-after-commit',
  'malformed-json',
  // P7 hostile answers (after the commit): a 10 MB body; headers and a few bytes, then a stall
  // (delayMs, default 60 s); the answer's status removed or unknown; amount or currency changed.
  'huge-body',
  'slow-body',
  'missing-status',
  'unknown-status',
  'amount-mismatch',
  'currency-mismatch',
  // Braintree's webhook notifications (route 'webhook'; armed, never by header): see braintree/webhooks.ts.
  'webhook-duplicate',
  'webhook-reorder',
  'webhook-bad-signature',
] as const;
const isWebhookMode = (mode: string) => mode.startsWith('webhook-');
export type FaultMode = (typeof FAULT_MODES)[number];
export type Fault = {
  mode: FaultMode;
  /** delay-ms: how long to wait before committing and answering. */
  delayMs?: number;
  /** Which operation it hits (the sandbox's route names, e.g. 'sale', 'search', 'capture'); default every operation. */
  route?: string;
  /** How many requests it hits; default 1. Infinity until cleared. */
  times?: number;
  /** webhook-duplicate: how many times each notification is delivered (default 5). */
  count?: number;
};
export const SANDBOX_BODY_LIMIT = 16 * 1024;
export const HUGE_BODY_BYTES = 10 * 1024 * 1024;
const SLOW_BODY_STALL_MS = 60_000;

/** Per-request fault header, e.g. `x-sandbox-fault: delay-ms=3000` or `x-sandbox-fault: drop-after-commit`. */
export const FAULT_HEADER = 'x-sandbox-fault';

export interface SandboxOptions {
  /** Honour fault controls (tests, e2e). Off in a normal shop: the header and the admin endpoint are ignored. */
  faults?: boolean;
  /** Origins a hosted or approval page may post its result to, besides the page's own origin. */
  allowedOrigins?: string[];
  now?: () => Date;
  /**
   * The merchant's API key: when set, the server-side endpoints (the ones our adapters call)
   * require `authorization: Bearer <key>`, as a provider's API does; the browser pages do not.
   * The shop sets one, so nobody reaches another shopper's transactions through /sandbox/*.
   */
  merchantKey?: string;
  /**
   * The database the sandbox keeps its state in (schema payment_sandbox, migrateSandboxes), so it
   * remembers its transactions across a restart as a real provider does. Without one, memory.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
  db?: Kysely<any> | null;
}

/**
 * What every sandbox starts from: its clock, its fault controls, its stored state with the
 * idempotent answers, and its app, in which every request waits for that state (durableState)
 * and the fault admin is mounted; plus the merchant-key guard for its server-side endpoints.
 * `restore` takes each stored record of the sandbox's own kinds back into its collections.
 */
export function openSandbox(provider: SandboxProvider, options: SandboxOptions, restore: Record<string, (id: string, data: unknown) => void>) {
  const faults = new FaultControl(options.faults === true);
  const state = new SandboxState(provider, options.db ?? null);
  const idempotency = new IdempotencyStore(state);
  const ready = state.load().then((records) => {
    for (const r of records) {
      // Each kind's records are the objects the sandbox stored under it (state.put).
      if (r.kind === 'idem') idempotency.restore(r.id, r.data);
      else if (Object.hasOwn(restore, r.kind)) restore[r.kind]!(r.id, r.data);
    }
  });
  const app = new Hono();
  durableState(app, state, ready);
  mountFaultAdmin(app, faults);
  const now = options.now ?? (() => new Date());
  return { now, faults, state, idempotency, allowed: options.allowedOrigins ?? [], ready, app, auth: merchantAuth(options.merchantKey) };
}

/**
 * Every request waits for the sandbox's stored state to be loaded, and what it changed is
 * written before its answer leaves (a storage failure is a 503: nothing was promised).
 */
export function durableState(app: Hono, state: SandboxState, ready: Promise<void>): void {
  app.use('*', async (c, next) => {
    await ready;
    await next();
    try {
      await state.flush();
    } catch {
      c.res = c.json({ error: 'sandbox: storage unavailable' }, 503);
    }
  });
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export const randomId = (prefix: string, bytes = 9) => `${prefix}${randomBytes(bytes).toString('hex')}`;

/** Armed faults, taken one request at a time. */
export class FaultControl {
  private armed: Fault[] = [];
  readonly enabled: boolean;
  constructor(enabled: boolean) {
    this.enabled = enabled;
  }
  arm(fault: Fault): void {
    if (!this.enabled) throw new Error('This sandbox was created without faults: true');
    this.armed.push({ ...fault, times: fault.times ?? 1, ...(isWebhookMode(fault.mode) ? { route: 'webhook' } : {}) });
  }
  clear(): void {
    this.armed = [];
  }
  /** The fault for this request: the header first, then an armed one for the route. */
  take(c: Context, route: string): Fault | null {
    if (!this.enabled) return null;
    const header = c.req.header(FAULT_HEADER);
    if (header) {
      const [mode, value] = header.split('=') as [string, string | undefined];
      if ((FAULT_MODES as readonly string[]).includes(mode) && !isWebhookMode(mode)) return { mode: mode as FaultMode, delayMs: value ? Number(value) : undefined };
    }
    return this.takeRoute(route);
  }
  /** The armed fault for an operation that has no request (the sandbox's own webhook deliveries). */
  takeRoute(route: string): Fault | null {
    if (!this.enabled) return null;
    // Webhook faults shape the sandbox's notifications only; the others its answers only.
    const index = this.armed.findIndex((f) => (route === 'webhook') === isWebhookMode(f.mode) && (!f.route || f.route === route));
    if (index < 0) return null;
    const fault = this.armed[index]!;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.armed.splice(index, 1);
    return fault;
  }
}

type NodeEnv = { incoming?: IncomingMessage };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** In process (app.request) there is no socket: that is the test itself. */
export function fromLoopback(c: Context): boolean {
  const address = (c.env as NodeEnv | undefined)?.incoming?.socket?.remoteAddress;
  return address === undefined || LOOPBACK.has(address);
}

/** Kills the connection without an answer (a reset as the client sees it). */
export function dropConnection(c: Context): Response {
  const socket = (c.env as NodeEnv | undefined)?.incoming?.socket;
  if (socket) {
    socket.destroy();
    return new Response(null, { status: 204 }); // never reaches anyone
  }
  // Without a socket (in process), an answer whose body fails is the closest thing.
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error('sandbox: connection dropped'));
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

/**
 * Runs one provider operation under the request's fault: `commit` does the work (records the
 * transaction), `answer` turns its result into the HTTP answer.
 */
export async function withFault<T>(c: Context, faults: FaultControl, route: string, commit: () => T | Promise<T>, answer: (result: T) => Response): Promise<Response> {
  const fault = faults.take(c, route);
  switch (fault?.mode) {
    case '5xx':
      return c.json({ error: 'sandbox: service unavailable' }, 503);
    case 'reset-before-commit':
      return dropConnection(c);
    case 'hang':
      // Never answers and never commits; gives up when the caller goes away (or after 2 minutes).
      await sleep(120_000, c.req.raw.signal);
      return dropConnection(c);
    case 'delay-ms':
      // The work still happens after the wait, even if the caller has given up (P2 "captured anyway").
      await sleep(fault.delayMs ?? 0);
      return answer(await commit());
    case 'drop-after-commit':
      await commit();
      return dropConnection(c);
    case 'malformed-json': {
      await commit();
      return new Response('{"transaction": {"id": "tx_', { status: 200, headers: { 'content-type': 'application/json' } });
    }
    case 'huge-body':
      await commit();
      return hugeBody();
    case 'slow-body':
      await commit();
      return slowBody(fault.delayMs ?? SLOW_BODY_STALL_MS);
    case 'missing-status':
    case 'unknown-status':
    case 'amount-mismatch':
    case 'currency-mismatch': {
      const res = answer(await commit());
      const text = await res.text();
      if (!text) return new Response(null, { status: res.status, headers: res.headers }); // nothing to tamper with
      const body = JSON.parse(text) as Record<string, unknown>;
      tamper(body, fault.mode);
      return new Response(JSON.stringify(body), { status: res.status, headers: { 'content-type': 'application/json' } });
    }
    default:
      return answer(await commit());
  }
}

/** A 10 MB JSON answer, made 64 KB at a time as the reader pulls (the sandbox never holds it). */
function hugeBody(): Response {
  const chunk = new TextEncoder().encode('A'.repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"transaction": {"id": "tx_huge", "status": "submitted_for_settlement", "padding": "'));
    },
    pull(controller) {
      if (sent >= HUGE_BODY_BYTES) {
        controller.enqueue(new TextEncoder().encode('"}}'));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Headers and the first bytes at once, the rest after `stallMs` (or never, if the reader goes away first). */
function slowBody(stallMs: number): Response {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(new TextEncoder().encode('{"transaction": '));
        return;
      }
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.enqueue(new TextEncoder().encode('{"id": "tx_slow", "status": "submitted_for_settlement"}}'));
          controller.close();
          resolve();
        }, stallMs);
        timer.unref?.();
      });
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

/**
 * Changes the payment(s) of an answer as a hostile or broken provider would: Braintree's
 * transaction(s), Klarna's order (the answer itself, or `orders[]`), Clearpay's payment (the
 * answer itself, or `results[]`).
 */
function tamper(body: Record<string, unknown>, mode: FaultMode): void {
  const lists = [body.transactions, body.orders, body.results].flatMap((l) => (Array.isArray(l) ? l : []));
  const list = [body.transaction ?? body, ...lists].filter((t): t is Record<string, unknown> => !!t && typeof t === 'object');
  for (const tx of list) {
    if (mode === 'missing-status') {
      delete tx.status;
      delete tx.fraud_status;
    }
    if (mode === 'unknown-status') {
      tx.status = 'teleported';
      if ('fraud_status' in tx) tx.fraud_status = 'teleported';
    }
    const money = (tx.originalAmount ?? null) as Record<string, unknown> | null;
    if (mode === 'amount-mismatch') {
      if (typeof tx.amount === 'string') tx.amount = penceToDecimal((decimalToPence(tx.amount) ?? 0) + 100);
      if (typeof tx.order_amount === 'number') tx.order_amount += 100;
      if (money && typeof money.amount === 'string') money.amount = penceToDecimal((decimalToPence(money.amount) ?? 0) + 100);
    }
    if (mode === 'currency-mismatch') {
      if ('currencyIsoCode' in tx || body.transaction) tx.currencyIsoCode = 'EUR';
      if ('order_amount' in tx) tx.purchase_currency = 'EUR';
      if (money) money.currency = 'EUR';
    }
  }
}

/** The body limit of every sandbox route, and the admin endpoint for faults (loopback only, registered only with `faults: true`). */
export function mountFaultAdmin(app: Hono, faults: FaultControl): void {
  // Every sandbox route reads small JSON bodies: refuse big ones before reading them.
  app.use('*', bodyLimit({ maxSize: SANDBOX_BODY_LIMIT, onError: (c) => c.json({ error: 'body too large' }, 413) }));
  if (!faults.enabled) return;
  app.post('/__faults', async (c) => {
    if (!fromLoopback(c)) return c.json({ error: 'loopback only' }, 403);
    const body = (await c.req.json().catch(() => null)) as Fault | null;
    if (!body || !(FAULT_MODES as readonly string[]).includes(body.mode)) return c.json({ error: `mode must be one of ${FAULT_MODES.join(', ')}` }, 400);
    faults.arm({ mode: body.mode, delayMs: body.delayMs, route: body.route, times: body.times === null ? Infinity : body.times, count: body.count });
    return c.json({ armed: true });
  });
  app.delete('/__faults', (c) => {
    if (!fromLoopback(c)) return c.json({ error: 'loopback only' }, 403);
    faults.clear();
    return c.json({ cleared: true });
  });
}

type StoredAnswer = { hash: string; status: number; body: unknown; headers?: Record<string, string> } | { hash: string; inFlight: true };

/** What a money-moving call answers: a status, a JSON body (null: none, e.g. Klarna's 201) and headers. */
export type CommittedAnswer = { status: number; body: Record<string, unknown> | null; headers?: Record<string, string> };

/** How a sandbox words its idempotency refusals: the key with another request, and the key still being worked on. */
export type IdempotencyRefusals = (kind: 'mismatch' | 'in_flight') => { status: number; body: Record<string, unknown> };

const DEFAULT_REFUSALS: IdempotencyRefusals = (kind) =>
  kind === 'mismatch'
    ? { status: 422, body: { errors: [{ code: 'idempotency_error', message: 'Idempotency key reused with a different request.' }] } }
    : { status: 409, body: { errors: [{ code: 'idempotency_in_flight', message: 'A request with this key is still being processed.' }] } };

function respond(c: Context, answer: { status: number; body: unknown; headers?: Record<string, string> }): Response {
  if (answer.body === null || answer.body === undefined) return c.body(null, answer.status as 201, answer.headers);
  return c.json(answer.body as object, answer.status as 200, answer.headers);
}

/**
 * Provider-side idempotency (A1): the first answer for a key is kept and replayed for the same
 * body (with its headers); another body with the key is refused (422 by default); a key still
 * being worked on is a 409. An answer that was not produced (5xx fault, reset) is not kept, so a
 * retry runs again.
 */
export class IdempotencyStore {
  private answers = new Map<string, StoredAnswer>();
  /** With a state, every answer kept is also stored (and restored at start). */
  private readonly state: SandboxState | null;
  constructor(state: SandboxState | null = null) {
    this.state = state;
  }
  restore(key: string, stored: unknown): void {
    this.answers.set(key, stored as StoredAnswer);
  }
  async run(c: Context, key: string | undefined, body: unknown, work: () => Promise<Response>, refusals: IdempotencyRefusals = DEFAULT_REFUSALS): Promise<Response> {
    if (!key) return work();
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const seen = this.answers.get(key);
    if (seen) {
      if (seen.hash !== hash) return respond(c, refusals('mismatch'));
      if ('inFlight' in seen) return respond(c, refusals('in_flight'));
      return respond(c, seen);
    }
    this.answers.set(key, { hash, inFlight: true });
    return work();
  }
  /** Records the answer for the key (called once the work has committed). */
  remember(key: string | undefined, body: unknown, status: number, answer: unknown, headers?: Record<string, string>): void {
    if (!key) return;
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const stored = { hash, status, body: answer, ...(headers ? { headers } : {}) };
    this.answers.set(key, stored);
    this.state?.put('idem', key, stored);
  }
  /**
   * A call that moves money, idempotent by `key` (run): `commit` runs at most once, under the
   * fault controls of `route`; its answer is kept for the key and stored before anything is
   * answered (or dropped by a fault): it is the provider's record. If a fault came before the
   * commit, the key may be used again. `body` is what the key's identity is compared on.
   */
  async commit(
    c: Context,
    key: string | undefined,
    body: unknown,
    faults: FaultControl,
    route: string,
    commit: () => CommittedAnswer | Promise<CommittedAnswer>,
    refusals: IdempotencyRefusals = DEFAULT_REFUSALS,
  ): Promise<Response> {
    return this.run(
      c,
      key,
      body,
      async () => {
        let committed = false;
        try {
          return await withFault(
            c,
            faults,
            route,
            async () => {
              committed = true;
              const answer = await commit();
              this.remember(key, body, answer.status, answer.body, answer.headers);
              await this.state?.flush();
              return answer;
            },
            (answer) => respond(c, answer),
          );
        } finally {
          if (!committed) this.forgetInFlight(key);
        }
      },
      refusals,
    );
  }
  /** The work never committed (5xx, reset before commit): the key may be used again. */
  forgetInFlight(key: string | undefined): void {
    if (!key) return;
    const seen = this.answers.get(key);
    if (seen && 'inFlight' in seen) this.answers.delete(key);
  }
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The page's own origin as the browser sees it (the shop mounts the sandbox on its origin). */
export function pageOrigin(c: Context): string {
  return new URL(c.req.url).origin;
}

/** The target origin of the page's postMessage: only the page's own origin or an allowed one. */
export function checkedTargetOrigin(c: Context, allowed: string[]): string | null {
  const requested = c.req.query('origin') ?? pageOrigin(c);
  let origin: string;
  try {
    origin = new URL(requested).origin;
  } catch {
    return null;
  }
  if (origin !== requested) return null;
  return origin === pageOrigin(c) || allowed.includes(origin) ? origin : null;
}

/** A page of the sandbox: markup only, its script a file of the sandbox, a CSP that allows nothing else. */
export function sandboxPage(c: Context, options: { title: string; body: string; script: string; frameAncestors: string[] }): Response {
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="sandbox.css">
</head>
<body>
${options.body}
<script src="${escapeHtml(options.script)}" defer></script>
</body>
</html>`;
  const ancestors = ["'self'", ...options.frameAncestors].join(' ');
  return c.html(html, 200, {
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
}

/**
 * The pages' look: plain, legible and calm, as a provider's hosted form is (a merchant styles it
 * to sit in its checkout). A file, so the CSP needs no inline style.
 */
export const SANDBOX_CSS = `*{box-sizing:border-box}
body{margin:0;padding:12px;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d1d1f;background:#fff}
main{max-width:520px}
h1{font-size:1.25rem;margin:0 0 12px}
form p{margin:0 0 12px}
label{display:block;font-weight:600;font-size:.95rem;margin-bottom:4px}
input,select{width:100%;max-width:360px;font:inherit;padding:10px 12px;border:2px solid #6e6e73;border-radius:8px;background:#fff;color:inherit}
input:focus,select:focus,button:focus{outline:3px solid #ffbf47;outline-offset:1px}
input[aria-invalid=true]{border-color:#c0262d}
.field-error{color:#c0262d;font-size:.9rem}
button{font:inherit;font-weight:700;padding:10px 20px;border:0;border-radius:999px;background:#1d1d1f;color:#fff;cursor:pointer}
button:disabled{opacity:.6;cursor:progress}
#hosted-fields-message,#sandbox-message{margin:8px 0 0;font-size:.95rem}
.sandbox-note{font-size:.85rem;color:#56565b}
`;

export function stylesheet(c: Context): Response {
  return c.body(SANDBOX_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
}

export function script(c: Context, source: string): Response {
  return c.body(source, 200, { 'content-type': 'text/javascript; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
}

/**
 * The script of every approval page (PayPal, Google Pay, Apple Pay, Klarna, Clearpay): posts the
 * form's fields as JSON to the form's action (a sandbox URL), shows an error in the page, and
 * hands the result to the opener or parent page with the validated target origin.
 */
export const APPROVAL_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('sandbox-form');
  var out = document.getElementById('sandbox-message');
  var target = form.getAttribute('data-origin');
  var type = form.getAttribute('data-message-type');
  function send(message) {
    var to = window.opener || (window.parent !== window ? window.parent : null);
    if (to) to.postMessage(message, target);
  }
  // In an iframe, the parent sizes it to the page (a popup sizes itself).
  function sendHeight() {
    if (window.parent !== window) window.parent.postMessage({ type: type.replace(/:[^:]*$/, '') + ':resize', height: Math.ceil(document.documentElement.scrollHeight) }, target);
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(sendHeight).observe(document.body);
  sendHeight();
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = {};
    Array.prototype.forEach.call(form.elements, function (el) { if (el.name) data[el.name] = el.value; });
    var button = form.querySelector('button');
    button.disabled = true;
    out.textContent = 'Please wait...';
    fetch(form.getAttribute('action'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data), credentials: 'same-origin' })
      .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (r) {
        button.disabled = false;
        if (!r.ok) {
          var errors = r.body.errors || [];
          out.textContent = errors.map(function (e) { return e.message; }).join(' ') || 'Something went wrong. Please try again.';
          if (r.body.final) send({ type: type, approved: false, declined: true });
          return;
        }
        out.textContent = r.body.message || '';
        r.body.type = type;
        send(r.body);
      })
      .catch(function () { button.disabled = false; out.textContent = 'Something went wrong. Please try again.'; });
  });
})();
`;

/** The approval page's markup: a form posting to `action`, its fields, a submit button and a message line. */
export function approvalForm(options: { action: string; origin: string; messageType: string; heading: string; fields: string; button: string; note?: string }): string {
  return `<main>
<h1>${escapeHtml(options.heading)}</h1>
${options.note ? `<p>${escapeHtml(options.note)}</p>` : ''}
<form id="sandbox-form" action="${escapeHtml(options.action)}" method="post" data-origin="${escapeHtml(options.origin)}" data-message-type="${escapeHtml(options.messageType)}" novalidate>
${options.fields}
<button type="submit">${escapeHtml(options.button)}</button>
</form>
<p id="sandbox-message" role="status" aria-live="polite"></p>
</main>`;
}

/** Pence to the providers' decimal strings, and back, in integer arithmetic. */
export function penceToDecimal(pence: number): string {
  if (!Number.isSafeInteger(pence) || pence < 0) throw new Error(`Invalid amount ${pence}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}
export function decimalToPence(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}\.\d{2}$/.test(value)) return null;
  const [units, cents] = value.split('.') as [string, string];
  return Number(units) * 100 + Number(cents);
}

/** Guards the server-side endpoints with the merchant key (a no-op without one). */
export function merchantAuth(merchantKey: string | undefined): MiddlewareHandler {
  const expected = merchantKey ? createHash('sha256').update(`Bearer ${merchantKey}`).digest() : null;
  return async (c, next) => {
    if (!expected) return next();
    const given = createHash('sha256').update(c.req.header('authorization') ?? '').digest();
    if (!timingSafeEqual(given, expected)) return c.json({ error: 'authentication required' }, 401);
    return next();
  };
}
