import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context.ts';

/** A field resolver with its parent (see mappers.ts), arguments and result typed. */
export type Resolver<TParent, TArgs = Record<string, never>, TResult = unknown> = (
  parent: TParent,
  args: TArgs,
  context: GatewayContext,
  info: GraphQLResolveInfo,
) => TResult;
