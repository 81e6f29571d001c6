// How far one request travels through the code: the source files of app/ whose functions run
// while a one-service booking's POST is answered (the booking island's POST /schedule/book,
// through the route's action as React Router calls it, on an in-memory database with the seeded
// services). A review measure (docs/architecture.md#shape), not a test: fewer files means a
// newcomer reads fewer to follow a booking.
//
//   npx tsx scripts/code-path.ts
//
// V8's precise coverage with call counts (node:inspector): one booking first, so that modules
// are loaded and their top-level code has run, then the counts are reset and a second booking
// on another free time is measured. A file counts when any of its functions ran, its module's
// top-level code excepted.
import inspector from "node:inspector/promises";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { action } from "../app/routes/schedule-book";
import { openDatabase } from "../app/services/db/client.server";
import { seedCatalogueOnce } from "../app/services/salon/catalogue-seed.server";
import { type FreeSlot, findDistinctFreeSlots } from "../tests/support/free-slots";

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  url: string;
  functions: FunctionCoverage[];
}

const database = await openDatabase({ memory: true });
await seedCatalogueOnce(database.db);
const [first, second] = await findDistinctFreeSlots(database.db, 2);
if (!first || !second) throw new Error("No two free times to book");

async function book(slot: FreeSlot, name: string): Promise<number> {
  const body = new URLSearchParams({
    date: slot.dateIso,
    service: slot.typeId,
    technician: slot.technician,
    slot: slot.startsAt,
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
  });
  const request = new Request("http://localhost:3000/schedule/book", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const context = Object.assign(new RouterContextProvider(), {
    db: database.db,
    kickEmail: () => {},
    clientAddress: "203.0.113.7",
    secure: false,
    siteUrl: "http://localhost:3000",
    nonce: "",
  });
  const response = (await action({
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: "/schedule/book",
  } as never)) as Response;
  return response.status;
}

const session = new inspector.Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
const warmUp = await book(first, "Ada Warmup");
// Taking the coverage resets the counts: what follows is the measured booking alone.
await session.post("Profiler.takePreciseCoverage");
const status = await book(second, "Grace Measured");
const { result } = (await session.post("Profiler.takePreciseCoverage")) as {
  result: ScriptCoverage[];
};
await session.post("Profiler.stopPreciseCoverage");
session.disconnect();
await database.close();

const appFolder = `${path.resolve("app")}/`;
const files = result
  .filter((script) => script.url.startsWith(`file://${appFolder}`))
  .filter((script) =>
    script.functions.some((fn) => {
      const range = fn.ranges[0];
      // The module's own top-level code is the one range that starts at 0.
      return range !== undefined && range.startOffset > 0 && range.count > 0;
    }),
  )
  .map((script) => script.url.slice(`file://${appFolder}`.length - "app/".length));

console.log(`POST /schedule/book: warm-up ${warmUp}, measured ${status}`);
console.log(`${files.length} files of app/ ran code:`);
for (const file of files.sort()) console.log(`  ${file}`);
