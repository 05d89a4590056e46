import net from "node:net";

/**
 * Ports are drawn at random below Linux's ephemeral range (32768 and up): a port
 * the kernel hands out for `listen(0)` is soon handed out again to another test
 * process asking at the same moment, and then two servers (an emulator's hub, a
 * test's server) race for it. A random draw from 12 000 ports, checked free,
 * makes that collision rare instead of likely.
 */
const LOWEST = 20_000;
const HIGHEST = 32_000;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST));
    if (await isFree(port)) return port;
  }
}

export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
