import { vi } from 'vitest';

/**
 * Catches what downloadCsv (../csv.ts) hands the browser instead of letting it download: the
 * object URL's Blob, and the link clicked (its name, its href, whether it was in the document).
 * The URL is never revoked for real: `revoke` is the spy. The test file restores the spies
 * (`afterEach(() => vi.restoreAllMocks())`).
 */
export function catchDownload() {
  const file = {
    name: '',
    href: '',
    inDocument: false,
    blob: undefined as Blob | undefined,
    revoke: vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
  };
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((file.blob = b as Blob), 'blob:csv'));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    file.name = this.download;
    file.href = this.href;
    file.inDocument = document.body.contains(this);
  });
  return file;
}
