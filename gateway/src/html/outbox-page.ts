/**
 * The development page of the mail outbox (OUTBOX_PAGE_PATH, /dev/outbox): the messages the
 * shop "sent" into `mail.outbox`, newest first, with their links clickable, so a developer (or
 * a browser test) can follow a confirmation or reset link without a mail server.
 *
 * Served only when the shop is not in production, or with OUTBOX_PAGE=1 (the e2e journeys run
 * the production build with it); otherwise the path is a plain 404. Never indexed or cached, and
 * no Referer leaves it (the links hold tokens).
 *
 * `?to=` lists one address only; `?format=json` gives the same list as JSON.
 */
import { OUTBOX_PAGE_PATH } from '@shop/domain/accounts';
import type { OutboxMessage } from '@shop/platform';
import { escapeHtml } from './render-head.ts';

export { OUTBOX_PAGE_PATH };
export const OUTBOX_PAGE_LIMIT = 100;

export type OutboxLister = (options: { limit: number; to?: string }) => Promise<OutboxMessage[]>;

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text and turns every http(s) URL in it into a link. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    // A sentence's full stop or closing bracket is not part of the URL.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * A message's List-Unsubscribe header, and the POST a mail app's own unsubscribe button makes
 * with it (RFC 8058 one-click), so a developer or a journey can press it as a shopper would.
 */
function listUnsubscribeForm(url: string): string {
  // Posted to this shop (the page's CSP allows forms to 'self' only, whichever host it was opened on).
  const parsed = URL.canParse(url) ? new URL(url) : null;
  const action = parsed ? parsed.pathname + parsed.search : url;
  return `
<form class="unsubscribe" method="post" action="${escapeHtml(action)}"><p class="meta">List-Unsubscribe: &lt;${escapeHtml(url)}&gt;</p>
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe (one-click, as a mail app does)</button></form>`;
}

const HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

export function renderOutboxPage(messages: readonly OutboxMessage[], to: string | null): string {
  const items = messages
    .map(
      (m) => `<li class="mail"><article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong class="to">${escapeHtml(m.to)}</strong> · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time> · ${escapeHtml(m.kind)}</p>
<div class="text">${linkify(m.text)}</div>${m.listUnsubscribe ? listUnsubscribeForm(m.listUnsubscribe) : ''}
</article></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail outbox (development)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}ol{list-style:none;padding:0}
.mail{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:0 0 1rem}.mail h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#555;margin:0 0 .5rem}.text{white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body><main><h1>Mail outbox</h1>
<p>Messages the shop would have sent, newest first${to ? ` (to ${escapeHtml(to)}; <a href="${OUTBOX_PAGE_PATH}">all</a>)` : ''}. Development only: nothing left this machine.</p>
${messages.length ? `<ol>${items}</ol>` : '<p>No messages yet.</p>'}
</main></body></html>`;
}

export function outboxPageHandler(list: OutboxLister): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const to = url.searchParams.get('to')?.trim().slice(0, 254) || null;
    const messages = await list({ limit: OUTBOX_PAGE_LIMIT, ...(to ? { to } : {}) });
    if (url.searchParams.get('format') === 'json') {
      return new Response(JSON.stringify({ messages }), { headers: { ...HEADERS, 'content-type': 'application/json; charset=utf-8' } });
    }
    return new Response(renderOutboxPage(messages, to), { headers: { ...HEADERS, 'content-type': 'text/html; charset=utf-8' } });
  };
}
