/**
 * The resolvers are typed from schema.graphql (GraphQL Code Generator, gateway/codegen.yml; the
 * typecheck step generates the types). These lines must fail the typecheck: if a wrong shape ever
 * passed, `@ts-expect-error` would be unused and the typecheck would fail instead.
 */
import { describe, expect, it } from 'vitest';
import type { Resolvers } from './__generated__/resolvers.ts';
import { resolvers } from './schema.ts';

describe('resolver types', () => {
  it('hold every resolver to schema.graphql', () => {
    const wrongShape: Resolvers = {
      // @ts-expect-error Money.amount is an Int, not a string
      Money: { amount: () => 'twelve' },
    };
    const wrongMember: Resolvers = {
      Mutation: {
        // @ts-expect-error CheckoutResult has no PaymentError member
        applyPromoCode: () => ({ __typename: 'PaymentError' as const, code: 'PAYMENT_DECLINED' as const, message: 'No', field: null, retryable: true }),
      },
    };
    const unknownField: Resolvers = {
      // @ts-expect-error Location has no field `weather`
      Location: { weather: () => 'dreich' },
    };
    const untypedMember: Resolvers = {
      Mutation: {
        // @ts-expect-error a union's member carries its __typename (Union.__resolveType reads it: byTypename)
        applyPromoCode: () => ({ code: 'VALIDATION_FAILED' as const, message: 'No', field: null }),
      },
    };
    expect([wrongShape, wrongMember, unknownField, untypedMember]).toHaveLength(4);
    expect(Object.keys(resolvers)).toContain('Query');
  });
});
