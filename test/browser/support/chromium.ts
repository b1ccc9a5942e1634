/**
 * Debian's Chromium for the browser tests, headless, driven by playwright-core. Chromium must be installed
 * (`/usr/bin/chromium`; `.ci/run` installs it): a missing browser fails the tests, it does not skip them.
 */
import { type Browser, chromium } from 'playwright-core';

/** Where the tests find Chromium. */
export const chromiumPath = '/usr/bin/chromium';

/** The flags Chromium needs here: no sandbox as root, and none of its own network traffic (there is none). */
export const chromiumFlags: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One headless Chromium; each scenario opens a context of its own in it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumFlags] });
}
