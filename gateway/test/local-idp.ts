/**
 * A local OpenID Connect identity provider on loopback (oidc-provider, OpenID-certified) that
 * plays Google or Facebook in tests: one instance per provider, each with its own issuer
 * (http://127.0.0.1:PORT), signing real ID tokens with email, email_verified and names
 * (`omitEmailVerified`: no email_verified claim, as Facebook's ID tokens).
 *
 * - Accounts: add them with `addAccount({ email, emailVerified?, givenName?, familyName? })`; an
 *   email signed in with that was never added becomes a verified account on the fly. Each
 *   account's `sub` is derived from its email and is NOT the email, so a relying party that
 *   keyed users by email would be caught.
 * - The sign-in page (`/interaction/:uid`) is a plain form (an email field and a button) that a
 *   browser (Playwright) fills in; consent is implied for the registered clients.
 * - `scriptedLogin(authorizationUrl, email)` walks the same pages over HTTP without a browser and
 *   returns the redirect back to the client (its callback URL with `code`, `state` and `iss`).
 *
 * Used by the gateway's social sign-in tests and, for browser journeys, by e2e:
 *
 *   const google = await startLocalIdp({ clients: [{ clientId: 'shop', clientSecret: 's3cret',
 *     redirectUris: ['http://127.0.0.1:4173/auth/google/callback'] }] });
 *   // GOOGLE_ISSUER=google.issuer GOOGLE_CLIENT_ID=shop GOOGLE_CLIENT_SECRET=s3cret …
 *   await google.stop();
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

interface LocalIdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

interface LocalIdpAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export interface LocalIdpOptions {
  clients: LocalIdpClient[];
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  accounts?: Array<Partial<LocalIdpAccount> & { email: string }>;
  /** A name shown on the sign-in page ("Google", "Facebook"). */
  name?: string;
  /**
   * Like Facebook: ID tokens carry no `email_verified` claim at all (the accounts' emailVerified
   * is ignored). Default false (like Google: the claim is always there).
   */
  omitEmailVerified?: boolean;
}

export interface LocalIdp {
  issuer: string;
  port: number;
  /** Adds (or replaces) an account by email. */
  addAccount(account: Partial<LocalIdpAccount> & { email: string }): LocalIdpAccount;
  account(email: string): LocalIdpAccount | undefined;
  /** Signs `email` in for the authorization URL a client built; resolves the redirect back to the client. */
  scriptedLogin(authorizationUrl: string | URL, email: string): Promise<URL>;
  stop(): Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A subject identifier from the email: stable across restarts, never the email itself. */
function subjectFor(email: string): string {
  return `idp-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  const host = options.host ?? '127.0.0.1';
  const name = options.name ?? 'Local identity provider';
  const accounts = new Map<string, LocalIdpAccount>();
  const bySub = new Map<string, LocalIdpAccount>();

  const addAccount = (input: Partial<LocalIdpAccount> & { email: string }): LocalIdpAccount => {
    const email = input.email.trim();
    const account: LocalIdpAccount = {
      sub: input.sub ?? subjectFor(email),
      email,
      emailVerified: input.emailVerified ?? true,
      ...(input.givenName !== undefined ? { givenName: input.givenName } : {}),
      ...(input.familyName !== undefined ? { familyName: input.familyName } : {}),
    };
    accounts.set(email.toLowerCase(), account);
    bySub.set(account.sub, account);
    return account;
  };
  for (const account of options.accounts ?? []) addAccount(account);

  // The issuer must be known before the provider exists: listen first, then attach the handler.
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    async findAccount(_ctx: unknown, sub: string) {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        async claims() {
          return {
            sub: account.sub,
            email: account.email,
            ...(options.omitEmailVerified ? {} : { email_verified: account.emailVerified }),
            ...(account.givenName !== undefined ? { given_name: account.givenName } : {}),
            ...(account.familyName !== undefined ? { family_name: account.familyName } : {}),
            ...(account.givenName || account.familyName ? { name: [account.givenName, account.familyName].filter(Boolean).join(' ') } : {}),
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // Like Google: the ID token itself carries the email and profile claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // First-party clients: consent is implied, so a sign-in needs only the login page.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (!oidc.session.accountId) return undefined;
      const grant = new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId: oidc.client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    cookies: { keys: ['local-idp-cookie-key-not-secret'] },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  // Errors the provider answers (invalid_grant on a replayed code…) are expected in tests.
  provider.on('server_error', () => {});
  const oidcCallback = provider.callback();

  const loginPage = (uid: string, clientId: string) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Sign in: ${escapeHtml(name)}</title></head>
<body><main><h1>${escapeHtml(name)}: sign in</h1>
<p>Signing in to <strong>${escapeHtml(clientId)}</strong> (a local test identity provider: any email signs in).</p>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="email" required autofocus>
<button type="submit">Sign in</button>
</form>
<p><a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>
</main></body></html>`;

  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/abort)?$/.exec(url.pathname);
    if (!match) return oidcCallback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (match[2]) {
          await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
          return;
        }
        if (req.method === 'GET') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.setHeader('cache-control', 'no-store');
          res.end(loginPage(details.uid, String(details.params.client_id ?? '')));
          return;
        }
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim();
        if (!email) {
          res.statusCode = 400;
          res.end('An email is needed.');
          return;
        }
        const account = accounts.get(email.toLowerCase()) ?? addAccount({ email });
        await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      } catch (error) {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  };

  async function scriptedLogin(authorizationUrl: string | URL, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const remember = (response: Response) => {
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const eq = pair!.indexOf('=');
        const key = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '') jar.delete(key);
        else jar.set(key, value);
      }
    };
    let next = new URL(authorizationUrl);
    for (let step = 0; step < 10; step += 1) {
      if (next.origin !== issuer) return next;
      const interaction = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(next.pathname);
      const response = interaction
        ? await fetch(next, {
            method: 'POST',
            redirect: 'manual',
            headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email }).toString(),
          })
        : await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      remember(response);
      const location = response.headers.get('location');
      if (!location) throw new Error(`The identity provider answered ${response.status} at ${next.pathname}: ${(await response.text()).slice(0, 300)}`);
      await response.body?.cancel();
      next = new URL(location, next);
    }
    throw new Error('The identity provider redirected too many times');
  }

  return {
    issuer,
    port,
    addAccount,
    account: (email) => accounts.get(email.trim().toLowerCase()),
    scriptedLogin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
