// Online booking on the server (spec "Schedule", DECISIONS.md 8-14). The browser names a date, a
// service, a worker choice and a slot; everything else (duration, price, worker, whether the slot
// is still free) is recomputed here, and the database's exclusion constraint has the last word.
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { business, type Weekday } from "../content/business";
import { BookingRequestSchema, requestedWorker } from "../domain/booking/booking-schema";
import {
  type AppointmentTypeRule,
  type BookingSettings,
  type BusyInterval,
  isSlotBookable,
  listAvailableSlots,
  type UnbookableReason,
} from "../domain/booking/slots";
import { addDaysIso, isIsoDate, weekdayOf, zonedDateTime } from "../domain/booking/time-zone";
import {
  type ClosedDaysOn,
  closedDaysOn,
  closedDayWorkersSql,
  toClosedDaysOn,
} from "./closed-days.server";
import type { Database, Transaction } from "./db/client.server";
import { appointments, appointmentTypes, workerBusyDays } from "./db/schema.server";
import {
  type BookedAppointment,
  bookingConfirmationEmail,
  bookingNoticeEmail,
} from "./email/booking-emails.server";
import { enqueueEmail } from "./email/outbox.server";
import { hashManageToken, manageUrl, newManageToken } from "./manage-token.server";
import { availabilityVersionOf, cachedForDay } from "./slot-listing-cache.server";

export interface AppointmentTypeView {
  id: string;
  type: string;
  category: string;
  description: string;
  durationMin: number;
  price: string;
  workers: string[];
  daysOfWeek: Weekday[];
  startTime: string;
  endTime: string;
}

export interface SlotView {
  label: string;
  /** ISO instant: what the confirm form posts back. */
  startsAt: string;
  freeWorkers: string[];
}

export interface BookingOptions {
  now?: Date;
  settings?: Partial<BookingSettings>;
  /** The site's origin: the confirmation email links to the manage page there. */
  siteUrl?: string;
}

const zone = business.timeZone;

/** A stored type as pages and emails use it (category trimmed, weekdays as a list). */
export function toAppointmentTypeView(
  row: typeof appointmentTypes.$inferSelect,
): AppointmentTypeView {
  return {
    id: row.id,
    type: row.type,
    category: row.category.trim(),
    description: row.description,
    durationMin: row.durationMin,
    price: row.price,
    workers: row.workers,
    daysOfWeek: row.daysOfWeek.split(",") as Weekday[],
    startTime: row.startTime,
    endTime: row.endTime,
  };
}

function toRule(type: AppointmentTypeView): AppointmentTypeRule {
  return {
    id: type.id,
    durationMin: type.durationMin,
    daysOfWeek: type.daysOfWeek,
    startTime: type.startTime,
    endTime: type.endTime,
    workers: type.workers,
  };
}

/** Spec section 7: 'Reg Mani/Pedi' first, then by category (trimmed), then by name. */
export async function listAppointmentTypes(db: Database): Promise<AppointmentTypeView[]> {
  const rows = await db
    .select()
    .from(appointmentTypes)
    .orderBy(
      asc(appointmentTypes.sortOrder),
      asc(appointmentTypes.category),
      asc(appointmentTypes.type),
    );
  return rows.map(toAppointmentTypeView);
}

const isTypeId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

export async function findAppointmentType(
  db: Database,
  id: string,
): Promise<AppointmentTypeView | undefined> {
  if (!isTypeId(id)) return undefined;
  const [row] = await db.select().from(appointmentTypes).where(eq(appointmentTypes.id, id));
  return row ? toAppointmentTypeView(row) : undefined;
}

/** The types offered on a salon date (spec: filtered by the weekday in DOW). */
export function typesOfferedOn(
  types: AppointmentTypeView[],
  dateIso: string,
): AppointmentTypeView[] {
  if (!isIsoDate(dateIso)) return [];
  const weekday = weekdayOf(dateIso);
  return types.filter((type) => type.daysOfWeek.includes(weekday));
}

/** One worker's busy time on a date: starts and ends as epoch seconds (null: none). */
interface WorkerBusyTimes {
  worker: string;
  starts: number[] | null;
  ends: number[] | null;
}

