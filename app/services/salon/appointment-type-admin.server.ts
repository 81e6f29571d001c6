// Staff edit the services online visitors book (spec "Schedule admin", section 4 "Admin type
// forms", section 5). The browser's values are parsed here with the same schema the form hints
// with; the database's CHECKs hold the same limits, so nothing the form refuses can be stored.
import { asc, eq } from "drizzle-orm";
import {
  type AppointmentTypeInput,
  AppointmentTypeSchema,
  joinDaysOfWeek,
  readPrice,
} from "../../domain/booking/appointment-type-schema";
import { isUuid } from "../../domain/uuid";
import { fieldErrorsOf } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { appointmentTypes } from "../db/schema.server";
import { formValues } from "../platform/form.server";
import {
  type AppointmentTypeView,
  PUBLIC_ORDER,
  toAppointmentTypeView,
} from "./appointment-types.server";
import { ensureServiceCategory } from "./menu.server";
import { listActiveTechnicianNames } from "./team.server";

export type TypeMutationResult =
  | { ok: true; type: AppointmentTypeView }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" };

type RemoveTypeResult = { ok: true; id: string; name: string } | { ok: false; kind: "not-found" };

function toColumns(input: AppointmentTypeInput) {
  return {
    type: input.type,
    category: input.category,
    // Stored as the spec stores DOW: comma-separated, spaces removed.
    daysOfWeek: joinDaysOfWeek(input.daysOfWeek),
    durationMin: input.durationMin,
    description: input.description,
    typeEs: input.typeEs,
    descriptionEs: input.descriptionEs,
    startTime: input.startTime,
    endTime: input.endTime,
    technicians: input.technicians,
    // The number read from the text as written; the stored text is made from it.
    ...readPrice(input),
    bufferMin: input.bufferMin,
    addOn: input.addOn,
    sideBySide: input.sideBySide,
  };
}

/** The form's values, and its technicians chosen from the active team (docs/product.md#team). */
async function parse(
  db: Database,
  input: unknown,
): Promise<
  { ok: true; data: AppointmentTypeInput } | Extract<TypeMutationResult, { kind: "invalid" }>
> {
  const parsed = AppointmentTypeSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const team = new Set(await listActiveTechnicianNames(db));
  const unknown = parsed.data.technicians.filter((name) => !team.has(name));
  if (unknown.length > 0) {
    const message = `Not on the team: ${unknown.join(", ")}. Add them under Team first.`;
    return { ok: false, kind: "invalid", fieldErrors: { technicians: message } };
  }
  return { ok: true, data: parsed.data };
}

/**
 * The type form's values, unchecked, as create and update take them: its field names are the
 * schema's keys, the checked weekdays and technicians come as repeated fields (an older form's
 * "Mara, Lena" still reads). /scheduleadmin's action checks them first, with parseForm.
 */
export function readAppointmentTypeForm(form: FormData): Record<string, unknown> {
  return formValues(form, AppointmentTypeSchema);
}

/** A type as its staff form edits it: with its Spanish name and description (issue 39). */
export interface StaffAppointmentTypeView extends AppointmentTypeView {
  typeEs: string;
  descriptionEs: string;
}

/**
 * The types as staff see them: in the public order (spec section 7), and a copy right after its
 * original (same name), so the list does not shuffle between loads.
 */
export async function listAppointmentTypesForStaff(
  db: Database,
): Promise<StaffAppointmentTypeView[]> {
  const rows = await db
    .select()
    .from(appointmentTypes)
    .orderBy(...PUBLIC_ORDER, asc(appointmentTypes.createdAt), asc(appointmentTypes.id));
  return rows.map((row) => ({
    ...toAppointmentTypeView(row),
    typeEs: row.typeEs,
    descriptionEs: row.descriptionEs,
  }));
}

export async function createAppointmentType(
  db: Database,
  input: unknown,
  options: { now?: Date } = {},
): Promise<TypeMutationResult> {
  const parsed = await parse(db, input);
  if (!parsed.ok) return parsed;
  const now = options.now ?? new Date();
  const [row] = await db
    .insert(appointmentTypes)
    .values({ ...toColumns(parsed.data), createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("Storing the appointment type returned no row.");
  await ensureServiceCategory(db, row.category.trim());
  return { ok: true, type: toAppointmentTypeView(row) };
}

export async function updateAppointmentType(
  db: Database,
  id: unknown,
  input: unknown,
  options: { now?: Date } = {},
): Promise<TypeMutationResult> {
  const parsed = await parse(db, input);
  if (!parsed.ok) return parsed;
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db
    .update(appointmentTypes)
    .set({ ...toColumns(parsed.data), updatedAt: options.now ?? new Date() })
    .where(eq(appointmentTypes.id, id))
    .returning();
  if (!row) return { ok: false, kind: "not-found" };
  await ensureServiceCategory(db, row.category.trim());
  return { ok: true, type: toAppointmentTypeView(row) };
}

/** Spec section 4: a copy of the stored type under a new id (same name, listed after it). */
export async function duplicateAppointmentType(
  db: Database,
  id: unknown,
  options: { now?: Date } = {},
): Promise<TypeMutationResult> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [original] = await db.select().from(appointmentTypes).where(eq(appointmentTypes.id, id));
  if (!original) return { ok: false, kind: "not-found" };
  // The price text is generated from the copied numbers (drizzle/0028).
  const { id: _id, createdAt: _created, updatedAt: _updated, price: _price, ...fields } = original;
  // A moment after the original, so the copy is listed after it even within one millisecond.
  const now = new Date(
    Math.max((options.now ?? new Date()).getTime(), original.createdAt.getTime() + 1),
  );
  const [copy] = await db
    .insert(appointmentTypes)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returning();
  if (!copy) throw new Error("Storing the copy returned no row.");
  return { ok: true, type: toAppointmentTypeView(copy) };
}

/**
 * Deletes a type. Its appointments stay: they hold their own copy of the type's name, and the
 * foreign key sets their type_id to null (drizzle/0002_appointments.sql).
 */
export async function removeAppointmentType(db: Database, id: unknown): Promise<RemoveTypeResult> {
  if (!isUuid(id)) return { ok: false, kind: "not-found" };
  const [row] = await db
    .delete(appointmentTypes)
    .where(eq(appointmentTypes.id, id))
    .returning({ id: appointmentTypes.id, name: appointmentTypes.type });
  return row ? { ok: true, id: row.id, name: row.name } : { ok: false, kind: "not-found" };
}
