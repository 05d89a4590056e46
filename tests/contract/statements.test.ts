/**
 * Every statement text both engines share (app/infra/rows/statements.server.ts) is accepted by each engine's
 * migrated schema: prepared as it is on a real SQLite file, and numbered (`numbered`) and prepared (PREPARE) on
 * PostgreSQL, so a text that names a table or column one engine lacks, or one engine's own syntax, fails here
 * before any store runs it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as statements from "~/infra/rows/statements.server";
import { numbered } from "~/infra/rows/placeholders.server";
import { openDatabase, type Db } from "~/infra/sqlite/database.server";
import { createPg, type Pg } from "~/infra/postgres/database.server";
import { createDatabase, dropDatabase } from "../support/postgres";

/** Every shared text, as `GROUP.name`. */
const texts = Object.entries(statements).flatMap(([group, texts]) =>
  Object.entries(texts as Record<string, string>).map(([name, text]) => [`${group}.${name}`, text] as const),
);

describe("the statement texts both engines share", () => {
  let dir: string;
  let sqlite: Db;
  let url: string;
  let pg: Pg;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-statements-"));
    sqlite = openDatabase(path.join(dir, "stores.sqlite"));
    url = await createDatabase(inject("postgresAdminUrl"), inject("postgresTemplate"));
    pg = createPg(url, { max: 1 });
  });

  afterAll(async () => {
    sqlite?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await pg?.close();
    if (url) await dropDatabase(inject("postgresAdminUrl"), url);
  });

  it("are there", () => {
    expect(texts.length).toBeGreaterThan(90);
  });

  it("prepare on SQLite's schema", () => {
    const refused = texts.flatMap(([name, text]) => {
      try {
        sqlite.prepare(text);
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });

  it("prepare on PostgreSQL's schema, numbered", async () => {
    const refused: string[] = [];
    for (const [name, text] of texts) {
      try {
        await pg.tx(async (sql) => {
          await sql.run(`PREPARE shared_statement AS ${numbered(text)}`);
          await sql.run("DEALLOCATE shared_statement");
        });
      } catch (error) {
        refused.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
