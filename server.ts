/**
 * The Node server: compression, static assets, security headers, rate limits,
 * request logging, health endpoints and graceful shutdown, in front of the Remix
 * request handler, and the place for non-Remix mounts. Compiled with server/ to
 * build/server.js; `npm start` runs it. The app reaches it only through the
 * Remix build (entry.server's `bootstrap`): nothing here or in server/ imports
 * app/ (tests/unit/moduleGraph.test.ts).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createApp } from "./server/createApp";
import type { Bootstrap } from "./server/appTypes";
import { mountsOf } from "./server/mounts";
import { listen } from "./server/start";

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(buildDir, "..", "public");

/** The app's side of start-up, exported by app/entry.server.tsx. */
function bootstrapOf(build: ServerBuild): Bootstrap {
  const boot = (build.entry.module as { bootstrap?: Bootstrap }).bootstrap;
  if (!boot) throw new Error("the build's entry.server exports no bootstrap: rebuild with `npm run build`");
  return boot;
}

async function main() {
  const build = (await import(pathToFileURL(path.join(buildDir, "index.js")).href)) as ServerBuild;
  const boot = bootstrapOf(build);
  const { log } = boot;
  const read = boot.readConfig();
  if (!read.ok) {
    console.error(read.problem);
    process.exit(1);
  }
  const { config } = read;
  process.on("unhandledRejection", (reason) => log.error("unhandledRejection", reason));

  const services = await boot.startServices(config);
  const mounts = mountsOf(boot, services);
  const { app, state } = createApp({ config, services, build, boot, publicDir, mounts });
  listen({ app, state, config, services, build, boot });
}

void main().catch((error: unknown) => {
  // What an operator needs is the reason (a taken port, damaged saved accounts), not a stack.
  console.error(`server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
