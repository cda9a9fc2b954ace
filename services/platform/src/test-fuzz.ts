/**
 * Helpers of the V1 fuzz tests (reliability V1, fast-check over request bodies): a fuzzed value is
 * either a JSON value or raw text spliced into the JSON body, so that what a hostile client can
 * send (NaN, Infinity, 1e309, 0x10…) reaches the service as text and not only what
 * JSON.stringify can write.
 */
import fc from 'fast-check';

/** A value for a body field: a JSON value, or raw text spliced into the JSON body. */
export type Fuzzed = { value: unknown } | { raw: string };

/** The JSON text of `base` with `field` set to the fuzzed value (NaN and Infinity as raw text, as a client might send them). */
export function bodyText(base: Record<string, unknown>, field: string, v: Fuzzed): string {
  const json = JSON.stringify({ ...base, [field]: '\u0000SLOT\u0000' });
  let slot: string;
  if ('raw' in v) slot = v.raw;
  else if (typeof v.value === 'number' && !Number.isFinite(v.value)) slot = String(v.value); // NaN, Infinity: not JSON
  else slot = JSON.stringify(v.value);
  return json.replace('"\\u0000SLOT\\u0000"', slot);
}

/** What the server sees of `field` after JSON.parse, or `readable: false` when the text is not JSON. */
export function parsedField(text: string, field: string): { readable: true; value: unknown } | { readable: false } {
  try {
    return { readable: true, value: (JSON.parse(text) as Record<string, unknown>)[field] };
  } catch {
    return { readable: false };
  }
}

/**
 * Fuzzed values for a number field: the hostile JSON values and raw texts given, integers in
 * `around` (the valid range and past both ends), any integer, any double, the extra number
 * arbitraries, and short strings.
 */
export function fuzzedNumbers(hostile: readonly unknown[], raw: readonly string[], around: { min: number; max: number }, ...extra: Array<fc.Arbitrary<number>>): fc.Arbitrary<Fuzzed> {
  return fc.oneof(
    fc.constantFrom(...hostile).map((value) => ({ value })),
    fc.constantFrom(...raw).map((text) => ({ raw: text })),
    fc.integer(around).map((value) => ({ value })),
    fc.integer().map((value) => ({ value })),
    fc.double().map((value) => ({ value })),
    ...extra.map((arbitrary) => arbitrary.map((value) => ({ value }))),
    fc.string({ maxLength: 8 }).map((value) => ({ value })),
  );
}
