/**
 * npm run db:copy -- --from sqlite --to "$DATABASE_URL" [--data-dir DIR]
 *
 * Moves a local deployment to PostgreSQL (decision 0076): copies the SQLite
 * database of DATA_DIR (or DIR; the server's own, .data unless DATA_DIR says
 * otherwise) and its photo files into an EMPTY PostgreSQL database, in one
 * transaction, after running the PostgreSQL migrations; then checks every table's
 * rows and every file and prints the counts. Stop the server first. A database
 * that holds any row is refused (nothing written); any failure writes nothing, so
 * the copy can be run again; a count or a file that does not match after the copy
 * exits 1. The URL is printed with its password hidden.
 *
 * Bundled by esbuild to build/dbcopy.js (its own process: it may take app modules).
 */
import path from "node:path";
import { loadConfig } from "~/infra/config.server";
import { checkDatabaseUrl, createPg, DatabaseUrlError, redactedUrl } from "~/infra/postgres/database.server";
import { copySqliteToPostgres, CopyError } from "~/infra/postgres/copyFromSqlite.server";
import { databaseFileOf, filesDirOf } from "~/server/storage.server";

const USAGE = 'usage: npm run db:copy -- --from sqlite --to "$DATABASE_URL" [--data-dir DIR]';

function parse(args: string[]): { to: string; dataDir: string | null } | null {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i]!, args[i + 1]];
    if (!["--from", "--to", "--data-dir"].includes(flag) || value === undefined || values.has(flag)) return null;
    values.set(flag, value);
  }
  if (values.get("--from") !== "sqlite" || !values.get("--to")) return null;
  return { to: values.get("--to")!, dataDir: values.get("--data-dir") ?? null };
}

async function main(args: string[]): Promise<number> {
  const parsed = parse(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  try {
    checkDatabaseUrl(parsed.to);
  } catch (error) {
    if (error instanceof DatabaseUrlError) {
      console.error(error.message.replace(/^DATABASE_URL/, "--to"));
      return 2;
    }
    throw error;
  }
  const config = loadConfig();
  const dataDir = parsed.dataDir ?? config.DATA_DIR;
  const where = { ...config, DATA_DIR: dataDir };
  const sqliteFile = databaseFileOf(where);
  const filesDir = filesDirOf(where);
  console.log(`copying ${path.resolve(sqliteFile)} and ${path.resolve(filesDir)} into ${redactedUrl(parsed.to)}`);
  // An operator's command, watched as it runs: a long copy of photos is not cut short by the pages' statement bound.
  const db = createPg(parsed.to, { max: 2, statementTimeoutMs: 0 });
  try {
    const report = await copySqliteToPostgres({ sqliteFile, filesDir, db, log: (line) => console.log(`  ${line}`) });
    const width = Math.max(5, ...report.tables.map((t) => t.table.length));
    console.log(`\n${"table".padEnd(width)}  ${"sqlite".padStart(8)}  ${"postgres".padStart(8)}`);
    for (const t of report.tables) {
      const mark = t.source === t.copied ? "ok" : "MISMATCH";
      console.log(
        `${t.table.padEnd(width)}  ${String(t.source).padStart(8)}  ${String(t.copied).padStart(8)}  ${mark}`,
      );
    }
    const f = report.files;
    console.log(
      `${"files".padEnd(width)}  ${String(f.source).padStart(8)}  ${String(f.copied).padStart(8)}  ` +
        `${f.source === f.copied ? "ok" : "MISMATCH"} (${f.bytes} bytes, each compared by SHA-256)`,
    );
    if (!report.ok) {
      console.error("the copy does not match its source: see MISMATCH above");
      return 1;
    }
    console.log("copied and checked.");
    return 0;
  } catch (error) {
    if (error instanceof CopyError) {
      console.error(error.message);
      return 1;
    }
    // pg's connection errors name the host and port, never the password; the URL is shown redacted.
    console.error(`db:copy failed on ${redactedUrl(parsed.to)}: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
