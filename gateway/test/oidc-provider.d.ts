/**
 * The few parts of oidc-provider (which ships no types) that the local identity provider of the
 * tests uses (local-idp.ts).
 */
// eslint-disable-next-line no-restricted-syntax -- the declaration of an untyped package, nothing emitted
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string };
    session?: { accountId?: string };
  }

  export interface OidcGrant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface OidcContext {
    oidc: {
      client: { clientId: string };
      session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: {
      new (properties: { accountId?: string; clientId: string }): OidcGrant;
      find(id: string): Promise<OidcGrant | undefined>;
    };
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
