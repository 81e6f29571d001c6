// A waitlist place in her language (issue 39, docs/product.md#languages): joined from a Spanish
// page it records "es", and the booking its offer's link makes is hers in Spanish too; a language
// we do not write is refused, storing nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { oneService } from "~/domain/booking/visit-request";
import { cancelByCustomer } from "~/services/appointments/manage-link.server";
import { bookAppointment } from "~/services/booking/booking.server";
import { listVisitTimes } from "~/services/booking/visit-times.server";
import { appointments, emailOutbox, waitlistEntries } from "~/services/db/schema.server";
import type { AppointmentTypeView } from "~/services/salon/appointment-types.server";
import { seedCatalogueOnce } from "~/services/salon/catalogue-seed.server";
import { joinWaitlist } from "~/services/waitlist/waitlist.server";
import { confirmPlace } from "~/services/waitlist/waitlist-confirm.server";
import { takeOffer } from "~/services/waitlist/waitlist-link.server";
import { offerFreedTimes } from "~/services/waitlist/waitlist-offers.server";
import { typeNamed } from "../../support/seeded-catalogue";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

/** Thursday, April 30 2026, 10:00 AM in Chicago; Saturday is booked full. */
const now = new Date("2026-04-30T15:00:00.000Z");
const SATURDAY = "2026-05-02";
const SITE = "https://salon.example";
let wax: AppointmentTypeView;
let firstToken = "";

beforeEach(async () => {
  await seedCatalogueOnce(database.db);
  wax = await typeNamed(database.db, "Eyebrow Wax");
  const listed = await listVisitTimes(
    database.db,
    { dateIso: SATURDAY, items: oneService(wax.id) },
    { now },
  );
  firstToken = "";
  for (const slot of listed.ok ? listed.slots : []) {
    const booked = await bookAppointment(
      database.db,
      {
        dateIso: SATURDAY,
        typeId: wax.id,
        startsAt: slot.startsAt,
        name: "Regular Guest",
        email: "regular@example.com",
      },
      { now, siteUrl: SITE },
    );
    if (booked.ok && !firstToken) firstToken = booked.manageToken;
  }
  await database.db.delete(emailOutbox);
  // Booking a whole Saturday is about forty bookings: seconds on a busy machine.
}, 60_000);

const join = (locale: unknown) =>
  joinWaitlist(
    database.db,
    { dateIso: SATURDAY, name: "Marisol Vega", email: "marisol@example.com", periods: [], locale },
    [{ typeId: wax.id, technician: "any", addOnIds: [] }],
    { now, siteUrl: SITE },
  );

describe("a waitlist place's language", () => {
  it("is the Spanish page's, and so is the booking its offer makes", {
    timeout: 30_000,
  }, async () => {
    expect(await join("es")).toMatchObject({ ok: true });
    const [entry] = await database.db.select().from(waitlistEntries);
    expect(entry?.language).toBe("es");

    // Her email asks in Spanish, its link opens the Spanish page (issue 39).
    const [confirm] = await database.db.select().from(emailOutbox);
    expect(confirm?.subject).toBe(
      "Confirme su lugar en nuestra lista de espera: sábado, 2 de mayo de 2026",
    );
    expect(confirm?.textBody).toContain("Hola:\n\nAlguien pidió");
    expect(confirm?.textBody).toContain("Servicio: Cera de cejas");
    expect(confirm?.textBody).toContain(`Confirmar mi lugar: ${SITE}/es/waitlist/confirm?token=`);
    expect(confirm?.htmlBody).toContain(">Confirmar mi lugar</a>");
    // Confirmed from her email, offered a freed time, booked from the offer's link.
    const token = /\/waitlist\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(confirm?.textBody ?? "");
    await confirmPlace(database.db, token?.[1] ?? "", now);
    expect((await cancelByCustomer(database.db, firstToken, { now })).ok).toBe(true);
    expect(await offerFreedTimes(database.db, { now, siteUrl: SITE })).toBe(1);
    const offer = (await database.db.select().from(emailOutbox)).find((email) =>
      email.subject.startsWith("Hay un horario disponible"),
    );
    expect(offer?.textBody).toContain("Hola, Marisol Vega:");
    expect(offer?.textBody).toContain("Servicio: Cera de cejas");
    expect(offer?.textBody).toContain("En 30 minutos avisaremos");
    expect(offer?.textBody).toContain(`Reservar este horario: ${SITE}/es/waitlist?token=`);
    const offerToken = /\/waitlist\?token=([A-Za-z0-9_-]{43})/.exec(offer?.textBody ?? "")?.[1];
    const taken = await takeOffer(database.db, offerToken ?? "", { now, siteUrl: SITE });
    expect(taken).toMatchObject({
      ok: true,
      appointment: { name: "Marisol Vega", language: "es" },
    });
    const mine = (await database.db.select().from(appointments)).filter(
      (row) => row.email === "marisol@example.com",
    );
    expect(mine.map((row) => [row.channel, row.language])).toEqual([["waitlist", "es"]]);
    // Her confirmation is Spanish, its manage link the Spanish page's.
    const confirmation = (await database.db.select().from(emailOutbox)).find(
      (email) => email.toAddress === "marisol@example.com" && email.subject.startsWith("Cita"),
    );
    expect(confirmation?.subject).toMatch(/^Cita confirmada en .+: sábado, 2 de mayo de 2026 a /);
    expect(confirmation?.textBody).toContain(`${SITE}/es/manage?token=`);
  });

  it("is English when none is sent", async () => {
    expect(await join(undefined)).toMatchObject({ ok: true });
    expect((await database.db.select().from(waitlistEntries)).map((e) => e.language)).toEqual([
      "en",
    ]);
  });

  it("refuses a language we do not write, and stores nothing", async () => {
    expect(await join("pt")).toMatchObject({
      ok: false,
      fieldErrors: { locale: "Choose English or Español" },
    });
    expect(await database.db.select().from(waitlistEntries)).toEqual([]);
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });
});
