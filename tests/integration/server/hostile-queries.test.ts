// No URL, query value or form field makes any route answer 5xx (issue 36,
// docs/security.md#queries): a property test with fast-check through the production server.
// Every route of the built server (builtRouteFacts: a new route is covered without editing this
// file), anonymous, as a Staff account and as the owner, with each query parameter its loader
// reads (the schema readsQuery puts on it) and each field its form takes (FORMS below, checked
// against the routes) replaced by hostile values: far dates, NUL, 10,000 characters, the
// parameter repeated, emoji, "../", and fast-check's own strings. 429 (a rate limit) is an
// answer, not a failure; each request comes from an address of its own (the server trusts
// X-Forwarded-For here), so most reach the route. A failure names its request and fast-check's
// seed (run again with it: fc.assert's `seed` and `path`).
// Runs once in CI, on PostgreSQL (ONCE_ON_POSTGRES in vitest.config.ts).

import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEDULE_ADMIN_INTENTS } from "~/components/schedule-admin/schedule-admin-types";
import { HOURS_FIELDS, hoursFieldName } from "~/domain/booking/technician-hours";
import { addDaysIso, SALON_TIME_ZONE, salonDateOf, WEEKDAYS } from "~/domain/booking/time-zone";
import { englishPath } from "~/domain/i18n/locale-path";
import { DETAILS_FIELDS, HOURS_FORM_FIELDS, hoursField } from "~/domain/salon/site-forms";
import { PAGE_TEXT_FIELDS, PAGE_TEXT_PHOTOS } from "~/lib/page-text-fields";
import type { RouteFact } from "~/lib/route-handle";
import { builtRouteFacts } from "../../support/app-server";
import { type SeededServer, startSeededServer } from "../../support/seeded-server";

/** Requests a run sends: batches of BATCH sent at once. */
const CASES = 2_000;
const BATCH = 4;

/**
 * The fields each form takes (its actions' schemas, every intent's), and its intents. A route
 * with an action and no line here fails the test, and so does a line for a route without one.
 */
const FORMS: Record<string, { intents?: readonly string[]; fields: string[] }> = {
  "/accounts": {
    intents: ["add-account", "reset-password", "remove-account"],
    fields: ["id", "email", "password", "role"],
  },
  "/contact": { fields: ["name", "email", "reason", "message", "website"] },
  "/contact/send": { fields: ["name", "email", "reason", "message", "website"] },
  "/customers": { intents: ["save-notes", "forget"], fields: ["email", "note", "asked"] },
  "/dashboard": {
    intents: ["handle", "reopen", "delete", "retry-email", "change-password"],
    fields: ["id", "currentPassword", "newPassword"],
  },
  // Not "signout": it would end the session the run signs in with.
  "/login": { intents: ["signin"], fields: ["email", "password"] },
  "/manage": { intents: ["cancel", "move"], fields: ["token", "date", "technician", "slot"] },
  "/payments": { fields: ["cancellationWindowHours", "lateCancelFeePercent", "noShowFeePercent"] },
  "/schedule": {
    fields: ["date", "service", "technician", "addon", "slot", "name", "email", "phone"],
  },
  "/schedule/book": {
    fields: [
      "date",
      "service",
      "technician",
      "addon",
      "service2",
      "slot",
      "name",
      "email",
      "phone",
    ],
  },
  "/schedule/confirm": { fields: ["token"] },
  "/schedule/secure": { fields: ["token", "agree"] },
  "/schedule/fee": { fields: ["token"] },
  "/schedule/paid": { fields: ["back"] },
  "/schedule/hold": {
    intents: ["hold", "release"],
    fields: ["date", "slot", "service", "technician", "addon"],
  },
  "/schedule/waitlist": { fields: ["date", "name", "email", "period", "service", "technician"] },
  "/scheduleadmin": {
    intents: SCHEDULE_ADMIN_INTENTS,
    fields: [
      ...["id", "date", "technician", "note", "summary", "description", "featured", "service"],
      ...["slot", "name", "email", "phone", "status", "charged", "tip", "category", "type"],
      ...["price", "duration", "days", "technicians", "technician", "moving", "startsAt"],
    ],
  },
  "/scheduleadmin/categories": {
    intents: SCHEDULE_ADMIN_INTENTS,
    fields: ["id", "category", "summary", "description", "featured"],
  },
  "/scheduleadmin/team": {
    intents: SCHEDULE_ADMIN_INTENTS,
    fields: [
      ...["id", "name", "technician", "date", "note"],
      ...WEEKDAYS.flatMap((day) => HOURS_FIELDS.map((field) => hoursFieldName(day, field))),
    ],
  },
  "/site/blog/:id": {
    intents: ["preview", "save-draft", "publish", "unpublish", "delete"],
    fields: ["title", "slug", "author", "date", "body", "summary", "removeCover"],
  },
  "/stripe/webhook": { fields: ["id", "type"] },
  "/site/details": { fields: DETAILS_FIELDS.map(([name]) => name) },
  "/site/gallery": {
    intents: ["save", "hide", "show", "delete", "move-up", "move-down", "upload"],
    fields: ["id", "alt", "caption"],
  },
  "/site/hours": {
    fields: WEEKDAYS.flatMap((day) => HOURS_FORM_FIELDS.map((field) => hoursField(day, field))),
  },
  "/site/reviews": {
    intents: ["add", "edit", "hide", "show", "delete", "move-up", "move-down"],
    fields: ["id", "quote", "name", "city", "language"],
  },
  "/site/special-hours": {
    intents: ["save", "delete"],
    fields: ["id", "from", "to", "closed", "opens", "closes", "note"],
  },
  "/site/texts": {
    fields: [
      "loaded",
      ...PAGE_TEXT_FIELDS.map((field) => field.name),
      ...PAGE_TEXT_PHOTOS.map((photo) => photo.removeName),
    ],
  },
  "/waitlist": { fields: ["token"] },
  "/waitlist/confirm": { fields: ["token"] },
};

