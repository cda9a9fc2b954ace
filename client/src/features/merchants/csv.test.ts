/**
 * The dashboard's one way of making a CSV (issue 17 point 2): RFC 4180 quoting of commas, quotes
 * and line breaks, the spreadsheet-formula guard on text (never on numbers), empty cells for
 * nothing, CRLF line ends after the header and every row, the file name's business slug, and the
 * download handed to the browser as a text/csv Blob under that name.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvField, csvFileName, csvText, downloadCsv } from './csv.ts';
import { catchDownload } from './test/csv-download.ts';

afterEach(() => vi.restoreAllMocks());

describe('csvField', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Tea for two')).toBe('Tea for two');
    expect(csvField('21 Byres Road, Glasgow')).toBe('"21 Byres Road, Glasgow"');
    expect(csvField('Tea "with fizz"')).toBe('"Tea ""with fizz"""');
    expect(csvField('Flat 2\nByres Road')).toBe('"Flat 2\nByres Road"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('guards text a spreadsheet would run as a formula, not numbers', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+44 141 000')).toBe("'+44 141 000");
    expect(csvField('-2 for 1')).toBe("'-2 for 1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('Tea = cake')).toBe('Tea = cake');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(0)).toBe('0');
  });

  it('writes nothing as an empty field', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });
});

describe('csvText', () => {
  it('is the header then one CRLF-ended line per row', () => {
    expect(csvText(['a', 'b', 'c'], [['x, y', 2, null], ['=1', -1, 'z']])).toBe('a,b,c\r\n"x, y",2,\r\n\'=1,-1,z\r\n');
    expect(csvText(['a'], [])).toBe('a\r\n');
  });
});

describe('csvFileName', () => {
  it('names the section, the business as a slug and the day', () => {
    expect(csvFileName('bookings', 'The Willow Tearooms', '2026-11-27')).toBe('bookings-the-willow-tearooms-2026-11-27.csv');
    expect(csvFileName('orders-to-post', "  Café Ôrla's / Bar!  ", '2026-11-27')).toBe('orders-to-post-cafe-orla-s-bar-2026-11-27.csv');
    expect(csvFileName('bookings', '★★★', '2026-11-27')).toBe('bookings-business-2026-11-27.csv');
  });
});

describe('downloadCsv', () => {
  it('hands the text to the browser as a text/csv file with its name, then lets the URL go', async () => {
    vi.useFakeTimers();
    const file = catchDownload();
    downloadCsv('bookings-x-2026-11-27.csv', 'a,b\r\n1,2\r\n');
    expect({ href: file.href, download: file.name, inDocument: file.inDocument }).toEqual({ href: 'blob:csv', download: 'bookings-x-2026-11-27.csv', inDocument: true });
    expect(document.querySelector('a[download]')).toBeNull();
    expect(file.blob!.type).toBe('text/csv;charset=utf-8');
    expect(await file.blob!.text()).toBe('a,b\r\n1,2\r\n');
    expect(file.revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(file.revoke).toHaveBeenCalledWith('blob:csv');
    vi.useRealTimers();
  });
});
