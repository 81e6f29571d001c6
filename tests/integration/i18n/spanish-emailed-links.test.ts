// The pages a Spanish customer's emails open (issue 39, docs/product.md#languages), with a real
// token, through the production server: /es/manage shows her appointment, its move form and its
// cancel in Spanish and answers in Spanish; /es/schedule/confirm, /es/waitlist/confirm and
// /es/waitlist show their buttons as the Spanish emails name them. None says an English
// catalogue sentence; the English pages with the same kind of link stay English.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDaysIso,
  SALON_TIME_ZONE,
  salonDateOf,
  zonedDateTime,
} from "~/domain/booking/time-zone";
import { hashManageToken, newManageToken } from "~/services/booking/manage-token.server";
import { waitlistEntries } from "~/services/db/schema.server";
import english from "../../../app/messages/en.json";
import spanish from "../../../app/messages/es.json";
import {
  type AppServer,
  createServerStore,
  ensureProductionBuild,
  type ServerStore,
  startAppServer,
  withStoreDatabase,
} from "../../support/app-server";
import { createAppointment, createService, createTechnician } from "../../support/factories";

let store: ServerStore;
let server: AppServer;
const tokens = {
  open: newManageToken(),
  toCancel: newManageToken(),
  cancelled: newManageToken(),
  pending: newManageToken(),
  place: newManageToken(),
  offer: newManageToken(),
};

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/<!-- -->/g, "");

/** What a visitor reads: the HTML without its styles and scripts (the route's data too). */
const wordsOf = (html: string) =>
  decode(html.replace(/<style[\s\S]*?<\/style>/g, " ").replace(/<script[\s\S]*?<\/script>/g, " "));

/** The English catalogue's sentences (as tests/integration/i18n/spanish-pages.test.ts reads them). */
const ENGLISH_SENTENCES = Object.entries(english as Record<string, string>)
  .filter(([key, text]) => key !== "$schema" && (spanish as Record<string, string>)[key] !== text)
  .flatMap(([, text]) => text.split(/\{\w+\}/))
  .map((part) => part.trim().replace(/^[,.:;()?]+|[,.:;()?]+$/g, ""))
  .filter((part) => part.includes(" ") && part.length >= 8);

const englishIn = (words: string) => ENGLISH_SENTENCES.filter((s) => words.includes(s));

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: response.status, words: wordsOf(await response.text()) };
}

async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: response.status, words: wordsOf(await response.text()) };
}

beforeAll(async () => {
  await ensureProductionBuild();
  store = await createServerStore();
  await withStoreDatabase(store, async (db) => {
    const technician = await createTechnician(db);
    const service = await createService(db, { technicians: [technician.name] });
    // Three days ahead at 2 PM on the salon's clock: well before the cut-off.
    const day = addDaysIso(salonDateOf(new Date(), SALON_TIME_ZONE), 3);
    const at = (hhmm: string) => zonedDateTime(day, hhmm, SALON_TIME_ZONE);
    const booked = { service, technician: technician.name, language: "es" as const };
    await createAppointment(db, {
      ...booked,
      startsAt: at("14:00"),
      manageTokenHash: hashManageToken(tokens.open),
    });
    await createAppointment(db, {
      ...booked,
      startsAt: at("11:00"),
      manageTokenHash: hashManageToken(tokens.toCancel),
    });
    await createAppointment(db, {
      ...booked,
      startsAt: at("16:00"),
      status: "cancelled",
      manageTokenHash: hashManageToken(tokens.cancelled),
    });
    // A pending online booking, kept for 10 minutes for its 'Confirm Booking'.
    await createAppointment(db, {
      ...booked,
      startsAt: at("17:00"),
      channel: "online",
      pendingUntil: new Date(Date.now() + 600_000),
      confirmTokenHash: hashManageToken(tokens.pending),
    });
    // A place on the waitlist to confirm, and one offered a freed time.
    const place = {
      day,
      line: `test:${day}`,
      items: [{ typeId: service.id, technician: "any", addOnIds: [] }],
      service: service.type,
      name: "Maya López",
      email: "maya@example.com",
      periods: [],
      language: "es" as const,
    };
    await db.insert(waitlistEntries).values([
      { ...place, confirmTokenHash: hashManageToken(tokens.place) },
      {
        ...place,
        confirmedAt: new Date(),
        status: "offered",
        offeredStartsAt: at("15:00"),
        offeredAt: new Date(),
        offerTokenHash: hashManageToken(tokens.offer),
      },
    ]);
  });
  server = await startAppServer(store);
}, 180_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await store?.remove();
});