/** What broke routes before (issue 36): far dates, NUL, a value of 10,000 characters. */
const BREAKING = ["9999-12-31", "0100-01-01", "\u0000", "a\u0000b", "x".repeat(10_000)];
const HOSTILE = [
  "💅🏽👩🏽‍🎨",
  "../",
  "../../etc/passwd",
  "",
  " ",
  "%",
  "\u202eevil",
  "line\r\nbreak",
  "1e309",
  "-1",
  "null",
  "[object Object]",
  "9999-12",
  "2026-02-30",
  "00000000-0000-0000-0000-000000000000",
  "' OR '1'='1",
];

let seeded: SeededServer;
let routes: RouteFact[];
let clients = 0;
const soon = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 7);

beforeAll(async () => {
  [seeded, { routes }] = await Promise.all([startSeededServer(), builtRouteFacts()]);
}, 120_000);

afterAll(async () => {
  await seeded?.stop();
});

/** What a real page would send for a parameter or field of this name. */
function plausible(name: string): string {
  if (/^(date|from|to)$/.test(name)) return soon;
  if (name === "month") return soon.slice(0, 7);
  if (/^(service|addon)\d?$/.test(name)) return seeded.serviceId;
  if (/^technician\d?$/.test(name)) return "any";
  if (name === "token") return seeded.manageToken;
  if (name === "slot") return `${soon}T15:00:00.000Z`;
  if (name === "email") return "ana@example.com";
  if (name === "period") return "custom";
  if (name === "table") return "technicians";
  return "Ana";
}

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BREAKING) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
);

/**
 * A value for a parameter: mostly plausible, so that the hostile ones reach the code behind the
 * others' checks (a far date with a real service); else hostile, or the parameter repeated.
 */
const valuesFor = (name: string) =>
  fc.oneof(
    { weight: 7, arbitrary: fc.constant([plausible(name)]) },
    { weight: 2, arbitrary: hostileText.map((value) => [value]) },
    { weight: 1, arbitrary: fc.tuple(hostileText, hostileText) },
  );

