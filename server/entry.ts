/**
 * build/server.js, what `npm start` runs: the runtime check, then the server (server.ts). The check comes
 * before anything else is loaded: the server's modules, and through the Remix build the native addons
 * (better-sqlite3, sharp), load only once the runtime is one the project supports; on an older Node they
 * crash (a segfault, an addon's stack) instead of saying why. The server is a separate chunk of the build
 * (esbuild --splitting), so none of its imports is hoisted above the check. Keep this file free of imports
 * other than ./runtime.
 */
import { refusalOf, requiredRange } from "./runtime";

const refusal = refusalOf(process.versions.node, requiredRange());
if (refusal !== null) {
  console.error(refusal);
  process.exit(1);
}
await import("../server");
