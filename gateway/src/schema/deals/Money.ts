import { formatMoney } from '@shop/domain';
import type { MoneyParent } from '../mappers.ts';
import type { TypeResolvers } from '../types.ts';

export const Money: TypeResolvers<MoneyParent> = {
  // One formatter for the whole shop (domain/src/money.ts): £19.99, £20, €5.50.
  formatted: (money) => formatMoney(money.amount, money.currency),
};
