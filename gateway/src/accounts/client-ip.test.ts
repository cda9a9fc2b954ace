import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress, lastForwardedHop, normaliseAddress } from './client-ip.ts';

describe('client addresses', () => {
  it('normalises socket addresses (IPv4-mapped, brackets, case) and refuses anything else', () => {
    expect(normaliseAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normaliseAddress('[::1]')).toBe('::1');
    expect(normaliseAddress('FE80::1')).toBe('fe80::1');
    expect(normaliseAddress('localhost')).toBeNull();
    expect(normaliseAddress('1.2.3.4; drop table')).toBeNull();
  });

  it('takes the last X-Forwarded-For hop (the one our proxy added)', () => {
    expect(lastForwardedHop('6.6.6.6, 10.0.0.7')).toBe('10.0.0.7');
    expect(lastForwardedHop('nonsense')).toBeNull();
  });

  it('knows a client on this machine (the outbox page answers only those)', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.127', '::2', '1.127.0.0']) expect(isLoopbackAddress(a)).toBe(false);
  });

  it('isPublicAddress: a shopper’s own address, never this machine, a private network or a proxy in front', () => {
    for (const a of ['203.0.113.7', '198.51.100.2', '8.8.8.8', '2001:db8::1', '::ffff:203.0.113.7', '172.32.0.1', '100.128.0.1']) expect(isPublicAddress(a)).toBe(true);
    for (const a of ['127.0.0.1', '::1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.0.1', '100.64.0.1', 'fd00::1', 'fe80::1', '::', '0.0.0.0', 'not-an-ip', '']) {
      expect(isPublicAddress(a)).toBe(false);
    }
  });
});
