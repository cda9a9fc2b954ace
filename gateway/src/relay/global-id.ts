/**
 * Relay global ids: base64 of `Type:key`, opaque to clients. `fromGlobalId` never throws: a
 * malformed id gives null, so `node(id:)` answers null rather than an error.
 */
export const NODE_TYPES = ['Deal', 'DealProduct', 'Location', 'Merchant', 'Category', 'Guide', 'SpecialEvent', 'NearMeArea', 'Customer', 'Basket', 'Checkout', 'Order', 'Voucher', 'PaymentInstrument', 'WalletTransaction', 'PointsActivity', 'Referral'] as const;
export type NodeType = (typeof NODE_TYPES)[number];
/** Types with a global id that node(id:) does not refetch (they live inside their location's navigation, or a mutation's answer). */
export type OpaqueIdType = 'NavigationItem' | 'SubNavigation' | 'VoucherRefund' | 'VoucherReturn' | 'MapDeal' | 'Review';

export function toGlobalId(type: NodeType | OpaqueIdType, key: string | number): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64');
}

export function fromGlobalId(id: string): { type: NodeType; key: string } | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > 200 || !/^[A-Za-z0-9+/]+={0,2}$/.test(id)) return null;
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  // Reject ids that do not round-trip (non-canonical base64), so every object has one id.
  if (Buffer.from(decoded, 'utf8').toString('base64') !== id) return null;
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const type = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  if (!(NODE_TYPES as readonly string[]).includes(type) || key.length === 0) return null;
  return { type: type as NodeType, key };
}

/**
 * A positive integer id from a key or a URL segment; null for anything else, including ids the
 * services would refuse (over 9 digits): such an id is "no such object" and never reaches REST,
 * where a 400 would fail the whole dataloader batch.
 */
export { parseNumericId } from '@shop/domain';
