/**
 * Launches Debian's Chromium through playwright-core with the flags this machine needs (no sandbox as
 * root, no background connections to a closed network). Playwright gives each launch a fresh profile.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Chromium binary: `CHROMIUM_PATH`, or Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Command-line flags for headless Chromium on this machine. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts headless Chromium; fails naming the set-up script when the binary is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: run \`bash scripts/prepareTestEnv.sh\` (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}
