export {
  holdUnits, getHold, pinHold, pinCoveringHold, unpinHold, sellHeld, releaseHold, releaseExpiredHold, releaseExpiredHolds, trimHold, getHoldWindow, countPurchase, uncountPurchase, stockView, sumDemand,
  StockError, type HoldItem, type HoldRefusal, type HoldRefusalCode, type HoldWindow, type HoldUnitsInput, type StockLine, type StockDb,
} from './stock.ts';
export { stockSnapshot, stockInvariantViolations, type StockFigures } from './invariant.ts';
export { vipEquivalents } from './vip-equivalents.ts';
