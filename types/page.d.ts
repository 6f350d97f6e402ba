// What our JavaScript keeps on the page's window (and the browser APIs TypeScript's
// lib does not have yet), for the checker (tsconfig.json; `make lint`, tests/test_js_types.py).
// Declarations only: nothing here is loaded by the page.

interface PhomPaint {
  key: string;
  fingerprint(): string;
  lock?: string;
  bar?: () => boolean;
  at?: number;
}

interface Window {
  /** every uncaught error and rejection, and console errors (ui/boot/boot.js) */
  phomErrors: string[];
  /** taps and keys on the painted table before Python took it (ui/boot/boot.js) */
  phomEarly: number;
  /** the painted table's copy and loading bar (ui/boot/paint.js) */
  phomPaint?: PhomPaint;
  /** the one-tab Web Lock asked for on a painted visit (ui/boot/paint.js) */
  phomLock?: { granted: Promise<boolean> };
  /** a first visit's language, as ui/core/store.py browser_lang (ui/boot/paint.js) */
  phomBrowserLang: () => string;
  /** the boot's figures (ui/boot/interpreter.mjs) */
  phomBoot: Record<string, unknown>;
  /** linked play on one Wi-Fi: the functions ui/page/link.py calls (ui/friends/link.js) */
  phomLink: Record<string, unknown>;
  /** internet play: the functions ui/page/net.py calls (ui/friends/net.js) */
  phomNet: Record<string, unknown>;
  /** jsQR's UMD build sets it (vendor/qr/jsQR.js, loaded by ui/friends/link.js) */
  jsQR?: (data: Uint8ClampedArray, width: number, height: number,
          options?: { inversionAttempts?: string }) => { data: string } | null;
}

/** the Shape Detection API's QR reader (Chromium; ui/friends/link.js) */
declare class BarcodeDetector {
  constructor(options?: { formats: string[] });
  static getSupportedFormats(): Promise<string[]>;
  detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
