/**
 * The shopper's address, which the users service rate-limits by (x-client-ip). The gateway
 * decides it; nothing the shopper sends is believed unless the operator says a proxy is in front:
 *
 * - default: the socket's remote address (@hono/node-server's getConnInfo);
 * - TRUST_PROXY=1: the last hop of X-Forwarded-For (the address the proxy itself saw; earlier
 *   entries are whatever the client claimed), else the socket's.
 *
 * The Hono handler of /graphql records it per Request; the Yoga context reads it from there.
 */
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const addresses = new WeakMap<Request, string>();

/** A plain IPv4 or IPv6 address (an IPv4-mapped IPv6 address as its IPv4 form); null for anything else. */
export function normaliseAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  let v = value.trim();
  if (v.startsWith('[') && v.endsWith(']')) v = v.slice(1, -1);
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(v)) v = v.slice(7);
  return isIP(v) ? v.toLowerCase() : null;
}

/** The last hop of an X-Forwarded-For header; null when absent or not an address. */
export function lastForwardedHop(header: string | null | undefined): string | null {
  if (!header) return null;
  const hops = header.split(',');
  return normaliseAddress(hops[hops.length - 1]);
}

/** The address of a Hono request per the rules above; null when the socket is not known (tests over app.fetch). */
export function clientAddressOf(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = lastForwardedHop(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  try {
    return normaliseAddress(getConnInfo(c).remote.address);
  } catch {
    // Not a Node socket (app.fetch in tests): no address.
    return null;
  }
}

export function setRequestClientAddress(request: Request, address: string | null): void {
  if (address) addresses.set(request, address);
}

export function requestClientAddress(request: Request): string | null {
  return addresses.get(request) ?? null;
}

/** 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6): a client on this machine. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Loopback, private, link-local, carrier-grade NAT and unspecified ranges: not one shopper's address. */
const shared = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) shared.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) shared.addSubnet(net, prefix, 'ipv6');

/**
 * A public address: the shopper's own (or their network's), never this machine, a proxy in front
 * of the shop or a private network. Only such an address is limited per address (the checkout's
 * hold limit, reliability M4): behind a proxy without TRUST_PROXY every shopper would share the
 * proxy's address.
 */
export function isPublicAddress(address: string): boolean {
  const v = normaliseAddress(address);
  if (!v) return false;
  return !shared.check(v, isIP(v) === 6 ? 'ipv6' : 'ipv4');
}
