/**
 * Resolvers of the "Buying (issue 6)" section of schema.graphql: basket, checkout, payments,
 * orders, wallet, addresses (vouchers: ../vouchers/). The flow behind them: services/checkout/README.md.
 * schema.ts spreads these into the root types, so this folder can grow without touching it.
 */
import { addressLookup, addressSuggestions } from './Address.ts';
import { BasketLineType, BasketType } from './Basket.ts';
import { applyPromoCode, checkout, CheckoutType, giftingConfig, setVipOption, setWalletUse } from './Checkout.ts';
import { addBasketAddon, addToBasket, basketQuery, removeBasketLine, setLineGifting, updateBasketLine } from './Mutation.basket.ts';
import { buyOrderAddon, expressBuy, placeExpressOrder, placeOrder, startPayment } from './Mutation.order.ts';
import { buyingCustomer, order, OrderLineType, OrderType } from './Order.ts';
import { byTypename } from '../mappers.ts';


export const buyingQuery = { basket: basketQuery, checkout, giftingConfig, order, addressLookup, addressSuggestions };
export const buyingMutation = {
  addToBasket,
  updateBasketLine,
  removeBasketLine,
  setLineGifting,
  addBasketAddon,
  applyPromoCode,
  setWalletUse,
  setVipOption,
  startPayment,
  placeOrder,
  expressBuy,
  placeExpressOrder,
  buyOrderAddon,
};
/** Fields `extend type Customer` adds (wallet, orders, paymentInstruments). */
export const buyingCustomerFields = buyingCustomer;
export const buyingTypes = {
  BasketResult: { __resolveType: byTypename },
  CheckoutResult: { __resolveType: byTypename },
  StartPaymentResult: { __resolveType: byTypename },
  PlaceOrderResult: { __resolveType: byTypename },
  ExpressBuyResult: { __resolveType: byTypename },
  AddressLookupResult: { __resolveType: byTypename },
  Basket: BasketType,
  BasketLine: BasketLineType,
  Checkout: CheckoutType,
  Order: OrderType,
  OrderLine: OrderLineType,
};
