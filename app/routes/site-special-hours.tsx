import { useState } from "react";
import { data, Form, useNavigate } from "react-router";
import { BookedOutside, bookedOutsideView } from "~/components/site/booked-outside";
import { SaveStatus } from "~/components/site/form-feedback";
import { SiteForm, type SiteFormResult, SiteInput } from "~/components/site/site-form";
import { EntryRow, Suggestions } from "~/components/site/special-hours-lists";
import { SALON_TIME_ZONE, salonDateOf } from "~/domain/booking/time-zone";
import { queryDate, queryFlag, queryLine } from "~/domain/query-fields";
import { rangesLabel } from "~/domain/salon/salon-details";
import { z } from "~/domain/zod";
import { formatIsoDate } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import {
  bookedOutsideHours,
  deleteSpecialHours,
  holidaySuggestions,
  listSpecialHours,
  saveSpecialHours,
} from "~/services/salon/special-hours.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-special-hours";

// 'Special Hours' (docs/product.md#special-hours): owner only, by its handle's `access` (checked
// on the server before the loader and the action). 'Add Special Hours', 'Edit' and 'Set Hours' open the form in the page
// (links of the page's own address, so they work without JavaScript and with the keyboard).

export const handle = {
  access: "owner",
  title: "Special Hours",
  hydrate: true,
  styles: ["forms", "staff", "site-admin"],
} satisfies RouteHandle;

/** What it reads of its address (docs/security.md#queries). */
const EntryQuery = z.object({
  edit: queryLine(100),
  add: queryFlag,
  from: queryDate(),
  note: queryLine(1000),
});

export const loader = readsQuery(EntryQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const today = salonDateOf(new Date(), SALON_TIME_ZONE);
  const [rows, facts] = await Promise.all([
    listSpecialHours(context.db, today),
    readSalonFacts(context.db),
  ]);
  const editId = read.data.edit;
  const editing = rows.find((row) => row.id === editId);
  const adding = read.data.add;
  return {
    entries: rows.map((row) => ({
      id: row.id,
      days:
        row.fromDate === row.toDate
          ? formatIsoDate(row.fromDate)
          : `${formatIsoDate(row.fromDate)} to ${formatIsoDate(row.toDate)}`,
      hours:
        row.closed || !row.opens || !row.closes
          ? "Closed all day"
          : rangesLabel([{ start: row.opens, end: row.closes }]),
      note: row.note,
    })),
    suggestions: holidaySuggestions(today, rows).map((holiday) => ({
      ...holiday,
      label: formatIsoDate(holiday.dateIso),
    })),
    // The form: an entry to edit, or a new one (from a suggestion: its date and name).
    form:
      editing || adding
        ? {
            id: editing?.id ?? "",
            from: editing?.fromDate ?? read.data.from ?? "",
            to: editing && editing.toDate !== editing.fromDate ? editing.toDate : "",
            closed: editing?.closed ?? false,
            opens: editing?.opens ?? "",
            closes: editing?.closes ?? "",
            note: editing?.note ?? read.data.note?.slice(0, 100) ?? "",
            noteEs: editing?.noteEs ?? "",
          }
        : null,
    outside: (await bookedOutsideHours(context.db, facts)).map(bookedOutsideView),
  };
});

const SpecialForm = textFields(
  "intent",
  "id",
  "from",
  "to",
  "closed",
  "opens",
  "closes",
  "note",
  "noteEs",
);

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, SpecialForm);
  if (!read?.ok)
    return data<SiteFormResult>({ ok: false, message: "The form could not be read." }, 400);
  const { intent, id, ...fields } = read.data;
  const result = await context.db.transaction(async (tx) => {
    const change =
      intent === "delete"
        ? await deleteSpecialHours(tx, id)
        : await saveSpecialHours(tx, id, fields);
    if (change.ok) await recordStaffAction(tx, user, change.did);
    return change;
  });
  if (result.ok) return data<SiteFormResult>({ ok: true });
  if (result.kind === "not-found")
    return data<SiteFormResult>(
      { ok: false, message: "Those special hours no longer exist." },
      404,
    );
  return data<SiteFormResult>(
    { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
    400,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Special Hours");

type Data = Route.ComponentProps["loaderData"];

export default function SiteSpecialHours({ loaderData }: Route.ComponentProps) {
  const { entries, suggestions, form, outside } = loaderData;
  // What the last save did, said once the form has closed (docs/product.md#the-site).
  const [said, setSaid] = useState("");
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Special Hours</h1>
        <p className="lead">
          Holidays, vacations and shorter days. Guests see them on the Locations page, and online
          booking offers no time outside them.
        </p>
      </header>
      {form ? (
        <SpecialHoursForm form={form} onSaved={() => setSaid("Saved the special hours.")} />
      ) : (
        <Form method="get" className="save-row">
          <input type="hidden" name="add" value="" />
          <button type="submit" className="button" onClick={() => setSaid("")}>
            Add Special Hours
          </button>
          <SaveStatus message={said} />
        </Form>
      )}
      {suggestions.length > 0 ? <Suggestions suggestions={suggestions} /> : null}
      <section className="staff-section" aria-labelledby="special-list-title">
        <h2 id="special-list-title">Coming special hours</h2>
        {entries.length === 0 ? (
          <p className="staff-section__intro">No special hours are set: the week applies.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Days</th>
                  <th scope="col">Hours</th>
                  <th scope="col">Note</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <BookedOutside appointments={outside} />
    </>
  );
}

function SpecialHoursForm({ form, onSaved }: { form: NonNullable<Data["form"]>; onSaved(): void }) {
  // Saved: back to the list, the form closed.
  const navigate = useNavigate();
  return (
    <section className="staff-section" aria-labelledby="special-form-title">
      <h2 id="special-form-title">{form.id ? "Edit Special Hours" : "Add Special Hours"}</h2>
      <SiteForm
        submit="Save Special Hours"
        className="site-form--columns"
        intent="save"
        onSaved={() => {
          onSaved();
          navigate("/site/special-hours");
        }}
      >
        {(errors) => (
          <>
            <input type="hidden" name="id" value={form.id} />
            <SiteInput
              name="from"
              label="From"
              type="date"
              defaultValue={form.from}
              error={errors.from}
            />
            <SiteInput name="to" label="To" type="date" defaultValue={form.to} error={errors.to} />
            <div className="hours-form__closed">
              <input type="checkbox" id="site-closed" name="closed" defaultChecked={form.closed} />
              <label htmlFor="site-closed">Closed all day</label>
            </div>
            <SiteInput
              name="opens"
              label="Opens"
              type="time"
              defaultValue={form.opens}
              error={errors.opens}
            />
            <SiteInput
              name="closes"
              label="Closes"
              type="time"
              defaultValue={form.closes}
              error={errors.closes}
            />
            <SiteInput name="note" label="Note" defaultValue={form.note} error={errors.note} />
            <SiteInput
              name="noteEs"
              label="Note (Spanish)"
              defaultValue={form.noteEs}
              error={errors.noteEs}
            />
            <p className="form__note">
              'To' is for several days, such as a vacation; leave it empty for one day. The note is
              shown to guests, for example "Christmas Eve".
            </p>
          </>
        )}
      </SiteForm>
    </section>
  );
}
