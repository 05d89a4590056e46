#!/usr/bin/env node
// Installs Debian's wrk when it is missing: the throughput benchmarks load the servers with it
// (decision 0089: autocannon's JavaScript parser spent more CPU per large answer than the server,
// so on two cores the client, not the page, set the large pages' requests per second).
import { execSync } from "node:child_process";
import { wrkBin } from "../bench/wrk.mjs";

if (wrkBin()) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo ";
console.log("installing Debian's wrk for the benchmarks…");
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk`, {
    stdio: "inherit",
  });
} catch {
  console.error("Could not install wrk. Install it with: apt-get install -y wrk (or set WRK_BIN).");
  process.exit(1);
}
if (!wrkBin()) {
  console.error("wrk was installed but is not on PATH; set WRK_BIN.");
  process.exit(1);
}
