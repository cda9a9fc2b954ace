import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, lastForwardedHop, normaliseAddress } from './client-ip.ts';

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
});
