/**
 * The app's types that the server's modules use: types only, erased when
 * server.ts is bundled. Everything of the app reaches the server at run time
 * through the Remix build (entry.server's `bootstrap`, and the services it
 * starts), never through an import (tests/unit/moduleGraph.test.ts).
 */
export type { Bootstrap, PlainStatus } from "../app/server/bootstrap.server";
export type { Config } from "../app/infra/config.server";
export type { PageTemplate } from "../app/server/pageResponse.server";
export type { Services } from "../app/context";
export type { CountersStore } from "../app/stores/counters";
