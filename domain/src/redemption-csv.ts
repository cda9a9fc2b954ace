/**
 * Issue 17 point 3: the codes of a merchant's redemption file. One code per line, or a CSV whose
 * header names a `code` column (any other columns are ignored); blank lines and the header are
 * skipped, each code trimmed, and every code keeps the line it came from so the answer can be read
 * beside the file. Quoting as RFC 4180 has it within a line ("a ""quoted"" field", a comma inside
 * quotes); a field quoted across lines is reported as an error on its line, since no voucher code
 * holds a line break, a comma or a quote. Pure: no I/O.
 */

export interface CsvCode {
  /** 1-based line of the file. */
  line: number;
  code: string;
}

export interface CsvCodes {
  codes: CsvCode[];
  /** Lines that could not be read, with why. */
  errors: { line: number; message: string }[];
}

/** Header names of the code column (compared lower-case, trimmed). */
const CODE_HEADERS = new Set(['code', 'codes', 'voucher code', 'voucher_code', 'vouchercode']);

/** The fields of one line (RFC 4180 quoting), or null when a quote is left open or text follows a closing quote. */
export function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += line[i++];
      }
      if (i < line.length && line[i] !== ',') return null;
      fields.push(value);
    } else {
      const comma = line.indexOf(',', i);
      const end = comma === -1 ? line.length : comma;
      fields.push(line.slice(i, end));
      i = end;
    }
    if (i >= line.length) return fields;
    i++; // the comma
    if (i === line.length) {
      fields.push('');
      return fields;
    }
  }
}

/** The codes of a redemption file, each with its line; a header line and blank lines are skipped. */
export function codesFromCsv(text: string): CsvCodes {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const codes: CsvCode[] = [];
  const errors: CsvCodes['errors'] = [];
  let column: number | null = null;
  let first = true;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const fields = csvFields(raw);
    if (!fields) {
      errors.push({ line, message: 'This line has a quote that is not closed.' });
      return;
    }
    if (first) {
      first = false;
      const header = fields.findIndex((f) => CODE_HEADERS.has(f.trim().toLowerCase()));
      if (header !== -1) {
        column = header;
        return;
      }
    }
    const code = (fields[column ?? 0] ?? '').trim();
    if (code === '') errors.push({ line, message: 'This line has no code.' });
    else codes.push({ line, code });
  });
  return { codes, errors };
}
