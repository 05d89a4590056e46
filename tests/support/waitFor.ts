/**
 * Waits for a condition: asks `probe` until it answers something truthy (which it returns), or fails once `within`
 * ms have passed, naming what it waited for and what it saw last. A test that must not depend on how busy the
 * machine is waits this way for each thing it needs, each wait with its own bound and message, rather than racing
 * one time limit for the whole test (docs/decisions/0051).
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  { within = 10_000, every = 50 }: { within?: number; every?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + within;
  for (;;) {
    const seen = await probe();
    if (seen) return seen as NonNullable<T>;
    if (Date.now() >= deadline)
      throw new Error(`${what}: not within ${within} ms (last seen: ${JSON.stringify(seen)})`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/**
 * The options of a test whose every wait is bounded on its own condition (waitFor, an emulator's start deadline, a
 * request's signal): no time limit for the whole test. On a busy machine it takes as long as its waits take; when
 * one of them does not happen, it fails naming that one, not with "Test timed out" (for Vitest, 0 turns the limit
 * off).
 */
export const LIMITED_BY_ITS_WAITS = { timeout: 0 };

/**
 * Waits for the clock's next whole second. Firebase keeps an account's revocation time in whole seconds, and a
 * revocation counts only against sign-ins of an earlier second: a test revokes after this.
 */
export async function nextSecond() {
  const second = Math.floor(Date.now() / 1000);
  await waitFor("the clock's next second", () => Math.floor(Date.now() / 1000) > second, { within: 2000, every: 20 });
}
