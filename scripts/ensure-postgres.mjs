#!/usr/bin/env node
// Installs Debian's PostgreSQL server programs when they are missing: the store
// contract suite and the several-processes tests run on a throwaway cluster
// (tests/support/postgres.ts), as the end-to-end tests run on Debian's Chromium.
import { execSync } from "node:child_process";
import { postgresBin } from "./postgres.mjs";

if (postgresBin()) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo ";
console.log("installing Debian's postgresql for the store tests…");
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql`, {
    stdio: "inherit",
  });
} catch {
  console.error("Could not install postgresql. Install it with: apt-get install -y postgresql (or set POSTGRES_BIN).");
  process.exit(1);
}
if (!postgresBin()) {
  console.error("postgresql was installed but no /usr/lib/postgresql/<version>/bin/initdb exists; set POSTGRES_BIN.");
  process.exit(1);
}
