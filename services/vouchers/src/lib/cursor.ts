/**
 * Opaque keyset cursors over a holder's vouchers, newest first: base64url JSON of
 * [created_at, id]. A cursor comes from the client through the gateway, so it is untrusted input:
 * a forged one is null (the handler's 400), never a database error.
 */
import { z } from 'zod';

export interface VoucherCursor {
  createdAt: Date;
  id: string;
}

const CursorTuple = z.tuple([z.iso.datetime(), z.uuid()]);

export function encodeCursor(c: VoucherCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');
}

export function decodeCursor(value: string): VoucherCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const tuple = CursorTuple.safeParse(parsed);
  return tuple.success ? { createdAt: new Date(tuple.data[0]), id: tuple.data[1] } : null;
}
