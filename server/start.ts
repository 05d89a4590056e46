/**
 * Listening and stopping: the HTTP server's timeouts, and a graceful shutdown on
 * SIGTERM or SIGINT (no new keep-alive requests, in-flight ones drained within
 * SHUTDOWN_TIMEOUT_MS, then the app's services stopped).
 */
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import type { Express } from "express";
import type { Bootstrap, Config, Services } from "./appTypes";
import type { ServerState } from "./middleware";

export function listen(parts: {
  app: Express;
  state: ServerState;
  config: Config;
  services: Services;
  build: ServerBuild;
  boot: Bootstrap;
}) {
  const { app, state, config, services, build, boot } = parts;
  const { log } = boot;
  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    log.info("listening", { mode: config.mode, url: `http://${config.HOST}:${port}` });
    if (config.NODE_ENV === "development") void broadcastDevReady(build);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;

  const shutdown = async (signal: string) => {
    if (state.shuttingDown) return;
    state.shuttingDown = true;
    log.info("shutdown", { signal });
    const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    server.closeIdleConnections();
    const drained = await Promise.race([
      closed,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), config.SHUTDOWN_TIMEOUT_MS).unref()),
    ]);
    if (!drained) {
      log.info("shutdown", { message: "in-flight requests cut off after the shutdown bound" });
      server.closeAllConnections();
    }
    try {
      await boot.stopServices(services);
    } catch (error) {
      log.error("shutdown", error);
    }
    log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