/**
 * Booked appointments of the workers in `workers` (an SQL text[]) that touch the salon date,
 * leaving out `excludeId` (an appointment being moved does not block its own new time), as one
 * SQL value: a JSON list with one WorkerBusyTimes per worker.
 *
 * One lookup per worker in the exclusion constraint's GiST index on (worker, time range)
 * (drizzle/0003): it finds exactly a worker's appointments that overlap the day, and needs no
 * table statistics to be chosen (PGlite never gathers any on its own; without them the planner
 * scanned every appointment near the date). Aggregating per worker keeps each lookup separate,
 * and a list per worker (starts and ends as epoch seconds, in JSON, which both drivers parse
 * faster than PostgreSQL arrays) is far cheaper to hand over than a row, with two timestamps to
 * format and parse, per appointment (scripts/bench/slots.bench.ts: 10,000 appointments stored,
 * 800 of them for one service's workers on one day).
 */
function busyTimesSql(
  workers: SQL,
  day: { start: SQL; end: SQL },
  excludeId: SQL | undefined,
): SQL<WorkerBusyTimes[] | null> {
  return sql`(
    select json_agg(json_build_object('worker', w.worker, 'starts', day.starts, 'ends', day.ends))
    from unnest(${workers}) as w(worker)
    cross join lateral (
      select array_agg(date_part('epoch', a.starts_at)) as starts,
        array_agg(date_part('epoch', a.ends_at)) as ends
      from ${appointments} as a
      where a.status = 'booked' and a.worker = w.worker
        and tstzrange(a.starts_at, a.ends_at, '[)') &&
          tstzrange(${day.start}::timestamptz, ${day.end}::timestamptz, '[)')
        ${excludeId ? sql`and a.id <> ${excludeId}` : sql``}
    ) as day
  )`;
}

/** The salon date's start and end (ISO instants). */
function dayBounds(dateIso: string): { start: string; end: string } {
  return {
    start: zonedDateTime(dateIso, "00:00", zone).toISOString(),
    end: zonedDateTime(addDaysIso(dateIso, 1), "00:00", zone).toISOString(),
  };
}

function toBusyIntervals(times: readonly WorkerBusyTimes[] | null): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const { worker, starts, ends } of times ?? []) {
    starts?.forEach((start, i) => {
      busy.push({
        worker,
        startMs: Math.round(start * 1000),
        endMs: Math.round((ends?.[i] ?? start) * 1000),
      });
    });
  }
  return busy;
}

/** One worker's booked times on one UTC day: a row of worker_busy_days. */
interface WorkerBusyDay {
  worker: string;
  /** The UTC day, "YYYY-MM-DD". */
  day: string;
  starts: number[];
  ends: number[];
}

/**
 * The rows of worker_busy_days (drizzle/0007) of the workers in `workers` (an SQL text[]) for
 * the UTC days `firstUtcDay` to `lastUtcDay` (the ones the salon date overlaps), as one SQL value:
 * a JSON list of WorkerBusyDay. One row per worker and day with the day's times ready-made, kept
 * by the appointments' trigger: reading them costs a fraction of reading the appointments
 * (busyTimesSql), which is what a listing right after a change would otherwise do.
 */
function busyDaysSql(workers: SQL, firstUtcDay: SQL, lastUtcDay: SQL): SQL<WorkerBusyDay[] | null> {
  return sql`(
    select json_agg(json_build_object('worker', b.worker, 'day', b.day, 'starts', b.starts, 'ends', b.ends))
    from unnest(${workers}) as w(worker)
    join ${workerBusyDays} as b on b.worker = w.worker
      and b.day between ${firstUtcDay}::date and ${lastUtcDay}::date
  )`;
}

/**
 * The busy intervals of the salon date (its dayBounds) in `rows` (busyDaysSql): exactly what
 * busyTimesSql reads.
 * A UTC day's row also holds times of that day outside the salon date (left out here), and an
 * appointment over midnight (UTC) is in the row of each day it touches (taken once: from the day
 * it starts on, or from the first day read).
 */
