/**
 * Resolvers of the "Buying (issue 6)" section of schema.graphql: basket, checkout, payments,
 * orders, vouchers, wallet, addresses. The flow behind them: services/checkout/README.md.
 * schema.ts spreads these into the root types, so this folder can grow without touching it.
 */
const byTypename = (value: { __typename?: string }) => value.__typename ?? null;

export const buyingQuery = {};
export const buyingMutation = {};
/** Fields `extend type Customer` adds (wallet, orders, paymentInstruments). */
export const buyingCustomerFields = {};
export const buyingTypes = {
  BasketResult: { __resolveType: byTypename },
  CheckoutResult: { __resolveType: byTypename },
  StartPaymentResult: { __resolveType: byTypename },
  PlaceOrderResult: { __resolveType: byTypename },
  ExpressBuyResult: { __resolveType: byTypename },
  AddressLookupResult: { __resolveType: byTypename },
};
