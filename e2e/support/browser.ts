import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openWithStorage } from './pages.ts';

/**
 * Content-Security-Policy violations seen by any page of any context since the last check: the
 * `securitypolicyviolation` event (reported from inside the page) and chromium's console report.
 */
const cspViolations: string[] = [];

/** Makes every page of the context report CSP violations, whether or not the test listens to its console. */
async function watchCsp(context: BrowserContext) {
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) on ${location.href}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
}

/** The violations seen since the last call, cleared. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Debian's chromium, never a downloaded browser; flags keep it off the closed network. Every context it
 * opens watches for CSP violations.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const newContext = browser.newContext.bind(browser);
  // Without animations (both apps honour prefers-reduced-motion): a click never lands on a dialog still
  // growing into place on a loaded machine.
  browser.newContext = async (options = {}) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchCsp(context);
    return context;
  };
  return browser;
}

/** One chromium for a journey file: launched before its tests, closed after them; a test fails on any CSP violation. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(() => {
    const violations = takeCspViolations();
    if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched before the tests run');
    return browser;
  };
}

/** A phone-sized page that records console errors and failed page errors for the test to assert on. */
export async function openPhone(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** A phone logged in as `token` at `route`, optionally in a language, a theme and a width. */
export async function openPhoneAs(browser: Browser, baseUrl: string, token: string, route: string, options: { lang?: string; theme?: string; width?: number } = {}) {
  const { page, context, errors } = await openPhone(browser, baseUrl);
  if (options.width) await page.setViewportSize({ width: options.width, height: 780 });
  const storage: Record<string, string> = { token };
  if (options.lang) storage.lang = options.lang;
  if (options.theme) storage.theme = options.theme;
  await openWithStorage(page, route, storage);
  return { page, context, errors, close: () => context.close() };
}

const artifacts = path.resolve(import.meta.dirname, '../artifacts');

/** Screenshots are test artifacts (git-ignored), for people to look at. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${name}.png`) });
}