function busyOfDays(
  rows: readonly WorkerBusyDay[] | null,
  bounds: { start: string; end: string },
): BusyInterval[] {
  const from = Date.parse(bounds.start) / 1000;
  const to = Date.parse(bounds.end) / 1000;
  const firstUtcDay = bounds.start.slice(0, 10);
  const busy: BusyInterval[] = [];
  for (const { worker, day, starts, ends } of rows ?? []) {
    const dayStart = Date.parse(`${day}T00:00:00.000Z`) / 1000;
    starts.forEach((start, i) => {
      const end = ends[i] ?? start;
      if (start < to && end > from && (start >= dayStart || day === firstUtcDay)) {
        busy.push({
          worker,
          startMs: Math.round(start * 1000),
          endMs: Math.round(end * 1000),
        });
      }
    });
  }
  return busy;
}

/** Booked appointments of these workers that touch the salon date (busyTimesSql). */
export async function busyOn(
  db: Database,
  dateIso: string,
  workers: string[],
  excludeId?: string,
): Promise<BusyInterval[]> {
  if (workers.length === 0) return [];
  const workerList = sql.join(
    workers.map((worker) => sql`${worker}`),
    sql`, `,
  );
  const { start, end } = dayBounds(dateIso);
  const result = await db.execute(
    sql`select ${busyTimesSql(
      sql`array[${workerList}]::text[]`,
      { start: sql`${start}`, end: sql`${end}` },
      excludeId ? sql`${excludeId}` : undefined,
    )} as busy`,
  );
  const { rows } = result as unknown as { rows: { busy: WorkerBusyTimes[] | null }[] };
  return toBusyIntervals(rows[0]?.busy ?? null);
}

export type ListSlotsResult =
  | { ok: true; type: AppointmentTypeView; slots: SlotView[] }
  | { ok: false; error: string };

interface SlotListing {
  type: AppointmentTypeView;
  closed: ClosedDaysOn;
  busy: BusyInterval[];
}

interface ListingInput {
  dateIso: string;
  typeId: string;
  worker: string | undefined;
  excludeId?: string;
}

/**
 * What listing the slots of a type on a date reads. Kept in memory while the day's availability
 * version stands (slot-listing-cache.server.ts, decision 013): then a listing costs one statement
 * that reads the version, the type and the closed days but not the busy times, and the engine.
 * Never mutated by its users.
 */
async function readSlotListing(
  db: Database,
  input: ListingInput,
): Promise<SlotListing | undefined> {
  if (!isTypeId(input.typeId)) return undefined;
  // A move leaves its own appointment out: rare, and never kept.
  if (input.excludeId) return (await readSlotListingNow(db, input, null))?.value;
  return cachedForDay(
    db,
    { dateIso: input.dateIso, key: `${input.typeId}|${input.worker ?? ""}` },
    (known) => readSlotListingNow(db, input, known),
  );
}

/** The listing statement's four forms: for any worker or a named one, for a move or not. */
type ListingStatement = ReturnType<typeof prepareListingStatement>;
const listingStatements = new WeakMap<Database, Map<string, ListingStatement>>();

/**
 * The listing's data in one statement, with the availability version it was read at: the type,
 * the date's closed days and the busy times of the type's workers (or of the requested one), the
 * busy times only when the version is not `known` (a CASE branch not taken never runs its
 * subquery). One round trip instead of three or, for a kept listing, two: each statement costs
 * PGlite six protocol messages into the database and PostgreSQL a trip over the network
 * (scripts/bench/slots.bench.ts, docs/performance.md).
 *
 * Built once per database and form, with placeholders for every value: building a drizzle query
 * this size costs about 0.4 ms of JavaScript a call. On PostgreSQL it is a named prepared
 * statement: node-postgres parses it and PostgreSQL plans it once per connection. PGlite's driver
 * ignores the name.
 */
function prepareListingStatement(db: Database, named: boolean, moving: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const version = availabilityVersionOf(db, sql`${p("firstUtcDay")}`, sql`${p("lastUtcDay")}`);
  const workers = named ? sql`array[${p("worker")}::text]` : sql`${appointmentTypes.workers}`;
  return db
    .select({
      type: appointmentTypes,
      version: version.version,
      closedWorkers: closedDayWorkersSql(sql`${p("dateIso")}`),
      busy: sql<
        WorkerBusyTimes[] | WorkerBusyDay[] | null
      >`case when ${version.version} is distinct from ${p("known")}::bigint then ${
        moving
          ? busyTimesSql(
              workers,
              { start: sql`${p("dayStart")}`, end: sql`${p("dayEnd")}` },
              sql`${p("excludeId")}`,
            )
          : busyDaysSql(workers, sql`${p("firstUtcDay")}`, sql`${p("lastUtcDay")}`)
      } end`,
    })
    .from(appointmentTypes)
    .crossJoin(version)
    .where(eq(appointmentTypes.id, p("typeId")))
    .prepare(`slot_listing${named ? "_of_worker" : ""}${moving ? "_moving" : ""}`);
}

