/**
 * PostgreSQL's change mark at the level of the pool (app/infra/postgres/database.server.ts, decision 0074): it
 * moves once a statement or a transaction that changed rows has committed, before that write resolves, and stays
 * for reads, statements that changed nothing, rolled-back transactions and the unmarked writes (leases, outbox).
 * The contract suite (tests/contract/changeMark.test.ts) checks the same through the stores.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPg, readChangeMark, type Pg } from "~/infra/postgres/database.server";
import { createDatabase, dropDatabase } from "../support/postgres";

let url: string;
let reader: Pg;
let writer: Pg;
beforeAll(async () => {
  url = await createDatabase(inject("postgresAdminUrl"), inject("postgresTemplate"));
  [reader, writer] = [createPg(url, { max: 2 }), createPg(url, { max: 4 })];
});
afterAll(async () => {
  await reader?.close();
  await writer?.close();
  await dropDatabase(inject("postgresAdminUrl"), url);
});

const lease = (name: string) =>
  ["INSERT INTO job_leases (name, holder, expires_at) VALUES ($1, 'test', 0)", [name]] as const;

describe("the change mark of PostgreSQL", () => {
  it("stays for reads, changes of nothing, rolled-back transactions and unmarked writes", async () => {
    const start = await readChangeMark(reader);
    await writer.rows("SELECT * FROM job_leases");
    expect(await writer.run("DELETE FROM job_leases WHERE name = 'none'")).toBe(0);
    await writer.unmarked.run(...lease("unmarked"));
    await expect(
      writer.tx(async (sql) => {
        await sql.run(...lease("rolled-back"));
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(await readChangeMark(reader)).toBe(start);
  });

  it("moves once a statement or a transaction that changed rows committed, before the write resolves", async () => {
    const start = await readChangeMark(reader);
    await writer.run(...lease("statement"));
    const afterStatement = await readChangeMark(reader);
    expect(afterStatement).toBeGreaterThan(start);
    await writer.tx(async (sql) => {
      await sql.run(...lease("in-a-transaction"));
      // Not before the commit: another client would forget its pages and draw them again from the old rows.
      expect(await readChangeMark(reader)).toBe(afterStatement);
    });
    expect(await readChangeMark(reader)).toBeGreaterThan(afterStatement);
  });

  it("coalesces the moves of writes made at once, each write resolving after a move that followed it", async () => {
    const start = await readChangeMark(reader);
    const seen = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await writer.run(...lease(`burst-${i}`));
        return readChangeMark(reader);
      }),
    );
    for (const mark of seen) expect(mark).toBeGreaterThan(start);
    const end = await readChangeMark(reader);
    expect(end - start).toBeGreaterThanOrEqual(1);
    expect(end - start).toBeLessThanOrEqual(20);
  });

  it("moves after the transaction's connection went back: a full pool of writers does not wait on itself", async () => {
    const small = createPg(url, { max: 2, connectionTimeoutMillis: 5_000 });
    try {
      const start = await readChangeMark(reader);
      const began = Date.now();
      // Every connection is in a transaction at once; each move needs a connection of the same pool.
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => small.tx(async (sql) => void (await sql.run(...lease(`full-${i}`))))),
      );
      // A move waiting for a connection its own transaction holds would wait out the 5 s connection timeout.
      expect(Date.now() - began).toBeLessThan(4_000);
      expect(await readChangeMark(reader)).toBeGreaterThan(start);
    } finally {
      await small.close();
    }
  });
});
