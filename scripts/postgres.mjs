// Where Debian's PostgreSQL server programs are (initdb, pg_ctl): the newest
// /usr/lib/postgresql/<version>/bin, or POSTGRES_BIN. Shared by the installer
// (ensure-postgres.mjs) and the tests' throwaway cluster (tests/support/postgres.ts).
import fs from "node:fs";
import path from "node:path";

export function postgresBin() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(root, versions[0], "bin") : null;
}
