/**
 * UK postcodes (spec §5 'Enter a valid postcode'): validation and normalisation with the
 * `postcode` package (its `parse` follows the Royal Mail formats AA9A 9AA, A9A 9AA, A9 9AA,
 * A99 9AA, AA9 9AA, AA99 9AA). Pure. Input is trimmed and any run of spaces inside is allowed;
 * anything else (control characters, letters where digits belong, over POSTCODE_INPUT_MAX
 * characters) is not a postcode.
 */
import { parse, validOutcode } from 'postcode';
import { BUYING_MESSAGES } from './buying.ts';

/** The longest input looked at: a postcode is at most 8 characters, with some room for spaces. */
export const POSTCODE_INPUT_MAX = 16;
/** Spec §5, word for word. */
export const POSTCODE_MESSAGE = BUYING_MESSAGES.postcode;

export interface ParsedPostcode {
  /** Normalised: upper case, one space before the inward code ("EH1 1AA"). */
  postcode: string;
  /** "EH1" */
  outcode: string;
  /** "1AA" */
  incode: string;
  /** "EH" */
  area: string;
  /** "EH1" (for "EH1A 1AA" also "EH1") */
  district: string;
  /** "EH1 1" */
  sector: string;
}

// Only letters, digits and plain spaces: tabs, newlines and other control characters are refused.
const SHAPE = /^[A-Za-z0-9 ]+$/;

function cleaned(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > POSTCODE_INPUT_MAX) return null;
  const trimmed = input.trim();
  return trimmed && SHAPE.test(trimmed) ? trimmed : null;
}

/** The parts of a valid UK postcode, or null. */
export function parsePostcode(input: unknown): ParsedPostcode | null {
  const text = cleaned(input);
  if (!text) return null;
  const p = parse(text);
  if (!p.valid) return null;
  return { postcode: p.postcode, outcode: p.outcode, incode: p.incode, area: p.area, district: p.district, sector: p.sector };
}

export function isValidPostcode(input: unknown): input is string {
  return parsePostcode(input) !== null;
}

/** "eh1  1aa " → "EH1 1AA"; null when not a valid UK postcode. */
export function normalisePostcode(input: unknown): string | null {
  return parsePostcode(input)?.postcode ?? null;
}

/** An outward code alone ("G1", "EH12", "AB10"), normalised to upper case; null when not one. */
export function normaliseOutcode(input: unknown): string | null {
  const text = cleaned(input);
  if (!text || text.includes(' ')) return null;
  const upper = text.toUpperCase();
  return validOutcode(upper) ? upper : null;
}

/** The field error of a postcode: null when valid, else spec §5's 'Enter a valid postcode'. */
export function postcodeError(input: unknown): typeof POSTCODE_MESSAGE | null {
  return isValidPostcode(input) ? null : POSTCODE_MESSAGE;
}
