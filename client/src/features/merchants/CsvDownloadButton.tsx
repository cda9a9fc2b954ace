import { londonDate } from '@shop/domain/london-time';
import { csvFileName, downloadCsv } from './csv.ts';

/**
 * A dashboard section's "Download CSV" of the list it shows: the file is named after the section,
 * the business and today (London), and its text is made (`csv`) only when the button is used.
 * Screen readers hear what the file holds ("Download CSV of upcoming bookings").
 */
export function CsvDownloadButton({ section, businessName, of, csv, className }: { section: string; businessName: string; of: string; csv: () => string; className?: string }) {
  return (
    <button type="button" className={`button button--secondary${className ? ` ${className}` : ''}`} onClick={() => downloadCsv(csvFileName(section, businessName, londonDate(new Date())), csv())}>
      Download CSV<span className="visually-hidden"> of {of}</span>
    </button>
  );
}
