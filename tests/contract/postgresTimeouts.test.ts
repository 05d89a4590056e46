/**
 * Every statement on PostgreSQL is bounded (createPg's statementTimeoutMs, DATABASE_STATEMENT_TIMEOUT_MS, decision
 * 0079): the database cancels a transaction's statement past it (a SET LOCAL of the transaction's own, never left
 * on the connection), the client stops waiting for any statement's answer a little later and drops that connection,
 * and the pool serves the next statement on a good one. A database that hangs is tested through the built server
 * (tests/integration/postgresHang.test.ts).
 */
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { createPg, type Pg } from "~/infra/postgres/database.server";
import { createDatabase, dropDatabase } from "../support/postgres";
import { waitFor } from "../support/waitFor";

describe("PostgreSQL statement bounds", () => {
  let url: string;
  let db: Pg;
  beforeEach(async () => {
    url = await createDatabase(inject("postgresAdminUrl"), inject("postgresTemplate"));
    // One connection: what a statement leaves on it, the next one sees.
    db = createPg(url, { max: 1, statementTimeoutMs: 300 });
  });
  afterEach(async () => {
    await db.close();
    await dropDatabase(inject("postgresAdminUrl"), url);
  });

  it("has the database cancel a transaction's statement past the bound, the connection still good", async () => {
    const started = Date.now();
    await expect(db.tx((sql) => sql.row("SELECT pg_sleep(10)"))).rejects.toMatchObject({ code: "57014" });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await db.tx((sql) => sql.row<{ statement_timeout: string }>("SHOW statement_timeout"))).toEqual({
      statement_timeout: "300ms",
    });
    // Every session carries the bound too (decision 0083): an autocommit statement is cancelled by the database,
    // and a cancelled statement gives its connection back.
    expect(await db.row<{ statement_timeout: string }>("SHOW statement_timeout")).toEqual({
      statement_timeout: "300ms",
    });
    await expect(db.row("SELECT pg_sleep(10)")).rejects.toMatchObject({ code: "57014" });
    expect(db.pool.totalCount).toBe(1);
  });

  it("stops waiting for a statement that gets no answer, cancels it, drops its connection and goes on", async () => {
    // A session without the database's bound (as behind a transaction-mode pooler): the client's own wait ends it.
    await db.row("SET statement_timeout = 0");
    const started = Date.now();
    await expect(db.row("SELECT pg_sleep(10) AS abandoned")).rejects.toThrow("Query read timeout");
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(db.pool.totalCount).toBe(0);
    expect(await db.row("SELECT 1 AS ok")).toEqual({ ok: 1 });
    // The abandoned statement was cancelled in the database, not left running there.
    await waitFor("the abandoned statement cancelled", async () => {
      const running = await db.row<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(10) AS abandoned%' AND state = 'active'",
      );
      return running?.n === 0;
    });
  });

  it("puts no bound with 0 (an operator's command)", async () => {
    const unbounded = createPg(url, { max: 1, statementTimeoutMs: 0 });
    try {
      expect(await unbounded.tx((sql) => sql.row("SELECT 1 AS ok FROM pg_sleep(2.6)"))).toEqual({ ok: 1 });
    } finally {
      await unbounded.close();
    }
  });
});
