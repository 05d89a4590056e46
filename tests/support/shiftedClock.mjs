/**
 * Preloaded into a test's server process (`NODE_OPTIONS=--import …/shiftedClock.mjs`) to run it as at another
 * time: Date.now() and `new Date()` are shifted by CLOCK_SHIFT_MS (the same for every process of one test, so their
 * clocks agree). Only tests use it: a server's scheduler runs its jobs on the clock, and the quiet hours (21:00 to
 * 08:00 in Seoul) would otherwise make a delivery test pass or fail by the hour it runs at. Timers are not shifted.
 */
const shift = Number(process.env.CLOCK_SHIFT_MS ?? 0);
if (Number.isFinite(shift) && shift !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}
