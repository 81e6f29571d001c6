// Each customer in her language (issue 39, docs/product.md#languages): a booking records the
// language of the page it came from (the form's `locale`: the Spanish pages send "es"), a pending
// booking too, and the front desk's 'Add Appointment' records the caller's 'Language'; the booked
// appointment carries it for her emails. A language we do not write is refused, storing nothing.
import { asc } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { oneService, visitParams } from "~/domain/booking/visit-request";
import { loader as pageLoader } from "~/routes/schedule";
import { attemptBooking } from "~/routes/schedule-book.server";
import { loader as daysLoader } from "~/routes/schedule-days";
import { loader as timesLoader } from "~/routes/schedule-times";
import { action as deskAction } from "~/routes/scheduleadmin";
import { bookAppointment } from "~/services/booking/booking.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments } from "~/services/db/schema.server";
import { readCustomer } from "~/services/staff/customers.server";
import { findDistinctFreeSlots } from "../../support/free-slots";
import { typeNamed } from "../../support/seeded-catalogue";
import {
  asStaff,
  FIVE_DAYS_AHEAD as DAY,
  type StaffAnswer,
  setUpStaffDesk,
} from "../../support/staff-desk";

const desk = setUpStaffDesk();

const stored = () => desk.db.select().from(appointments).orderBy(asc(appointments.startsAt));

/** The context the server gives a public route, for one client address. */
const publicContext = () =>
  Object.assign(new RouterContextProvider(), {
    db: desk.db,
    kickEmail: vi.fn(),
    clientAddress: "198.51.100.23",
    secure: false,
    siteUrl: "https://nails.example",
  });

/** The public booking's POST as /schedule/book reads it, from one client address. */
async function bookOnline(fields: Record<string, string>, path = "/schedule/book") {
  const context = publicContext();
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return attemptBooking(request, context as never);
}

async function onlineForm(locale?: string) {
  const [slot] = await findDistinctFreeSlots(desk.db, 1);
  if (!slot) throw new Error("no free time");
  return {
    date: slot.dateIso,
    service: slot.typeId,
    technician: slot.technician,
    slot: slot.startsAt,
    name: "Lucía Romero",
    email: "lucia@example.com",
    ...(locale === undefined ? {} : { locale }),
  };
}

describe("the language of a booking", () => {
  // The first listing of the file's first test warms the slot engine: seconds on a busy machine.
  it("is the Spanish page's when it sends 'es', and the booked appointment carries it", {
    timeout: 30_000,
  }, async () => {
    const attempt = await bookOnline(await onlineForm("es"));
    expect(attempt.status).toBe(200);
    const [row] = await stored();
    expect(row?.language).toBe("es");
    // Her customer page knows her as a Spanish speaker.
    expect(await readCustomer(desk.db, "lucia@example.com")).toMatchObject({ language: "es" });
  });

  it("is English when the page sends none, as every page did before", async () => {
    expect((await bookOnline(await onlineForm())).status).toBe(200);
    expect((await stored()).map((row) => row.language)).toEqual(["en"]);
  });

  it("refuses a language we do not write, and stores nothing", async () => {
    const attempt = await bookOnline(await onlineForm("fr"));
    expect(attempt.status).toBe(400);
    expect(attempt.body).toMatchObject({
      ok: false,
      fieldErrors: { locale: "Choose English or Español" },
    });
    expect(await stored()).toEqual([]);
  });

  it("is kept on a pending booking, and on the appointment its answer names", async () => {
    const wax = await typeNamed(desk.db, "Eyebrow Wax");
    const listed = await listVisitTimes(desk.db, { dateIso: DAY, items: oneService(wax.id) });
    const starts = listed.ok ? listed.slots.map((slot) => slot.startsAt) : [];
    const online = { online: { maxUpcoming: 10, client: "198.51.100.40" } };
    const results = [];
    // One address books two visits of a day outright; its third waits for confirmation.
    for (const [n, at] of [0, 4, 8].entries()) {
      const startsAt = starts[at];
      if (!startsAt) throw new Error(`no free time on ${DAY}`);
      results.push(
        await bookAppointment(
          desk.db,
          {
            dateIso: DAY,
            typeId: wax.id,
            startsAt,
            name: `Cliente ${n}`,
            email: `cliente-${n}@example.com`,
            locale: "es",
          },
          online,
        ),
      );
    }
    const third = results[2];
    if (!third?.ok) throw new Error("the third booking was refused");
    expect(third.pendingUntil).toBeInstanceOf(Date);
    expect(third.appointment.language).toBe("es");
    const rows = await stored();
    expect(rows.map((row) => [row.pendingUntil !== null, row.language])).toEqual([
      [false, "es"],
      [false, "es"],
      [true, "es"],
    ]);
  });
});

