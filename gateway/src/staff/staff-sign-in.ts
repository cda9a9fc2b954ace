/**
 * The staff sign-in (issue 17 point 7): a person of the shop's staff (added with
 * `npm run staff-key -- add-person`) signs in at /staff/sign-in with their email and password and
 * gets the `__Host-staff` cookie, a staff session of the users service's own — never a shopper's
 * session, which lives in `__Host-sid` and is never read as staff. With it the browser is staff to
 * /graphql (operation-access.ts `staffName`), as a staff API key is to a tool: GraphiQL and any
 * operation in production, the staff-only fields (approve merchants, any business's dashboard).
 *
 * The cookie is HttpOnly, Secure, SameSite=Strict and Path=/: no other site's page can send it
 * (so a cross-site form cannot run a staff mutation), and scripts cannot read it. The forms are
 * plain HTML posts (no client script needed), refused when another origin sends them.
 */
import { Hono, type Context } from 'hono';
import { STAFF_SESSION_COOKIE } from '@shop/domain/accounts';
import { createRestCallLog, createRestClient, DEFAULT_TIMEOUT_MS, type ServiceTarget } from '../clients/rest-client.ts';
import { createMerchantApplicationsClient, type MerchantApplicationData } from '../clients/merchant-applications.client.ts';
import { isServiceError } from '../clients/service-error.ts';
import { CLIENT_IP_HEADER, createUsersClient } from '../clients/users.client.ts';
import { createGiftCardsClient, type PostedGiftCardOrderData } from '../clients/giftcards.client.ts';
import { formatMoney } from '@shop/domain/money';
import { londonDateInWords } from '@shop/domain/london-time';
import { clientAddressOf } from '../accounts/client-ip.ts';
import { requestCookies } from '../accounts/cookies.ts';
import { escapeHtml } from '../html/render-head.ts';
import type { Logger } from '../logger.ts';

export { STAFF_SESSION_COOKIE };
export const STAFF_SIGN_IN_PATH = '/staff/sign-in';
export const STAFF_HOME_PATH = '/staff';
/** Issue 18 point 2: the posted gift cards waiting to be sent (the gift-card merchant is the shop itself). */
const STAFF_GIFT_CARDS_PATH = '/staff/gift-cards';
/** A staff session token as the users service issues them (32 random bytes, base64url); anything else is never sent on. */
export const STAFF_SESSION_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface StaffRoutesOptions {
  users: ServiceTarget;
  /** The shop's public origin (PUBLIC_BASE_URL): a form whose Origin is another is refused. */
  publicOrigin?: string;
  /** The merchants service (the applications staff decide); absent: the page lists none. */
  merchants?: ServiceTarget;
  /** The checkout service (the posted gift cards staff post); absent: that page is not available. */
  checkout?: ServiceTarget;
  serviceToken: string;
  logger: Logger;
  trustProxy: boolean;
  timeoutMs?: number;
}

const HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };

function page(title: string, body: string, status = 200, wide = false): Response {
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Thistle Deals staff</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d1a22}h1{font-size:1.6rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #767676;border-radius:8px}
button{font:inherit;font-weight:600;margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:8px;background:#6a2c91;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}.error{border-left:4px solid #b00020;background:#fdecee;padding:.75rem 1rem}
ul{padding-left:1.2rem}a{color:#6a2c91}main.wide{max-width:60rem}table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{text-align:left;vertical-align:top;padding:.5rem;border-bottom:1px solid #e6e1ec}td form{display:inline-block;margin:0 .5rem .5rem 0}td button{margin:0}
td input{width:auto;min-width:12rem}.secondary{background:#fff;color:#6a2c91;border:2px solid #6a2c91}.done{border-left:4px solid #1d7a4a;background:#e7f4ec;padding:.75rem 1rem}
ul.codes{margin:.25rem 0 0;padding-left:1rem}code{font-size:1.05em;white-space:nowrap}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}</style></head>
<body><main${wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
  return new Response(html, { status, headers: HEADERS });
}

function signInPage(error: string | null, email = '', status = 200): Response {
  return page(
    'Staff sign-in',
    `<h1>Staff sign-in</h1>
<p>For the shop's staff only. Shoppers and merchants sign in on <a href="/login">the usual login page</a>.</p>
${error ? `<div class="error" role="alert" id="error">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${STAFF_SIGN_IN_PATH}"${error ? ' aria-describedby="error"' : ''}>
<label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
    status,
  );
}

function applicationsTable(pending: readonly MerchantApplicationData[]): string {
  const rows = pending
    .map(
      (a) => `<tr>
<td><strong>${escapeHtml(a.businessName)}</strong><br>${escapeHtml(a.type)} · ${escapeHtml(a.category)} · ${escapeHtml(a.city)}</td>
<td>${escapeHtml(a.contactName)}<br>${escapeHtml(a.email)}<br>${escapeHtml(a.phone)}<br>${escapeHtml(a.addressLine)}, ${escapeHtml(a.postcode)}</td>
<td><time datetime="${escapeHtml(a.createdAt)}">${escapeHtml(a.createdAt.slice(0, 10))}</time></td>
<td><form method="post" action="/staff/applications/${a.id}/approve"><button type="submit" aria-label="Approve ${escapeHtml(a.businessName)}">Approve</button></form>
<form method="post" action="/staff/applications/${a.id}/reject"><label for="reason-${a.id}">Reason to reject ${escapeHtml(a.businessName)}</label>
<input id="reason-${a.id}" name="reason" required maxlength="500"> <button type="submit" class="secondary" aria-label="Reject ${escapeHtml(a.businessName)}">Reject</button></form></td>
</tr>`,
    )
    .join('\n');
  return `<table><caption class="visually-hidden">Applications waiting, oldest first</caption><thead><tr><th scope="col">Business</th><th scope="col">Contact</th><th scope="col">Applied</th><th scope="col">Decision</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The envelope's lines, as the merchants' posting screen prints them (name, lines, town, county, postcode). */
const envelope = (to: PostedGiftCardOrderData['deliverTo']) =>
  to ? [to.name, to.line1, to.line2, to.town, to.county, to.postcode].filter((l): l is string => Boolean(l)).map(escapeHtml).join('<br>') : 'No delivery address was recorded for this order: contact the buyer before posting it.';

/** "2 × £25, 1 × £10": each amount and how many. */
function cardCounts(cards: PostedGiftCardOrderData['cards']): string {
  const counts = new Map<string, number>();
  for (const c of cards) {
    const amount = formatMoney(c.amount, c.currency === 'EUR' ? 'EUR' : 'GBP');
    counts.set(amount, (counts.get(amount) ?? 0) + 1);
  }
  return [...counts].map(([amount, n]) => `${n} × ${amount}`).join(', ');
}

const cardCodes = (cards: PostedGiftCardOrderData['cards']) =>
  `<ul class="codes">${cards.map((c) => `<li>${escapeHtml(formatMoney(c.amount, c.currency === 'EUR' ? 'EUR' : 'GBP'))} card: <code>${escapeHtml(c.code)}</code></li>`).join('')}</ul>`;

const dateCell = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(londonDateInWords(iso))}</time>`;

function giftCardsToPostTable(orders: readonly PostedGiftCardOrderData[]): string {
  const rows = orders
    .map(
      (o) => `<tr>
<th scope="row">${escapeHtml(o.orderNumber)}</th>
<td>${dateCell(o.paidAt)}</td>
<td>${escapeHtml(cardCounts(o.cards))}${cardCodes(o.cards)}</td>
<td>${envelope(o.deliverTo)}</td>
<td><form method="post" action="${STAFF_GIFT_CARDS_PATH}/${encodeURIComponent(o.orderNumber)}/sent"><button type="submit">Mark order ${escapeHtml(o.orderNumber)} as sent</button></form></td>
</tr>`,
    )
    .join('\n');
  return `<table><caption class="visually-hidden">Posted gift cards waiting to be sent, oldest payment first</caption><thead><tr><th scope="col">Order</th><th scope="col">Paid</th><th scope="col">Cards to print</th><th scope="col">Post to</th><th scope="col">Sent?</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function giftCardsSentTable(orders: readonly PostedGiftCardOrderData[]): string {
  const rows = orders
    .map(
      (o) => `<tr>
<th scope="row">${escapeHtml(o.orderNumber)}</th>
<td>${o.sentAt ? dateCell(o.sentAt) : ''}</td>
<td>${escapeHtml(cardCounts(o.cards))}</td>
<td>${envelope(o.deliverTo)}</td>
</tr>`,
    )
    .join('\n');
  return `<table><caption class="visually-hidden">Posted gift cards sent, most recent first</caption><thead><tr><th scope="col">Order</th><th scope="col">Sent on</th><th scope="col">Cards</th><th scope="col">Posted to</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const cookie = (value: string, maxAgeSeconds: number) => `${STAFF_SESSION_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAgeSeconds}`;

/**
 * A form post from another site (login CSRF, a forced sign-out or decision) is refused, by the
 * rule /graphql uses (yoga.ts crossSitePosts): the browser's Sec-Fetch-Site when it sends one,
 * else an Origin that is not the shop's own.
 */
function foreignOrigin(c: Context, publicOrigin: string | undefined): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = c.req.header('origin');
  return origin !== undefined && (origin === 'null' || (publicOrigin !== undefined && origin !== publicOrigin));
}

export function createStaffRoutes(options: StaffRoutesOptions): Hono {
  const app = new Hono();
  const usersFor = (c: Context) => {
    const address = clientAddressOf(c, options.trustProxy);
    return createUsersClient(
      createRestClient({
        service: 'users',
        target: options.users,
        serviceToken: options.serviceToken,
        requestId: c.req.header('x-request-id') ?? crypto.randomUUID(),
        log: createRestCallLog(),
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ...(address ? { headers: { [CLIENT_IP_HEADER]: address } } : {}),
      }),
    );
  };

  app.get(STAFF_SIGN_IN_PATH, () => signInPage(null));

  app.post(STAFF_SIGN_IN_PATH, async (c) => {
    if (foreignOrigin(c, options.publicOrigin)) return signInPage('This form must be sent from this site.', '', 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const email = typeof form.email === 'string' ? form.email.trim().slice(0, 254) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, 200) : '';
    if (!email || !password) return signInPage(!email ? 'Enter your email address.' : 'Enter your password.', email, 400);
    try {
      const session = await usersFor(c).startStaffSession(email, password);
      const maxAge = Math.max(1, Math.floor((new Date(session.expiresAt).getTime() - Date.now()) / 1000));
      options.logger.info('Staff signed in', { name: session.name });
      return new Response(null, { status: 303, headers: { location: STAFF_HOME_PATH, 'set-cookie': cookie(session.token, maxAge), 'cache-control': 'no-store' } });
    } catch (error) {
      if (isServiceError(error) && error.code === 'INVALID_CREDENTIALS') return signInPage('The email address or password is not right.', email, 401);
      if (isServiceError(error) && (error.code === 'SIGN_IN_THROTTLED' || error.code === 'RATE_LIMITED')) {
        return signInPage('Too many attempts. Wait a few minutes, then try again.', email, 429);
      }
      throw error;
    }
  });

  app.post('/staff/sign-out', async (c) => {
    if (foreignOrigin(c, options.publicOrigin)) return page('Staff', '<h1>Refused</h1><p>This form must be sent from this site.</p>', 403);
    const token = requestCookies(c.req.raw)[STAFF_SESSION_COOKIE];
    if (token && STAFF_SESSION_SHAPE.test(token)) await usersFor(c).endStaffSession(token).catch((error: unknown) => options.logger.warn('Staff sign-out failed', { error: String(error) }));
    return new Response(null, { status: 303, headers: { location: STAFF_SIGN_IN_PATH, 'set-cookie': cookie('', 0), 'cache-control': 'no-store' } });
  });

  /** The signed-in staff person of this browser, or null. */
  const staffOf = async (c: Context): Promise<string | null> => {
    const token = requestCookies(c.req.raw)[STAFF_SESSION_COOKIE];
    return token && STAFF_SESSION_SHAPE.test(token) ? (await usersFor(c).verifyStaffSession(token)).name : null;
  };
  const applicationsFor = (c: Context) =>
    options.merchants
      ? createMerchantApplicationsClient(
          createRestClient({ service: 'merchants', target: options.merchants, serviceToken: options.serviceToken, requestId: c.req.header('x-request-id') ?? crypto.randomUUID(), log: createRestCallLog(), timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
        )
      : null;
  const toSignIn = () => new Response(null, { status: 303, headers: { location: STAFF_SIGN_IN_PATH, 'cache-control': 'no-store' } });
  const backHome = (done: string) => new Response(null, { status: 303, headers: { location: `${STAFF_HOME_PATH}?${new URLSearchParams({ done })}`, 'cache-control': 'no-store' } });

  app.get(STAFF_HOME_PATH, async (c) => {
    const name = await staffOf(c);
    if (!name) return toSignIn();
    let pending: MerchantApplicationData[] | null;
    try {
      pending = (await applicationsFor(c)?.list('pending')) ?? [];
    } catch (error) {
      options.logger.warn('Staff page: the applications could not be listed', { error: String(error) });
      pending = null;
    }
    const done = c.req.query('done');
    return page(
      'Staff',
      `<h1>Signed in as ${escapeHtml(name)}</h1>
${done ? `<p class="done" role="status">${escapeHtml(done.slice(0, 200))}</p>` : ''}
<p>This browser is staff to the shop's GraphQL API for up to 8 hours: any operation, in production too, and the staff-only fields.
<a href="/graphql">GraphiQL</a> — for example any business's dashboard with <code>merchantBusiness(id:)</code>.</p>
<nav aria-label="Staff pages"><ul><li><a href="${STAFF_GIFT_CARDS_PATH}">Gift cards to post</a></li></ul></nav>
<h2>Merchant applications waiting${pending ? ` (${pending.length})` : ''}</h2>
${pending === null ? '<p>Sorry, the applications could not be listed just now. Reload the page to try again.</p>' : pending.length === 0 ? '<p>No applications are waiting.</p>' : applicationsTable(pending)}
<form method="post" action="/staff/sign-out"><button type="submit" class="secondary">Sign out</button></form>`,
      200,
      true,
    );
  });

  const giftCardsFor = (c: Context) =>
    options.checkout
      ? createGiftCardsClient(
          createRestClient({ service: 'checkout', target: options.checkout, serviceToken: options.serviceToken, requestId: c.req.header('x-request-id') ?? crypto.randomUUID(), log: createRestCallLog(), timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
        )
      : null;
  const backToGiftCards = (done: string) => new Response(null, { status: 303, headers: { location: `${STAFF_GIFT_CARDS_PATH}?${new URLSearchParams({ done })}`, 'cache-control': 'no-store' } });

  // Issue 18 point 2: the posted gift cards to send; each order marked sent emails its buyer.
  app.get(STAFF_GIFT_CARDS_PATH, async (c) => {
    const name = await staffOf(c);
    if (!name) return toSignIn();
    const giftCards = giftCardsFor(c);
    let lists: Awaited<ReturnType<NonNullable<typeof giftCards>['postingLists']>> | null;
    try {
      lists = giftCards ? await giftCards.postingLists(50) : null;
    } catch (error) {
      options.logger.warn('Staff page: the gift cards to post could not be listed', { error: String(error) });
      lists = null;
    }
    const done = c.req.query('done');
    return page(
      'Gift cards to post',
      `<p><a href="${STAFF_HOME_PATH}">Staff home</a></p>
<h1>Gift cards to post</h1>
${done ? `<p class="done" role="status">${escapeHtml(done.slice(0, 300))}</p>` : ''}
<p>Print each card with its code, post the order's cards in one envelope by Royal Mail to the address shown, then mark the order sent: the buyer is emailed that it has been posted.</p>
<h2>Waiting to be posted${lists ? ` (${lists.toPost.length})` : ''}</h2>
${lists === null ? '<p>Sorry, the gift cards to post could not be listed just now. Reload the page to try again.</p>' : lists.toPost.length === 0 ? '<p>No gift cards are waiting to be posted.</p>' : giftCardsToPostTable(lists.toPost)}
${lists && lists.toPost.length === 50 ? '<p>These are the 50 oldest. Mark them sent to see the next ones.</p>' : ''}
<h2>Sent lately</h2>
${lists === null ? '' : lists.sent.length === 0 ? '<p>None sent yet.</p>' : giftCardsSentTable(lists.sent)}`,
      200,
      true,
    );
  });

  app.post(`${STAFF_GIFT_CARDS_PATH}/:orderNumber/sent`, async (c) => {
    if (foreignOrigin(c, options.publicOrigin)) return page('Staff', '<h1>Refused</h1><p>This form must be sent from this site.</p>', 403);
    const name = await staffOf(c);
    if (!name) return toSignIn();
    const giftCards = giftCardsFor(c);
    if (!giftCards) return page('Staff', '<h1>Not available</h1><p>The checkout service is not configured.</p>', 503);
    const orderNumber = c.req.param('orderNumber').slice(0, 40);
    const answer = await giftCards.markPosted(orderNumber, name);
    if (!answer.ok) return backToGiftCards(answer.code === 'NOT_FOUND' ? `Order ${orderNumber} has no posted gift card.` : (answer.message ?? `Order ${orderNumber} cannot be marked sent.`));
    if (answer.marked === 0) return backToGiftCards(`Order ${orderNumber} was already marked sent: its buyer was emailed then.`);
    return backToGiftCards(`Order ${orderNumber} marked sent (${cardCounts(answer.order.cards)}): its buyer is emailed that it has been posted.`);
  });

  app.post('/staff/applications/:id/:decision{approve|reject}', async (c) => {
    if (foreignOrigin(c, options.publicOrigin)) return page('Staff', '<h1>Refused</h1><p>This form must be sent from this site.</p>', 403);
    const name = await staffOf(c);
    if (!name) return toSignIn();
    const applications = applicationsFor(c);
    if (!applications) return page('Staff', '<h1>Not available</h1><p>The merchants service is not configured.</p>', 503);
    const id = c.req.param('id');
    try {
      if (c.req.param('decision') === 'approve') {
        const answer = await applications.approve(id, name);
        if (!answer) return backHome('That application was not found.');
        return backHome(`Approved ${answer.application.businessName}: ${answer.owner === 'member' ? 'its owner can sign in now' : 'its owner is asked to register with that email'}.`);
      }
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const reason = typeof form.reason === 'string' ? form.reason.trim().slice(0, 500) : '';
      if (!reason) return backHome('Give a reason to reject an application: the applicant is told it.');
      const answer = await applications.reject(id, name, reason);
      return backHome(answer ? `Rejected ${answer.application.businessName}.` : 'That application was not found.');
    } catch (error) {
      if (isServiceError(error) && error.code === 'APPLICATION_DECIDED') return backHome('That application was already decided.');
      throw error;
    }
  });

  return app;
}
