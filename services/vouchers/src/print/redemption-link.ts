/**
 * The link a voucher's QR code carries (issue 16 point 4): never the bare code, but
 * `{publicBaseUrl}/merchant/redeem/{voucherId}.{signature}`, where the signature is an HMAC of the
 * voucher id under the service's link key. A merchant's scan proves the voucher was printed from
 * the shop; nobody can make a link for a voucher id without the key, and a code cannot be read
 * back from a link (OAT-002: codes are not enumerable from what is printed beside them).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PATH = '/merchant/redeem/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key links are signed with, derived from a secret the deployment already keeps. */
export function linkKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('thistle-deals voucher redemption links v1').digest();
}

function signature(key: Buffer, voucherId: string): string {
  // 128 bits of the HMAC: plenty against forgery, short enough for a small, easily scanned QR.
  return createHmac('sha256', key).update(`voucher:${voucherId}`).digest().subarray(0, 16).toString('base64url');
}

export function redemptionToken(key: Buffer, voucherId: string): string {
  return `${voucherId}.${signature(key, voucherId)}`;
}

export function redemptionLink(key: Buffer, publicBaseUrl: string, voucherId: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}${PATH}${redemptionToken(key, voucherId)}`;
}

/** The voucher id a link or token was signed for, or null when it is not one of ours. */
export function voucherIdOfLink(key: Buffer, linkOrToken: string): string | null {
  const token = linkOrToken.includes(PATH) ? linkOrToken.slice(linkOrToken.lastIndexOf(PATH) + PATH.length) : linkOrToken;
  const [id = '', sig = '', ...rest] = token.split('.');
  if (rest.length || !UUID.test(id)) return null;
  const expected = Buffer.from(signature(key, id));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
