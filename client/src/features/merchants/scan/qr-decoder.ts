/**
 * Reading QR codes from the camera's frames: the browser's own BarcodeDetector where it has one
 * that reads QR codes (Chrome on Android, ChromeOS and macOS, Safari), otherwise the
 * `barcode-detector` ponyfill (ZXing-C++ compiled to WebAssembly, maintained). The ponyfill and
 * its .wasm are loaded only then, and the .wasm is bundled by Vite and served by the shop:
 * its default location (a CDN) is overridden, so nothing is fetched from anywhere else. The
 * page's CSP allows compiling WebAssembly ('wasm-unsafe-eval', gateway security/headers.ts).
 */
export interface QrDecoder {
  /** The texts of the QR codes in the frame (none when there is none). */
  detect(source: HTMLVideoElement | ImageBitmap | ImageData): Promise<string[]>;
  /** Which decoder reads: the browser's, or the bundled one. */
  kind: 'native' | 'bundled';
}

interface DetectorLike {
  detect(source: HTMLVideoElement | ImageBitmap | ImageData): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

export async function createQrDecoder(): Promise<QrDecoder> {
  const native = await nativeDetector();
  const wrap = (d: DetectorLike, kind: QrDecoder['kind']): QrDecoder => ({
    kind,
    detect: async (source) => (await d.detect(source)).map((b) => b.rawValue).filter((v) => v.length > 0),
  });
  if (native) return wrap(native, 'native');
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([import('barcode-detector/ponyfill'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return wrap(new BarcodeDetector({ formats: ['qr_code'] }), 'bundled');
}
