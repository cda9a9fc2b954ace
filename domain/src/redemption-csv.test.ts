import { describe, expect, it } from 'vitest';
import { codesFromCsv, csvFields } from './redemption-csv.ts';

describe('codesFromCsv (issue 17: a redemption file)', () => {
  it('one code per line: trimmed, blank lines skipped, each with its line', () => {
    expect(codesFromCsv('K7QZ2M-9TXB4R-WC3HDN\n\n  ABCDEF-ABCDEF-ABCDEF  \r\n\r\nzzz\n')).toEqual({
      codes: [
        { line: 1, code: 'K7QZ2M-9TXB4R-WC3HDN' },
        { line: 3, code: 'ABCDEF-ABCDEF-ABCDEF' },
        { line: 5, code: 'zzz' },
      ],
      errors: [],
    });
  });

  it('a header naming a code column: that column, whatever its place; the header is not a code', () => {
    const csv = '\uFEFFCustomer,Voucher Code,Table\n"Smith, J",K7QZ2M-9TXB4R-WC3HDN,4\nLee," ABCDEF-ABCDEF-ABCDEF ",\nNo code,,2\n';
    expect(codesFromCsv(csv)).toEqual({
      codes: [
        { line: 2, code: 'K7QZ2M-9TXB4R-WC3HDN' },
        { line: 3, code: 'ABCDEF-ABCDEF-ABCDEF' },
      ],
      errors: [{ line: 4, message: 'This line has no code.' }],
    });
    expect(codesFromCsv('code\nK7QZ2M-9TXB4R-WC3HDN').codes).toEqual([{ line: 2, code: 'K7QZ2M-9TXB4R-WC3HDN' }]);
  });

  it('without a header the first column is the code; old Mac line ends count lines too', () => {
    expect(codesFromCsv('AAA,first visit\rBBB').codes).toEqual([
      { line: 1, code: 'AAA' },
      { line: 2, code: 'BBB' },
    ]);
  });

  it('RFC 4180 quoting within a line; an open quote is an error on its line, the rest still read', () => {
    expect(csvFields('a,"b ""c"", d",')).toEqual(['a', 'b "c", d', '']);
    expect(csvFields('"x"y')).toBeNull();
    expect(codesFromCsv('AAA\n"BBB\nCCC')).toEqual({ codes: [{ line: 1, code: 'AAA' }, { line: 3, code: 'CCC' }], errors: [{ line: 2, message: 'This line has a quote that is not closed.' }] });
  });

  it('an empty file has no codes', () => {
    expect(codesFromCsv('')).toEqual({ codes: [], errors: [] });
    expect(codesFromCsv('code\n\n')).toEqual({ codes: [], errors: [] });
  });
});