const ROLES = ["anonymous", "staff", "owner"] as const;

interface Case {
  route: RouteFact;
  role: (typeof ROLES)[number];
  post: boolean;
  data: boolean;
  path: string;
  params: [string, string[]][];
}

function requestOf(routes: RouteFact[]) {
  return fc
    .record({
      // A route gets cases in proportion to what it reads.
      route: fc.oneof(
        ...routes.map((route) => ({
          weight: 1 + route.reads.length + (FORMS[route.path]?.fields.length ?? 0),
          arbitrary: fc.constant(route),
        })),
      ),
      role: fc.constantFrom(...ROLES),
      post: fc.boolean(),
      data: fc.boolean(),
      pathParam: fc.oneof(fc.constant("new"), hostileText),
    })
    .chain(({ route, role, post, data, pathParam }) => {
      const form = route.action && post ? FORMS[route.path] : undefined;
      const names = form ? [...form.fields, ...(form.intents ? ["intent"] : [])] : route.reads;
      const fields = names.map((name) =>
        name === "intent" && form?.intents
          ? fc.constantFrom(...form.intents).map((intent) => [name, [intent]] as [string, string[]])
          : valuesFor(name).map((values) => [name, values] as [string, string[]]),
      );
      const path = route.path.replace(/:[a-z]+/g, encodeURIComponent(pathParam));
      return fc
        .tuple(...fields)
        .map((params): Case => ({ route, role, post: form !== undefined, data, path, params }));
    });
}

const cookieOf = (role: Case["role"]) =>
  role === "owner" ? seeded.ownerCookie : role === "staff" ? seeded.staffCookie : undefined;

/** Sends a case; resolves with its status and the request as a failure names it. */
async function send(request: Case): Promise<{ status: number; what: string }> {
  clients += 1;
  const address = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  const params = new URLSearchParams();
  for (const [name, values] of request.params)
    for (const value of values) params.append(name, value);
  const dataPath =
    request.data && request.route.page
      ? `${request.path.replace(/\/$/, "/_root")}.data`
      : request.path;
  const url = request.post ? dataPath : `${dataPath}?${params}`;
  const cookie = cookieOf(request.role);
  const response = await fetch(`${seeded.server.url}${url}`, {
    method: request.post ? "POST" : "GET",
    headers: {
      "X-Forwarded-For": address,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: request.post ? params : undefined,
    redirect: "manual",
  });
  await response.arrayBuffer();
  const body = request.post ? ` body ${JSON.stringify(params.toString().slice(0, 2000))}` : "";
  return {
    status: response.status,
    what: `${request.post ? "POST" : "GET"} ${url.slice(0, 2000)} as ${request.role}${body}`,
  };
}

describe("hostile queries and forms", () => {
  it("reads every query through readsQuery: no route reads its address's parameters by hand", () => {
    const folder = path.resolve("app/routes");
    const byHand = fs
      .readdirSync(folder)
      .filter((file) => fs.readFileSync(path.join(folder, file), "utf8").includes("searchParams"));
    expect(byHand).toEqual([]);
  });

  it("the routes' forms are all listed: a new action needs its fields in FORMS", () => {
    // A Spanish page (/es/...) is its English page's module under another address: listed once.
    const withForms = new Set(
      routes.filter((route) => route.action).map((route) => englishPath(route.path)),
    );
    expect([...withForms].sort()).toEqual(Object.keys(FORMS).sort());
  });

  it(`answers no 5xx to ${CASES} requests with hostile parameters and fields`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(requestOf(routes), { minLength: BATCH, maxLength: BATCH }),
        async (batch) => {
          const answers = await Promise.all(batch.map(send));
          for (const { status, what } of answers) {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status >= 500) throw new Error(`${status} for ${what}`);
          }
        },
      ),
      { numRuns: CASES / BATCH, endOnFailure: true },
    );
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    // Most requests reach their route: the rate limits refuse few.
    expect(statuses.get(429) ?? 0).toBeLessThan(answered / 4);
    console.log(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 120_000);
});
