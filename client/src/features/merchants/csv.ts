/**
 * The one way the merchant dashboard makes a CSV (issue 17 point 2: "a CSV export of everything
 * shown"), generated in the browser from what the page already has: RFC 4180 fields and CRLF line
 * ends, a header row, text guarded against running as a spreadsheet formula, and the file handed
 * to the browser as a download named after the section, the business and the day or period.
 */

/** A cell: text, a number, or nothing (an empty field). */
export type CsvCell = string | number | null | undefined;

/**
 * One field as RFC 4180 wants it (quoted when it holds a comma, quote or line break). Text that a
 * spreadsheet would run as a formula (= + - @ tab or CR at the start) is prefixed with a quote mark
 * (OWASP CSV injection): titles, names and addresses are other people's words, but the file is
 * opened in Excel. Numbers are written as they are (-3 stays a number).
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file: the header, then one line per row, each line ended by CRLF (RFC 4180). */
export function csvText(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return [header.map(csvField).join(','), ...rows.map((cells) => cells.map(csvField).join(','))].join('\r\n') + '\r\n';
}

/** "bookings-the-willow-tearooms-2026-11-27.csv": the section, the business as a slug, then the day or period. */
export function csvFileName(section: string, businessName: string, when: string): string {
  // Accents dropped ("Café" → "cafe", not "cafe-"): NFKD splits them off as combining marks.
  const slug = businessName.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'business';
  return `${section}-${slug}-${when}.csv`;
}

/** Hands the file to the browser as a download (a Blob URL, revoked once clicked). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
