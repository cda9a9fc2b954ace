import { formatMoney } from '@shop/domain';
import type { MoneyResolvers } from '../__generated__/resolvers.ts';

export const Money: MoneyResolvers = {
  // One formatter for the whole shop (domain/src/money.ts): £19.99, £20, €5.50.
  formatted: (money) => formatMoney(money.amount, money.currency),
};