describe("the answers of the booking's POST", () => {
  it("say a refused field in the page's language, and store nothing", async () => {
    const form = { ...(await onlineForm()), name: " ", phone: "12" };
    const spanish = await bookOnline(form, "/es/schedule/book");
    expect(spanish.status).toBe(400);
    expect(spanish.body).toMatchObject({ ok: false, fieldErrors: { name: "Obligatorio" } });
    expect((await bookOnline(form)).body).toMatchObject({ fieldErrors: { name: "Required" } });
    // The phone is read once the other fields pass.
    const named = { ...form, name: "Ana" };
    expect((await bookOnline(named, "/es/schedule/book")).body).toMatchObject({
      fieldErrors: { phone: "Escriba un número de teléfono válido, como (312) 555-0101" },
    });
    expect((await bookOnline(named)).body).toMatchObject({
      fieldErrors: { phone: "Enter a valid phone number, like (312) 555-0101" },
    });
    expect(await stored()).toEqual([]);
  });

  it("give a Spanish booking its date in Spanish, and a time just taken is refused in Spanish", async () => {
    const form = { ...(await onlineForm()), locale: "es" };
    const booked = await bookOnline(form, "/es/schedule/book");
    expect(booked.status).toBe(200);
    // The salon's weekday and time as es-US writes them, computed here on their own.
    const at = new Date(form.slot);
    const weekday = new Intl.DateTimeFormat("es-US", {
      weekday: "long",
      timeZone: "America/Chicago",
    }).format(at);
    const time = new Intl.DateTimeFormat("es-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "America/Chicago",
    }).format(at);
    const confirmation = booked.body.ok ? booked.body.confirmation : undefined;
    expect(confirmation?.dateString).toContain(weekday);
    expect(confirmation?.dateString).toContain(time);

    const again = await bookOnline(
      { ...form, email: "otra@example.com", name: "Otra Clienta" },
      "/es/schedule/book",
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      ok: false,
      message:
        "Lo sentimos, alguien acaba de reservar esa hora o ya no está disponible. Por favor, elija otra.",
    });
    expect(await stored()).toHaveLength(1);
  });
});

/** 'Book Appointment' of the front desk's 'Add Appointment', as the staff layout runs it. */
function deskPost(fields: [string, string][]) {
  const request = new Request("http://localhost/scheduleadmin", {
    method: "POST",
    body: new URLSearchParams([["intent", "book"], ...fields]),
    headers: { Cookie: desk.cookie },
  });
  return asStaff(desk.db, request, deskAction as never, "/scheduleadmin") as Promise<StaffAnswer>;
}

describe("the listings' refusals", () => {
  // A link to a service the owner has since removed, and an address edited by hand.
  const removed = { date: DAY, service: "6f1d0c1e-2b7a-4c3e-9d5f-0a1b2c3d4e5f" };
  const get = async (
    loader: (args: never) => Promise<unknown> | unknown,
    path: string,
    query: Record<string, string | string[]>,
  ) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      for (const one of [value].flat()) params.append(name, one);
    const request = new Request(`http://localhost${path}?${params}`);
    const answer = await loader({ request, context: publicContext(), params: {} } as never);
    if (answer instanceof Response) return answer.json();
    // The page's loader answers with data(): its value and its headers.
    return (answer as { data?: unknown }).data ?? answer;
  };

  it("are said in Spanish on the Spanish pages, and as before in English", async () => {
    expect(await get(timesLoader, "/es/schedule/times", removed)).toEqual({
      ok: false,
      error: "Elija un servicio.",
    });
    expect(await get(timesLoader, "/schedule/times", removed)).toEqual({
      ok: false,
      error: "Choose a service.",
    });
    const month = { month: DAY.slice(0, 7), service: removed.service };
    expect(await get(daysLoader, "/es/schedule/days", month)).toMatchObject({
      error: "Elija un servicio.",
    });
    expect(await get(daysLoader, "/es/schedule/days", { ...month, month: "soon" })).toMatchObject({
      error: "Elija un mes.",
    });
    // A parameter given twice: whatever the English reason, one Spanish sentence.
    const twice = { date: DAY, service: [removed.service, removed.service] };
    expect(await get(timesLoader, "/es/schedule/times", twice)).toMatchObject({
      error: "No pudimos leer este enlace. Por favor, elija el servicio otra vez.",
    });
    expect(await get(timesLoader, "/schedule/times", twice)).toMatchObject({
      error: "Give it once.",
    });
    // The page itself, as the search without JavaScript loads it.
    expect(await get(pageLoader, "/es/schedule", removed)).toMatchObject({
      slotsError: "Elija un servicio.",
    });
    expect(await get(pageLoader, "/schedule", removed)).toMatchObject({
      slotsError: "Choose a service.",
    });
  });
});

describe("'Add Appointment''s 'Language'", () => {
  async function callerFields(): Promise<[string, string][]> {
    const wax = await typeNamed(desk.db, "Eyebrow Wax");
    const items = oneService(wax.id);
    const listed = await listVisitTimes(desk.db, { dateIso: DAY, items }, { ignoreHolds: true });
    const slot = listed.ok ? listed.slots[0] : undefined;
    if (!slot) throw new Error(`no free time on ${DAY}`);
    return [
      ["date", DAY],
      ...visitParams(items),
      ["slot", slot.startsAt],
      ["name", "Rosa Caller"],
      ["phone", "312.555.0177"],
    ];
  }

  it("records the caller's language: Español", async () => {
    const booked = await deskPost([...(await callerFields()), ["locale", "es"]]);
    expect(booked.init.status).toBe(200);
    expect((await stored()).map((row) => [row.name, row.channel, row.language])).toEqual([
      ["Rosa Caller", "staff", "es"],
    ]);
  });

  it("records English when it is left as it opens, and refuses another value", async () => {
    const fields = await callerFields();
    const refused = await deskPost([...fields, ["locale", "de"]]);
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors).toMatchObject({ locale: "Choose English or Español" });
    expect(await stored()).toEqual([]);
    expect((await deskPost([...fields, ["locale", "en"]])).init.status).toBe(200);
    expect((await stored()).map((row) => row.language)).toEqual(["en"]);
  });
});
