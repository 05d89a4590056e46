/**
 * How many rounds the soak loops run (the restart loops of tests/integration/durability.test.ts and
 * authEmulator.test.ts): 3 in `npm test`, enough to catch a round that loses something; 20 in `npm run test:soak`,
 * which sets TEST_SOAK_ROUNDS (docs/decisions/0051). Not SOAK_ROUNDS: that one is `npm run bench:soak`'s.
 */
export const soakRounds = (() => {
  const raw = process.env.TEST_SOAK_ROUNDS ?? "3";
  const rounds = Number(raw);
  if (!Number.isInteger(rounds) || rounds < 1) {
    throw new Error(`TEST_SOAK_ROUNDS must be a whole number of rounds, at least 1, not "${raw}"`);
  }
  return rounds;
})();
