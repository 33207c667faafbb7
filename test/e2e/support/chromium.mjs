// Debian's chromium as every browser test and screenshot script starts it (playwright-core, never
// a downloaded browser): headless, no GPU, nothing that reaches past 127.0.0.1. Plain JavaScript
// so the .mjs scripts can import it as they run; chromium.d.mts types it for the tests.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
