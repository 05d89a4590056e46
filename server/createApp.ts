/**
 * The Express app in front of the Remix handler, its steps in the order a
 * request meets them. Each concern is a module of its own: policy.ts (methods,
 * hosts, route policies, cross-site posts), limits.ts (rate-limit tiers),
 * body.ts (bounded bodies), middleware.ts (ids, log, assets, compression,
 * security headers, health), mounts.ts (non-Remix parts of the site, each with
 * its own policy), remix.ts (the Remix handler), answers.ts (the server's own
 * answers); start.ts listens and shuts down.
 */
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { lastResort, plainAnswers } from "./answers";
import type { Bootstrap, Config, Services } from "./appTypes";
import { rateLimitTiers } from "./limits";
import {
  buildAssets,
  healthEndpoints,
  pageCompression,
  publicFiles,
  requestContext,
  requestLog,
  securityHeaders,
  type ServerState,
} from "./middleware";
import { mountSteps, type Mount } from "./mounts";
import { checkedHost, onlyAppMethods, ownSpelling, refuseCrossSite, routePolicy } from "./policy";
import { refuseUnstorableAddress } from "./unstorable";
import { buildVersion, remixHandler } from "./remix";

export interface AppParts {
  config: Config;
  services: Services;
  build: ServerBuild;
  boot: Bootstrap;
  /** public/ of the build: its hashed assets under build/, and the few files at its top. */
  publicDir: string;
  /** Non-Remix parts of the site (mounts.ts: mountsOf). */
  mounts: Mount[];
}

export function createApp({ config, services, build, boot, publicDir, mounts }: AppParts) {
  const answer = plainAnswers(boot);
  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) {
    const hops = Number(config.TRUST_PROXY);
    app.set("trust proxy", Number.isInteger(hops) ? hops : config.TRUST_PROXY.split(",").map((s) => s.trim()));
  }
  const state: ServerState = { shuttingDown: false };
  const tiers = rateLimitTiers(config, services.stores.counters, answer);

  // Every request, whoever answers it.
  app.use(requestContext(state));
  app.use(requestLog(boot.log));
  app.use("/build", buildAssets(publicDir));
  app.use(pageCompression());
  app.use(securityHeaders(config, boot));
  app.use(onlyAppMethods(answer));
  app.use(healthEndpoints(boot, services, state));
  app.use(checkedHost(config, answer));

  // Mounts, each behind its own policy (mounts.ts); nothing under their paths goes further.
  for (const mount of mounts) {
    app.use(
      mount.path,
      ...mountSteps(mount, { config, answer, counters: services.stores.counters, perRequest: tiers.perRequest }),
    );
  }

  // The Remix app: its routes' policies, its tiers, then its handler.
  // An address the database could not keep a parameter of is refused before a route reads it (decision 0083).
  app.use(refuseUnstorableAddress(boot, answer));
  app.use(routePolicy(build));
  app.use(refuseCrossSite(answer));
  app.use(tiers.perRequest);
  // Counted by the per-request tier like any answer; before the public files, which no route spells.
  app.use(ownSpelling(boot.safeRedirect));
  app.use(publicFiles(publicDir));
  app.use(tiers.mutations);
  app.use(tiers.auth);
  app.get("/__version", buildVersion(build, config));
  app.use(remixHandler(build, config, services, answer, boot));

  app.use(lastResort(boot.log, answer));

  return { app, state };
}