async function readSlotListingNow(
  db: Database,
  input: ListingInput,
  known: number | null,
): Promise<{ version: number; value: SlotListing | undefined } | undefined> {
  const form = `${input.worker === undefined ? "any" : "named"}|${input.excludeId ? "moving" : ""}`;
  let statements = listingStatements.get(db);
  if (!statements) {
    statements = new Map();
    listingStatements.set(db, statements);
  }
  let statement = statements.get(form);
  if (!statement) {
    statement = prepareListingStatement(db, input.worker !== undefined, Boolean(input.excludeId));
    statements.set(form, statement);
  }
  // The salon day's start and end instants, and the UTC days they fall on.
  const day = dayBounds(input.dateIso);
  const [row] = await statement.execute({
    typeId: input.typeId,
    dateIso: input.dateIso,
    worker: input.worker,
    excludeId: input.excludeId,
    dayStart: day.start,
    dayEnd: day.end,
    firstUtcDay: day.start.slice(0, 10),
    lastUtcDay: day.end.slice(0, 10),
    known,
  });
  if (!row) return undefined;
  const version = Number(row.version);
  if (version === known) return { version, value: undefined };
  return {
    version,
    value: {
      type: toAppointmentTypeView(row.type),
      closed: toClosedDaysOn(input.dateIso, row.closedWorkers ?? []),
      busy: input.excludeId
        ? toBusyIntervals(row.busy as WorkerBusyTimes[] | null)
        : busyOfDays(row.busy as WorkerBusyDay[] | null, day),
    },
  };
}

/** The slots a visitor may book: every one of them can be confirmed right now. */
export async function listSlots(
  db: Database,
  input: { dateIso: string; typeId: string; worker?: string; excludeId?: string },
  options: BookingOptions = {},
): Promise<ListSlotsResult> {
  if (!isIsoDate(input.dateIso)) return { ok: false, error: "Choose a date." };
  const worker = input.worker ? requestedWorker(input.worker) : undefined;
  const listing = await readSlotListing(db, { ...input, worker });
  if (!listing) return { ok: false, error: "Choose a service." };
  const { type, closed, busy } = listing;
  if (worker !== undefined && !type.workers.includes(worker)) {
    return { ok: false, error: "Choose one of the service's workers." };
  }
  const slots = listAvailableSlots({
    dateIso: input.dateIso,
    type: toRule(type),
    hours: business.hours,
    ...closed,
    busy,
    now: options.now ?? new Date(),
    zone,
    settings: options.settings,
    worker,
  });
  return {
    ok: true,
    type,
    slots: slots.map((slot) => ({
      label: slot.label,
      startsAt: slot.startsAt.toISOString(),
      freeWorkers: slot.freeWorkers,
    })),
  };
}

/** The confirm form's fields (public /schedule and the staff's "Add Appointment") as bookAppointment reads them. */
export function bookingInputFromForm(form: FormData): Record<string, string | undefined> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    dateIso: field("date"),
    typeId: field("service"),
    worker: field("worker"),
    startsAt: field("slot"),
    name: field("name"),
    email: field("email"),
    phone: field("phone"),
  };
}

export type BookResult =
  /** `manageToken`: the secret of the emailed manage link (only its hash is stored). */
  | { ok: true; appointment: BookedAppointment; manageToken: string }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "unavailable"; reason: UnbookableReason | "no-such-service" };

/**
 * A lost race: the exclusion constraint refused the insert (23P01), or PostgreSQL broke a
 * deadlock between simultaneous inserts (40P01). Both mean "look again", never a 500.
 */
