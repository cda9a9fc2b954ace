/**
 * What the service's PDFs share (print/voucher-pdf.ts, returns/returns-label-pdf.ts): the Inter
 * font from the local @fontsource/inter files (never a URL), registered once when this module is
 * first imported, and the QR code as a PNG in one size and error correction.
 */
import { fileURLToPath } from 'node:url';
import { Font } from '@react-pdf/renderer';
import QRCode from 'qrcode';

/** The font family the documents' styles name. */
export const PDF_FONT = 'Inter';

Font.register({
  family: PDF_FONT,
  fonts: [
    { src: fileURLToPath(import.meta.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')), fontWeight: 400 },
    { src: fileURLToPath(import.meta.resolve('@fontsource/inter/files/inter-latin-700-normal.woff')), fontWeight: 700 },
  ],
});
// Whole words only: the font has no hyphenation dictionary.
Font.registerHyphenationCallback((word) => [word]);

/** A QR code of `text` as a PNG, large enough to print sharp and to scan from paper. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, width: 320, type: 'png' });
}
