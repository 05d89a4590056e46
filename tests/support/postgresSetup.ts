/**
 * One throwaway PostgreSQL cluster for a whole Vitest project (tests/support/postgres.ts),
 * with a template database holding the app's schema: tests make a fresh database from it.
 */
import type { TestProject } from "vitest/node";
import { createTemplate, startCluster, type Cluster } from "./postgres";

let cluster: Cluster | null = null;

export async function setup(project: TestProject) {
  cluster = await startCluster();
  project.provide("postgresAdminUrl", cluster.adminUrl);
  project.provide("postgresTemplate", await createTemplate(cluster.adminUrl));
}

export async function teardown() {
  await cluster?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}
