// Reading a posted form for an action. The body is at most MAX_BODY_BYTES (server/request-guard.ts
// refuses larger ones unread); here its fields are counted before anything is parsed, so a body
// of thousands of tiny fields costs a scan, not a parse. PostgreSQL text cannot hold the NUL
// character: a form carrying one would fail at the database with a 500 (found by
// tests/integration/server/bad-input.test.ts). No person types it, so such a form is refused as
// unreadable, like a body that is not a form.
import { fieldErrorsOf, z } from "../../domain/zod";

/** More fields than any form of ours has (the type form, the largest, has about 15). */
export const MAX_FORM_FIELDS = 200;

/**
 * The request's form (URL-encoded or multipart, as browsers send forms), or null when it is not a
 * readable form, has more than MAX_FORM_FIELDS fields, or contains a NUL character.
 */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("Content-Type") ?? "";
  const body = await request.arrayBuffer().catch(() => null);
  if (!body || fieldCount(type, body) > MAX_FORM_FIELDS) return null;
  const form = await new Response(body, { headers: { "Content-Type": type } })
    .formData()
    .catch(() => null);
  if (!form) return null;
  for (const [name, value] of form) {
    if (name.includes("\u0000")) return null;
    if (typeof value === "string" ? value.includes("\u0000") : value.name.includes("\u0000")) {
      return null;
    }
  }
  return form;
}

/**
 * How many fields the body holds, counted on its bytes (read as latin1: one character per byte):
 * "&"-separated pairs of a URL-encoded body, the parts between the boundaries of a multipart one.
 * Other types count 0: parsing refuses them.
 */
function fieldCount(type: string, body: ArrayBuffer): number {
  const text = Buffer.from(body).toString("latin1");
  const mime = type.split(";")[0]?.trim().toLowerCase();
  if (mime === "application/x-www-form-urlencoded") {
    return text === "" ? 0 : text.split("&").length;
  }
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (mime === "multipart/form-data" && boundary) {
    return text.split(`--${boundary}`).length - 2;
  }
  return 0;
}

/** A form's text fields by name, as the services that check them take them. */
export type FormFields = Partial<Record<string, string>>;

/** A text field as posted: its first value, or undefined when missing (the service checks it). */
export const formText = z.string().optional();

/** A form of text fields only, each read as formText: for services that check their own input. */
export function textFields<const Name extends string>(...names: Name[]) {
  const shape = Object.fromEntries(names.map((name) => [name, formText]));
  return z.object(shape as Record<Name, typeof formText>);
}

/** A field a form repeats (checkboxes): every value, in order; none when missing. */
export const formList = z.array(z.string());

/** A form's schema: an object whose keys are the form's field names, or that object piped on. */
export type FormSchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

export type FormParse<T> =
  | { ok: true; data: T }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * The one way an action reads its form: each key of the schema's object is read from the form
 * (its values when the key is a list, else its first value; a file reads as missing, no form of
 * ours uploads one) and the schema parses them. Field errors are keyed by the form's field names,
 * as the pages show them. Where a service names a field differently, the schema's transform says
 * so once (app/domain/booking/booking-schema.ts: BookingFormSchema).
 */
export function parseForm<S extends FormSchema>(form: FormData, schema: S): FormParse<z.output<S>> {
  const parsed = schema.safeParse(formValues(form, schema));
  if (parsed.success) return { ok: true, data: parsed.data as z.output<S> };
  return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
}

/**
 * The schema's fields as the form holds them, unchecked: for a service that checks its input
 * itself (parseForm is this, then the schema).
 */
export function formValues(
  form: FormData,
  schema: FormSchema,
): Record<string, string | string[] | undefined> {
  const object = schema instanceof z.ZodObject ? schema : schema.in;
  return Object.fromEntries(
    Object.entries(object.shape).map(([name, field]) => {
      if (isList(field)) {
        return [name, form.getAll(name).filter((value) => typeof value === "string")];
      }
      const value = form.get(name);
      return [name, typeof value === "string" ? value : undefined];
    }),
  );
}

/** Whether a field takes a list: an array, perhaps optional, defaulted or preprocessed. */
export function isList(field: z.core.$ZodType): boolean {
  const def = field._zod.def as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  if (def.type === "array") return true;
  if (def.innerType) return isList(def.innerType);
  if (def.type === "pipe" && def.in && def.out) {
    // z.preprocess is a pipe from a transform: the list is what it hands on.
    return isList(def.in._zod.def.type === "transform" ? def.out : def.in);
  }
  return false;
}
