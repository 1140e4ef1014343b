import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { ApiError } from '../../http/api-error.js';

/** Flags of the one Chromium: no sandbox (containers), no GPU, and none of its own network traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--disable-extensions',
  '--metrics-recording-only',
  '--no-first-run',
  '--no-pings',
];

/** Most pages a document prints (the rest is cut). */
export const MAX_PAGES = 50;
/** Most bytes of a printed document. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** Most documents waiting for the printer; more are refused with 503. */
const MAX_WAITING = 8;
const TIMEOUT_MS = 20_000;

/**
 * Prints HTML as PDF with one headless Chromium (decision 0087), started on first use, reused, and
 * closed with the server. One document prints at a time; a few wait, more are refused. The page
 * runs no script and reaches no network: every request it makes is aborted (images and fonts
 * must be inline `data:` URIs, which make no request).
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closed = false;
  /** Requests the pages tried to make and were refused (observable by tests and logs). */
  blockedRequests = 0;

  constructor(private readonly executablePath: string) {}

  private async launch(): Promise<Browser> {
    if (!fs.existsSync(this.executablePath))
      throw new ApiError(
        'PDF_RENDERER_MISSING',
        `No Chromium at ${this.executablePath}: install it (apt-get install chromium) or set BASALT_CHROMIUM_PATH`,
      );
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, headless: true });
    browser.on('disconnected', () => {
      this.browser = null;
    });
    return browser;
  }

  private getBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(ApiError.unavailable('The server is stopping'));
    if (!this.browser) {
      const started = this.launch();
      this.browser = started;
      started.catch(() => {
        if (this.browser === started) this.browser = null;
      });
    }
    return this.browser;
  }

  /** The PDF of `html`, one at a time. */
  print(html: string): Promise<Buffer> {
    if (this.waiting >= MAX_WAITING)
      return Promise.reject(ApiError.unavailable('The PDF printer is busy: try again shortly'));
    this.waiting++;
    const run = this.queue.then(() => this.printNow(html));
    this.queue = run.catch(() => undefined);
    return run.finally(() => {
      this.waiting--;
    });
  }

  private async printNow(html: string): Promise<Buffer> {
    const browser = await this.getBrowser();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true, acceptDownloads: false });
    try {
      await context.route('**/*', (route) => {
        this.blockedRequests++;
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT_MS);
      await page.setContent(html, { waitUntil: 'load', timeout: TIMEOUT_MS });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, pageRanges: `1-${MAX_PAGES}` });
      if (pdf.length > MAX_PDF_BYTES) throw ApiError.tooLarge(`The PDF is larger than ${MAX_PDF_BYTES} bytes`);
      return pdf;
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const b = this.browser;
    this.browser = null;
    if (b) await (await b.catch(() => null))?.close().catch(() => undefined);
  }
}
