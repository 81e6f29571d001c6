// Preloaded into a server under test (NODE_OPTIONS=--import, tests/support/app-server.ts
// `clockOffsetMs`): the process's clock reads SHIFTED_CLOCK_OFFSET_MS ahead of (or behind) the
// machine's. Only the clock moves; timers, and the app's code, are as in production. A test of
// clock-aligned windows (the rate limits' ten minutes) thus knows where in a window the server
// is, instead of waiting for the next one to begin.
const offset = Number(process.env.SHIFTED_CLOCK_OFFSET_MS ?? 0);

if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  /** `new Date()` is the shifted now; every other use of Date is Date's own. */
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  globalThis.Date = ShiftedDate;
}
