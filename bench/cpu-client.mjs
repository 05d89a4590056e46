/**
 * The load client of bench/cpu.mjs, run as its own process (by whichever `node` the caller names):
 * `amount` requests to `url` with autocannon, then one JSON line with this process's CPU time
 * (user + system, ms) spent on them, the wall time, and the answers counted.
 * Args: url amount connections pipelining headersJson
 */
import autocannon from "autocannon";

const [url, amount, connections, pipelining, headersJson] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const run = (n) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, headers, amount: n, connections: Number(connections), pipelining: Number(pipelining) },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
const before = process.cpuUsage();
const started = process.hrtime.bigint();
const result = await run(Number(amount));
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
const cpu = process.cpuUsage(before);
console.log(
  JSON.stringify({
    node: process.version,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.total,
  }),
);
