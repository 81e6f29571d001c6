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
import { appointments, appointmentTypes } from "./db/schema.server";
import {
  type BookedAppointment,
  bookingConfirmationEmail,
  bookingNoticeEmail,
} from "./email/booking-emails.server";
import { enqueueEmail } from "./email/outbox.server";
import { hashManageToken, manageUrl, newManageToken } from "./manage-token.server";
import { availabilityVersionSql, cachedForDay } from "./slot-listing-cache.server";

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
  dateIso: string,
  excludeId: string | undefined,
): SQL<WorkerBusyTimes[] | null> {
  const dayStart = zonedDateTime(dateIso, "00:00", zone).toISOString();
  const dayEnd = zonedDateTime(addDaysIso(dateIso, 1), "00:00", zone).toISOString();
  return sql`(
    select json_agg(json_build_object('worker', w.worker, 'starts', day.starts, 'ends', day.ends))
    from unnest(${workers}) as w(worker)
    cross join lateral (
      select array_agg(date_part('epoch', a.starts_at)) as starts,
        array_agg(date_part('epoch', a.ends_at)) as ends
      from ${appointments} as a
      where a.status = 'booked' and a.worker = w.worker
        and tstzrange(a.starts_at, a.ends_at, '[)') &&
          tstzrange(${dayStart}::timestamptz, ${dayEnd}::timestamptz, '[)')
        ${excludeId ? sql`and a.id <> ${excludeId}` : sql``}
    ) as day
  )`;
}

function toBusyIntervals(times: readonly WorkerBusyTimes[] | null): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const { worker, starts, ends } of times ?? []) {
    starts?.forEach((start, i) => {
      busy.push({
        worker,
        startsAt: new Date(Math.round(start * 1000)),
        endsAt: new Date(Math.round((ends?.[i] ?? start) * 1000)),
      });
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
  const result = await db.execute(
    sql`select ${busyTimesSql(sql`array[${workerList}]::text[]`, dateIso, excludeId)} as busy`,
  );
  const { rows } = result as unknown as { rows: { busy: WorkerBusyTimes[] | null }[] };
  return toBusyIntervals(rows[0]?.busy ?? null);
}

export type ListSlotsResult =
  | { ok: true; type: AppointmentTypeView; slots: SlotView[] }
  | { ok: false; error: string };

/**
 * What listing the slots of a type on a date reads. Kept in memory while the day's availability
 * version stands (slot-listing-cache.server.ts, decision 013): then a listing costs one
 * one-row version read and the engine. Never mutated by its users.
 */
async function readSlotListing(
  db: Database,
  input: { dateIso: string; typeId: string; worker: string | undefined; excludeId?: string },
): Promise<SlotListing | undefined> {
  if (!isTypeId(input.typeId)) return undefined;
  // A move leaves its own appointment out: rare, and never kept.
  if (input.excludeId) return (await readSlotListingNow(db, input))?.value;
  return cachedForDay(
    db,
    { dateIso: input.dateIso, zone, key: `${input.typeId}|${input.worker ?? ""}` },
    () => readSlotListingNow(db, input),
  );
}

interface SlotListing {
  type: AppointmentTypeView;
  closed: ClosedDaysOn;
  busy: BusyInterval[];
}

/**
 * The listing's data in one statement, with the availability version it was read at: the type,
 * the date's closed days and the busy times of the type's workers (or of the requested one). One
 * round trip instead of three: each statement costs PGlite six protocol messages into the
 * database and PostgreSQL a trip over the network, about 1.5 ms of a 7 ms listing with 10,000
 * appointments stored (scripts/bench/slots.bench.ts, docs/performance.md).
 */
async function readSlotListingNow(
  db: Database,
  input: { dateIso: string; typeId: string; worker: string | undefined; excludeId?: string },
): Promise<{ version: number; value: SlotListing } | undefined> {
  const workers =
    input.worker === undefined ? appointmentTypes.workers : sql`array[${input.worker}]::text[]`;
  const [row] = await db
    .select({
      type: appointmentTypes,
      closedWorkers: closedDayWorkersSql(input.dateIso),
      busy: busyTimesSql(sql`${workers}`, input.dateIso, input.excludeId),
      version: availabilityVersionSql(input.dateIso, zone),
    })
    .from(appointmentTypes)
    .where(eq(appointmentTypes.id, input.typeId))
    // A named statement: node-postgres parses it and PostgreSQL plans it once per connection,
    // not on every listing (about 0.6 ms of 4 in the bench). Every value is a parameter, so the
    // text is the same for each of the four names. PGlite's driver runs it as any other query.
    .prepare(
      `list_slots${input.worker === undefined ? "" : "_of_worker"}${input.excludeId ? "_moving" : ""}`,
    )
    .execute();
  if (!row) return undefined;
  return {
    version: Number(row.version),
    value: {
      type: toAppointmentTypeView(row.type),
      closed: toClosedDaysOn(input.dateIso, row.closedWorkers ?? []),
      busy: toBusyIntervals(row.busy),
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
