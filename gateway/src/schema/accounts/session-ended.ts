/**
 * A signed-in shopper's call to a service that answered 401: their session ended meanwhile (signed
 * out elsewhere, expired). It is the same as no session: the cookie is cleared and the caller
 * answers as for a guest (null).
 */
import { isServiceError } from '../../clients/service-error.ts';
import type { GatewayContext } from '../../context.ts';

export async function orNullIfSignedOut<T>(ctx: GatewayContext, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isServiceError(error) && error.status === 401) {
      ctx.session.dead();
      return null;
    }
    throw error;
  }
}
