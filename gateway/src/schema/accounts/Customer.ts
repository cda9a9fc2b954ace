/**
 * The signed-in customer (spec §3 User): `viewer`, and the `Customer` node.
 *
 * A Customer is only ever the viewer themself. `node(id:)` with a Customer id answers the viewer
 * when the id is theirs and null otherwise: another customer's id, an id that never existed and
 * a malformed or retyped one all give the same null, with no error (reliability Z1, Z2), so ids
 * say nothing about who exists.
 */
import { isServiceError } from '../../clients/service-error.ts';
import type { User } from '../../clients/users.client.ts';
import type { GatewayContext } from '../../context.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { Resolver } from '../types.ts';
import type { CustomerResolvers } from '../__generated__/resolvers.ts';
import { enumValue } from '../mappers.ts';

export type CustomerParent = User;

const USER_ID = /^[1-9]\d{0,14}$/;

/** The viewer when `key` (the id's `Customer:{key}`) is theirs; null for every other key. */
export async function loadCustomerNode(ctx: GatewayContext, key: string): Promise<CustomerParent | null> {
  if (!USER_ID.test(key)) return null;
  const viewer = await ctx.session.viewer();
  return viewer && String(viewer.id) === key ? viewer : null;
}

export const viewer: Resolver<unknown, Record<string, never>, Promise<CustomerParent | null>> = (_p, _a, ctx) => ctx.session.viewer();

/** The greeting name (spec §3 username): the first name, else the part of the email before the @. */
export function greetingName(user: Pick<User, 'firstName' | 'email'>): string {
  const first = user.firstName?.trim();
  return first || user.email.split('@')[0] || user.email;
}

/**
 * The signed preferences token of the viewer's own address (the users service gives it only to
 * the signed-in owner of a confirmed address), or null when there is no subscription. A session
 * that died meanwhile is null too (its cookie is cleared).
 */
export const preferencesToken = async (_u: CustomerParent, _a: unknown, ctx: GatewayContext): Promise<string | null> => {
  const token = ctx.session.token();
  if (!token) return null;
  try {
    return (await ctx.clients.users.myEmailPreferences(token))?.token ?? null;
  } catch (error) {
    if (isServiceError(error) && error.status === 401) {
      ctx.session.dead();
      return null;
    }
    throw error;
  }
};

export const Customer: CustomerResolvers = {
  id: (u) => toGlobalId('Customer', u.id),
  name: (u) => greetingName(u),
  socialLogins: (u) => u.socialLogins.map(enumValue),
  preferencesToken,
};
