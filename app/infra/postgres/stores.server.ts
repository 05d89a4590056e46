/**
 * The PostgreSQL implementation of every store (app/stores), chosen by
 * DATABASE_URL: several server processes share one database, so everything a
 * process would otherwise keep to itself (counters, leases, file bytes) is here
 * too. All SQL of it lives in this folder.
 */
import type { Stores } from "~/stores/stores";
import { createPg, databaseAnswers, migrate, type Pg, type PoolOptions } from "./database.server";
import { pgCommunityStores } from "./communityStores.server";
import { pgContentStores } from "./contentStores.server";
import { pgIdentityStores } from "./identityStores.server";
import { pgSsoStore } from "./ssoStore.server";

/** The stores over a pool; `close` ends the pool. */
export function postgresStores(db: Pg): Stores {
  return {
    ...pgIdentityStores(db),
    ...pgCommunityStores(db),
    ...pgContentStores(db),
    sso: pgSsoStore(db),
    async changeMark() {
      // TODO(issue 29): a counter row every write bumps (decision 0068 needs it across processes).
      return 0;
    },
    async ping() {
      return databaseAnswers(db);
    },
    async close() {
      await db.close();
    },
  };
}

/** Opens a pool on the URL, brings the schema up to date and returns the stores. */
export async function openPostgresStores(url: string, options: PoolOptions = {}): Promise<Stores> {
  const db = createPg(url, options);
  try {
    await migrate(db);
    return postgresStores(db);
  } catch (error) {
    await db.close();
    throw error;
  }
}
