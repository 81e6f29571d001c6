// What listing a service's free times on a date reads (spec "Schedule"): its data in one prepared
// statement per database and form (slot_listing*), kept while the day's availability version
// stands (slot-listing-cache.server.ts). The listing itself, for one service or a visit of
// several, is listVisitTimes (visit-times.server.ts).
import { eq, sql } from "drizzle-orm";
import type { BookingSettings, BusyInterval } from "../../domain/booking/slots";
import type { WeeklyHours } from "../../domain/booking/technician-hours";
import { isUuid } from "../../domain/uuid";
import type { Database } from "../db/client.server";
import { appointmentTypes } from "../db/schema.server";
import { type AppointmentTypeView, toAppointmentTypeView } from "../salon/appointment-types.server";
import {
  type ClosedDaysOn,
  closedDayTechniciansSql,
  salonDaySql,
  toClosedDaysOn,
} from "../salon/closed-days.server";
import { technicianHoursSql } from "../salon/team.server";
import {
  busyDaysSql,
  busyOfDays,
  dayBounds,
  type HeldTime,
  holdsSql,
  type TechnicianBusyDay,
} from "./busy-times.server";
import { availabilityVersionOf, cachedForDay } from "./slot-listing-cache.server";

export interface SlotView {
  label: string;
  /** ISO instant: what the confirm form posts back. */
  startsAt: string;
  /** Who is free then: every free technician for one service, the one arranged for a visit. */
  freeTechnicians: string[];
  /** A visit's time (visit-times.server.ts): what each service is, with whom, when. */
  visit?: VisitView;
}

interface VisitView {
  parts: {
    /** "Gel Manicure + Nail Art (per nail)". */
    service: string;
    technician: string;
    /** "10:00 AM" and "10:55 AM" on the salon's clock. */
    from: string;
    to: string;
    price: string;
  }[];
  /** "$70+": every service and add-on added up. */
  totalPrice: string;
  /** From the first start to the last end. */
  totalMin: number;
}

/** The clock and the engine's settings (tests and benches fix them). */
export interface ListingOptions {
  now?: Date;
  settings?: Partial<BookingSettings>;
  /** The visitor's hold (the SHA-256 of their hold cookie): their own held time stays theirs. */
  holder?: string | undefined;
  /** Staff: visitors' holds do not keep them from a time (docs/product.md#holds). */
  ignoreHolds?: boolean | undefined;
}

export interface SlotListing {
  type: AppointmentTypeView;
  closed: ClosedDaysOn;
  /** The technicians' own hours (absent: the salon's). */
  technicianHours: Record<string, WeeklyHours>;
  busy: BusyInterval[];
  /** Times visitors hold (docs/product.md#holds), expired ones too: see activeHolds. */
  holds: HeldTime[];
}

interface ListingInput {
  dateIso: string;
  typeId: string;
  /** A technician asked for by name: only her times are read (undefined: the type's). */
  technician: string | undefined;
}

/**
 * What listing the slots of a type on a date reads. Kept in memory while the day's availability
 * version stands (slot-listing-cache.server.ts, docs/decisions/013-slot-listing-cache.md): then a listing costs one statement
 * that reads the version, the type and the closed days but not the busy times, and the engine.
 * Never mutated by its users.
 */
export async function readSlotListing(
  db: Database,
  input: ListingInput,
): Promise<SlotListing | undefined> {
  if (!isUuid(input.typeId)) return undefined;
  return cachedForDay(
    db,
    { dateIso: input.dateIso, key: `${input.typeId}|${input.technician ?? ""}` },
    (known) => readSlotListingNow(db, input, known),
  );
}

/** The listing statement's two forms: for any technician or a named one. */
type ListingStatement = ReturnType<typeof prepareListingStatement>;
const listingStatements = new WeakMap<Database, Map<string, ListingStatement>>();

/**
 * The listing's data in one statement, with the availability version it was read at: the type,
 * the date's closed days and the busy times of the type's technicians (or of the requested one), the
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
function prepareListingStatement(db: Database, named: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const version = availabilityVersionOf(db, sql`${p("firstUtcDay")}`, sql`${p("lastUtcDay")}`);
  const technicians = named
    ? sql`array[${p("technician")}::text]`
    : sql`${appointmentTypes.technicians}`;
  return db
    .select({
      type: appointmentTypes,
      version: version.version,
      closedTechnicians: closedDayTechniciansSql(sql`${p("dateIso")}`),
      salon: salonDaySql(sql`${p("dateIso")}`),
      technicianHours: technicianHoursSql(technicians),
      holds: sql<
        HeldTime[] | null
      >`case when ${version.version} is distinct from ${p("known")}::bigint then ${holdsSql(
        technicians,
        sql`${p("dayStart")}`,
        sql`${p("dayEnd")}`,
      )} end`,
      busy: sql<
        TechnicianBusyDay[] | null
      >`case when ${version.version} is distinct from ${p("known")}::bigint then ${busyDaysSql(
        technicians,
        sql`${p("firstUtcDay")}`,
        sql`${p("lastUtcDay")}`,
      )} end`,
    })
    .from(appointmentTypes)
    .crossJoin(version)
    .where(eq(appointmentTypes.id, p("typeId")))
    .prepare(`slot_listing${named ? "_of_technician" : ""}`);
}

async function readSlotListingNow(
  db: Database,
  input: ListingInput,
  known: number | null,
): Promise<{ version: number; value: SlotListing | undefined } | undefined> {
  const form = input.technician === undefined ? "any" : "named";
  let statements = listingStatements.get(db);
  if (!statements) {
    statements = new Map();
    listingStatements.set(db, statements);
  }
  let statement = statements.get(form);
  if (!statement) {
    statement = prepareListingStatement(db, input.technician !== undefined);
    statements.set(form, statement);
  }
  // The salon day's start and end instants, and the UTC days they fall on.
  const day = dayBounds(input.dateIso);
  const [row] = await statement.execute({
    typeId: input.typeId,
    dateIso: input.dateIso,
    technician: input.technician,
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
      closed: toClosedDaysOn(input.dateIso, row.closedTechnicians ?? [], row.salon),
      technicianHours: row.technicianHours ?? {},
      holds: row.holds ?? [],
      busy: busyOfDays(row.busy, day),
    },
  };
}
