/**
 * Every implementation of the stores (app/stores) that the contract suite runs
 * against. Each gives a fresh, empty backing per test and opens any number of
 * store instances on it, each with its own connection, so the races in the
 * suite are between two clients of one storage, as between two server processes.
 * A second implementation is one more entry here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, inject } from "vitest";
import { localFileStorage } from "~/infra/localFiles.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { createPg } from "~/infra/postgres/database.server";
import { pgFileStorage } from "~/infra/postgres/fileStorage.server";
import { postgresStores } from "~/infra/postgres/stores.server";
import { createDatabase, dropDatabase } from "../support/postgres";
import type { FileStorage } from "~/stores/fileStorage";
import type { Stores } from "~/stores/stores";

export interface Backing {
  /** Another client of the same storage. */
  open(): Promise<Stores>;
  /** Another client of the same file storage (the bytes of files, app/stores/fileStorage.ts). */
  openFiles(): Promise<FileStorage>;
  /** Closes every client opened and removes the storage. */
  dispose(): Promise<void>;
}

export interface StoreImplementation {
  name: string;
  /**
   * Whether two clients of one backing count rate-limit hits together (a shared
   * database) or apart (local mode's counters, in its one process's memory:
   * decision 0046).
   */
  sharedCounters: boolean;
  backing(): Promise<Backing>;
}

/** Local mode: SQLite, counters in memory, files on disk. */
const sqlite: StoreImplementation = {
  name: "SQLite",
  sharedCounters: false,
  async backing() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-contract-"));
    const file = path.join(dir, "stores.sqlite");
    const opened: Stores[] = [];
    return {
      async open() {
        const stores = openSqliteStores(file);
        opened.push(stores);
        return stores;
      },
      async openFiles() {
        return localFileStorage(path.join(dir, "files"));
      },
      async dispose() {
        for (const stores of opened) await stores.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * Several processes: PostgreSQL (the cluster of tests/support/postgresSetup.ts), a fresh database per backing
 * copied from the schema's template, each client its own pool; counters and file bytes in the database too.
 */
const postgres: StoreImplementation = {
  name: "PostgreSQL",
  sharedCounters: true,
  async backing() {
    const adminUrl = inject("postgresAdminUrl");
    const url = await createDatabase(adminUrl, inject("postgresTemplate"));
    const pools: { close(): Promise<void> }[] = [];
    return {
      async open() {
        const db = createPg(url, { max: 4 });
        pools.push(db);
        return postgresStores(db);
      },
      async openFiles() {
        const db = createPg(url, { max: 2 });
        pools.push(db);
        return pgFileStorage(db);
      },
      async dispose() {
        for (const pool of pools) await pool.close();
        await dropDatabase(adminUrl, url);
      },
    };
  },
};

export const implementations: StoreImplementation[] = [sqlite, postgres];

/**
 * Two clients (`a`, `b`) of a fresh backing for each test of the enclosing
 * describe. Read the properties inside tests, not at collection time.
 */
export function twoClients(implementation: StoreImplementation) {
  const clients = {} as { a: Stores; b: Stores; backing: Backing };
  beforeEach(async () => {
    clients.backing = await implementation.backing();
    clients.a = await clients.backing.open();
    clients.b = await clients.backing.open();
  });
  afterEach(async () => {
    await clients.backing.dispose();
  });
  return clients;
}

/** Plain data: what JSON keeps, built from plain objects and arrays, with camelCase keys. */
export function isPlainData(value: unknown): boolean {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value as Record<string, unknown>).every(
    ([key, inner]) => /^[a-z][A-Za-z0-9]*$/.test(key) && inner !== undefined && isPlainData(inner),
  );
}

/** Alternates calls between the two clients, all started at once. */
export function raced<T>(
  count: number,
  clients: { a: Stores; b: Stores },
  call: (stores: Stores, i: number) => Promise<T>,
) {
  return Promise.all(Array.from({ length: count }, (_, i) => call(i % 2 === 0 ? clients.a : clients.b, i)));
}