export function isLostRace(error: unknown): boolean {
  const code =
    (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === "23P01" || code === "40P01";
}

/** The first message for each field of a failed parse, as the forms show them. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return fieldErrors;
}

export type ClaimResult<T> = { ok: true; value: T } | { ok: false; reason: UnbookableReason };

/**
 * Takes a time of `type` for an appointment, as booking and moving both do: recomputes
 * availability with fresh data (the appointment `excludeId` not counting as busy), picks the
 * preferred worker or the first free one, and runs `write` in a transaction holding that worker's
 * lock. The exclusion constraint decides between simultaneous claims: with "Any available", a
 * worker lost to a race is replaced by the next free one; when none is left the answer is "taken".
 */
export async function claimSlot<T>(
  db: Database,
  claim: {
    type: AppointmentTypeView;
    dateIso: string;
    startsAt: Date;
    /** undefined: any of the type's workers. */
    worker: string | undefined;
    excludeId?: string;
  },
  options: BookingOptions,
  write: (tx: Transaction, worker: string, endsAt: Date) => Promise<T>,
): Promise<ClaimResult<T>> {
  const { type, dateIso, startsAt, worker: preferred } = claim;
  const closed = await closedDaysOn(db, dateIso);
  const endsAt = new Date(startsAt.getTime() + type.durationMin * 60_000);
  const tried = new Set<string>();
  for (;;) {
    const check = isSlotBookable({
      dateIso,
      type: toRule(type),
      hours: business.hours,
      ...closed,
      busy: await busyOn(db, dateIso, type.workers, claim.excludeId),
      now: options.now ?? new Date(),
      zone,
      settings: options.settings,
      worker: preferred,
      startsAt,
    });
    if (!check.ok) return { ok: false, reason: check.reason };
    if (tried.has(check.worker)) return { ok: false, reason: "taken" };
    tried.add(check.worker);
    try {
      const value = await db.transaction(async (tx) => {
        // Simultaneous claims of one worker queue here and the later one meets the constraint
        // cleanly, instead of deadlocking inside the index (seen on PostgreSQL under load).
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`appointments:${check.worker}`}))`,
        );
        return write(tx, check.worker, endsAt);
      });
      return { ok: true, value };
    } catch (error) {
      if (!isLostRace(error)) throw error;
      if (preferred !== undefined) return { ok: false, reason: "taken" };
      // Someone else took this worker at this time a moment ago: look again.
    }
  }
}

/**
 * Books a slot: validates the form, takes the time (claimSlot), and stores the appointment and
 * its two emails in one transaction.
 */
export async function bookAppointment(
  db: Database,
  input: unknown,
  options: BookingOptions = {},
): Promise<BookResult> {
  const parsed = BookingRequestSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const request = parsed.data;
  const type = await findAppointmentType(db, request.typeId);
  if (!type) return { ok: false, kind: "unavailable", reason: "no-such-service" };
  const now = options.now ?? new Date();
  const manageToken = newManageToken();
  const claimed = await claimSlot(
    db,
    {
      type,
      dateIso: request.dateIso,
      startsAt: request.startsAt,
      worker: requestedWorker(request.worker),
    },
    { ...options, now },
    async (tx, worker, endsAt) => {
      const [row] = await tx
        .insert(appointments)
        .values({
          name: request.name,
          email: request.email,
          phone: request.phone ?? null,
          typeId: type.id,
          typeName: type.type,
          category: type.category,
          worker,
          startsAt: request.startsAt,
          endsAt,
          price: type.price,
          manageTokenHash: hashManageToken(manageToken),
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error("Storing the appointment returned no row.");
      const booked = toBookedAppointment(row);
      const link = options.siteUrl ? manageUrl(options.siteUrl, manageToken) : undefined;
      await enqueueEmail(tx, bookingConfirmationEmail(booked, link), { now });
      await enqueueEmail(tx, bookingNoticeEmail(booked), { now });
      return booked;
    },
  );
  if (!claimed.ok) return { ok: false, kind: "unavailable", reason: claimed.reason };
  return { ok: true, appointment: claimed.value, manageToken };
}

/** A stored appointment as the emails and pages use it. */
export function toBookedAppointment(
  row: typeof appointments.$inferSelect,
): BookedAppointment & { typeId: string | null; sequence: number } {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    typeId: row.typeId,
    typeName: row.typeName,
    category: row.category,
    worker: row.worker,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    price: row.price,
    sequence: row.sequence,
  };
}
