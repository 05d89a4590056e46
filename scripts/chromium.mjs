/**
 * Debian's Chromium as the tests and the benchmarks launch it: Playwright's own
 * browser download cannot work here. As root it needs no sandbox, and the
 * background services are off, or it floods the closed network with connections.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
