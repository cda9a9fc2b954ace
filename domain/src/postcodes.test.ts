import { describe, expect, it } from 'vitest';
import { isValidPostcode, normaliseOutcode, normalisePostcode, parsePostcode, postcodeError } from './postcodes.ts';

describe('UK postcodes', () => {
  it.each([
    ['G1 1AA', 'G1 1AA'],
    ['g11aa', 'G1 1AA'],
    ['  eh1   1aa ', 'EH1 1AA'],
    ['EH12 5AB', 'EH12 5AB'],
    ['AB10 1XG', 'AB10 1XG'],
    ['ab251bh', 'AB25 1BH'],
    ['SW1A 2AA', 'SW1A 2AA'],
    ['W1A 1AA', 'W1A 1AA'],
    ['M1 1AE', 'M1 1AE'],
    ['CR2 6XH', 'CR2 6XH'],
  ])('%j is valid, normalised %j', (input, normalised) => {
    expect(isValidPostcode(input)).toBe(true);
    expect(normalisePostcode(input)).toBe(normalised);
    expect(postcodeError(input)).toBeNull();
  });

  it.each([
    [''],
    ['   '],
    ['G1'],
    ['1AA'],
    ['GG 1AA'],
    ['G1 AAA'],
    ['G1 1A'],
    ['G1 11AA'],
    ['EH1\n1AA'],
    ['EH1\t1AA'],
    ['EH1\u00001AA'],
    ['G1-1AA'],
    ['G1 1AA; DROP TABLE address'],
    ['<script>'],
    ['G'.repeat(10_000)],
    [null],
    [undefined],
    [12345],
    [{}],
  ])('%j is not a postcode: Enter a valid postcode', (input) => {
    expect(isValidPostcode(input)).toBe(false);
    expect(normalisePostcode(input)).toBeNull();
    expect(postcodeError(input)).toBe('Enter a valid postcode');
  });

  it('gives the parts of a postcode', () => {
    expect(parsePostcode('eh1 2ng')).toEqual({ postcode: 'EH1 2NG', outcode: 'EH1', incode: '2NG', area: 'EH', district: 'EH1', sector: 'EH1 2' });
  });

  it.each([
    ['g1', 'G1'],
    ['EH12', 'EH12'],
    ['ab10', 'AB10'],
    ['G1 1AA', null],
    ['1G', null],
    ['', null],
  ])('outcode %j → %j', (input, expected) => expect(normaliseOutcode(input)).toBe(expected));
});
