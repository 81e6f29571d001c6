// Preloaded into a server under test (NODE_OPTIONS=--import, tests/support/app-server.ts
// `clockOffsetMs`): the process's clock reads SHIFTED_CLOCK_OFFSET_MS ahead of (or behind) the
// machine's. Only the clock moves; timers, and the app's code, are as in production. A test of
// clock-aligned windows (the rate limits' ten minutes) thus knows where in a window the server
// is, instead of waiting for the next one to begin.
// With SHIFTED_CLOCK_FILE, the clock can also be moved while the server runs (issue 37): on
// SIGUSR2 the preload reads the offset (milliseconds) from that file, takes it if it is ahead of
// the current one (the clock only ever moves forward, as a real one), and prints
// "shifted clock: <offset> ms" so the test knows the server's clock has moved
// (tests/support/app-server.ts `moveServerClock`). A test thus makes a hold lapse by moving the
// server past its end, instead of waiting for it.
import { readFileSync } from "node:fs";

let offset = Number(process.env.SHIFTED_CLOCK_OFFSET_MS ?? 0);
if (!Number.isFinite(offset)) offset = 0;
const file = process.env.SHIFTED_CLOCK_FILE;

if (offset !== 0 || file) {
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

if (file) {
  process.on("SIGUSR2", () => {
    const wanted = Number(readFileSync(file, "utf8").trim());
    if (Number.isFinite(wanted) && wanted > offset) offset = wanted;
    process.stdout.write(`shifted clock: ${offset} ms\n`);
  });
}