describe("/es/manage with the emailed link", () => {
  it("shows the appointment, its move and its cancel in Spanish", async () => {
    const page = await get(`/es/manage?token=${tokens.open}`);
    expect(page.status).toBe(200);
    for (const words of [
      "Administrar cita",
      "Su reserva",
      "Cuándo",
      "Precio",
      "Puede cambiar o cancelar su cita en línea hasta el",
      "Cambiar a otra hora",
      "Nueva fecha",
      "Buscar horarios",
      "Cancelar cita",
    ]) {
      expect(page.words).toContain(words);
    }
    // es-US times ("2:00 p. m."; an older ICU writes "p.m.").
    expect(page.words).toMatch(/ a las 2:00\sp\.\s?m\. con /);
    expect(page.words).toMatch(/Horarios disponibles el|No hay horarios libres este día/);
    expect(englishIn(page.words)).toEqual([]);
  });

  it("answers a cancellation in Spanish", async () => {
    const path = `/es/manage?token=${tokens.toCancel}`;
    const answer = await post(path, { intent: "cancel", token: tokens.toCancel });
    expect(answer.status).toBe(200);
    expect(answer.words).toContain("está cancelada y la hora vuelve a estar libre");
    expect(answer.words).toContain("Esta cita fue cancelada");
    expect(englishIn(answer.words)).toEqual([]);
  });

  it("refuses in Spanish", async () => {
    const path = `/es/manage?token=${tokens.open}`;
    const answer = await post(path, {
      intent: "move",
      token: tokens.open,
      date: "2020-01-01",
      slot: "2020-01-01T15:00:00.000Z",
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.words).toMatch(/Elija|Lo sentimos|Su cita|No encontramos|Este servicio/);
    expect(englishIn(answer.words)).toEqual([]);
  });

  it("shows a cancelled appointment, and a link that opens nothing, in Spanish", async () => {
    const over = await get(`/es/manage?token=${tokens.cancelled}`);
    expect(over.words).toContain("Esta cita fue cancelada");
    expect(over.words).toContain("Será un placer atenderle en otra ocasión.");
    expect(englishIn(over.words)).toEqual([]);
    const missing = await get(`/es/manage?token=${newManageToken()}`);
    expect(missing.status).toBe(404);
    expect(missing.words).toContain("No encontramos la cita");
    expect(missing.words).toContain("¿Necesita ayuda? Llámenos al");
    expect(englishIn(missing.words)).toEqual([]);
  });

  it("stays English on /manage", async () => {
    const page = await get(`/manage?token=${tokens.open}`);
    for (const words of [
      "Manage Your Appointment",
      "Your booking",
      "You can move or cancel online until",
      "Move to another time",
      "New date",
      "Find Times",
      "Cancel Appointment",
      " @ 2:00 PM with ",
    ]) {
      expect(page.words).toContain(words);
    }
  });
});

describe("the other emailed links under /es", () => {
  it("/es/schedule/confirm: 'Confirmar reserva'", async () => {
    const page = await get(`/es/schedule/confirm?token=${tokens.pending}`);
    expect(page.status).toBe(200);
    expect(page.words).toContain("Confirme su reserva");
    expect(page.words).toContain(">Confirmar reserva<");
    expect(page.words).toMatch(/Le guardamos este horario hasta las? \d/);
    expect(page.words).toMatch(/ a las 5:00\sp\.\s?m\. con /);
    expect(englishIn(page.words)).toEqual([]);
    const english = await get(`/schedule/confirm?token=${tokens.pending}`);
    expect(english.words).toContain(">Confirm Booking<");
    expect(english.words).toContain(" @ 5:00 PM with ");
  });

  it("/es/waitlist/confirm: 'Confirmar mi lugar'", async () => {
    const page = await get(`/es/waitlist/confirm?token=${tokens.place}`);
    expect(page.status).toBe(200);
    expect(page.words).toContain("Confirme su lugar");
    expect(page.words).toContain(">Confirmar mi lugar<");
    expect(page.words).toContain(" de 20");
    expect(englishIn(page.words)).toEqual([]);
    const answer = await post(`/es/waitlist/confirm?token=${tokens.place}`, {
      token: tokens.place,
    });
    expect(answer.words).toContain("Su lugar en la lista de espera está confirmado.");
    expect(englishIn(answer.words)).toEqual([]);
    const english = await get(`/waitlist/confirm?token=${tokens.place}`);
    expect(english.words).toContain("You are on the waitlist.");
  });

  it("/es/waitlist: 'Reservar este horario'", async () => {
    const page = await get(`/es/waitlist?token=${tokens.offer}`);
    expect(page.status).toBe(200);
    expect(page.words).toContain("Hay un horario disponible");
    expect(page.words).toContain(">Reservar este horario<");
    expect(page.words).toMatch(/ a las 3:00\sp\.\s?m\./);
    expect(englishIn(page.words)).toEqual([]);
    const english = await get(`/waitlist?token=${tokens.offer}`);
    expect(english.words).toContain(">Book This Time<");
    expect(english.words).toContain(" @ 3:00 PM");
  });
});
