// Each customer in her language (issue 39, docs/product.md#languages): a visit booked in Spanish
// gets every email in Spanish, as her mail app receives it over real SMTP from a real database:
// the confirmation (its subject, its date written in Spanish, its .ics), the move, the reminder
// and the cancellation, each with a manage link that opens /es/manage at the configured address,
// and the services by the owner's Spanish names. The salon's own notice stays English.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { cancelByCustomer, findByManageToken } from "~/services/appointments/manage-link.server";
import { moveByCustomer } from "~/services/appointments/move.server";
import { queueDueReminders } from "~/services/appointments/reminders.server";
import { bookAppointment, bookVisit } from "~/services/booking/booking.server";
import { deliverDueEmails } from "~/services/email/outbox.server";
import { createAppointmentType } from "~/services/salon/appointment-type-admin.server";
import { readSalonFacts } from "~/services/salon/salon-details.server";
import { ensureTechnicians } from "~/services/salon/team.server";
import { setUpEmailDesk } from "../../support/email-desk";
import { readMimeMessage } from "../../support/mime-message";
import { manicureAndPedicure } from "../../support/seeded-catalogue";

/** The configured address (PUBLIC_URL): every link in an email names it. */
const SITE = "https://lumen.example";
const inbox = setUpEmailDesk(SITE);

/** Wednesday, December 9 2026, 10:00 AM in Chicago; the visit is on Saturday the 12th. */
const wednesday = new Date("2026-12-09T16:00:00.000Z");
const SATURDAY = "2026-12-12";
const TEN_AM = new Date("2026-12-12T16:00:00.000Z");
const ONE_PM = new Date("2026-12-12T19:00:00.000Z");
const customer = { name: "Maya López", email: "maya@example.com", phone: "(312) 555-0199" };
/** The first start's Spanish names of the seeded services (app/content/service-menu-es.ts). */
const MANICURE = "Manicura en gel + Arte en uñas (por uña)";
const PEDICURE = "Pedicura clásica";

/**
 * The test's own Spanish date, from Intl in es-US on the salon's clock ("sábado, 12 de diciembre
 * de 2026 a las 10:00 a. m."), not the code's function.
 */
function spanishWhen(instant: Date): string {
  const zone = { timeZone: "America/Chicago" } as const;
  const day = new Intl.DateTimeFormat("es-US", {
    ...zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(instant);
  const time = new Intl.DateTimeFormat("es-US", {
    ...zone,
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
  return `${day} ${time.startsWith("1:") ? "a la" : "a las"} ${time}`;
}

async function bookTheVisitInSpanish() {
  const items = await manicureAndPedicure(inbox.db);
  const booked = await bookVisit(
    inbox.db,
    {
      dateIso: SATURDAY,
      startsAt: TEN_AM.toISOString(),
      technician: "any",
      ...customer,
      items,
      locale: "es",
    },
    { now: wednesday, siteUrl: SITE },
  );
  if (!booked.ok) throw new Error(JSON.stringify(booked));
  return booked.manageToken;
}

/** Delivers what is due: every message, as its parts. */
async function deliverAll(now: Date) {
  inbox.smtp.received.length = 0;
  await deliverDueEmails(inbox.db, inbox.transport, { now });
  return inbox.smtp.received.map((mail) => {
    const parts = readMimeMessage(mail.raw);
    if (!parts.text || !parts.html) throw new Error("an email without both parts");
    return { to: mail.to, subject: mail.subject, text: parts.text, html: parts.html, parts };
  });
}

async function deliveredToCustomer(now: Date) {
  const mine = (await deliverAll(now)).filter((mail) => mail.to.includes(customer.email));
  expect(mine).toHaveLength(1);
  return mine[0] as (typeof mine)[number];
}

/** What every Spanish email about the visit says, in both parts; its /es/manage link's token. */
function expectSpanishEmail(email: { text: string; html: string }, services: readonly string[]) {
  expect(email.text.startsWith("Hola, Maya López:\n\n")).toBe(true);
  expect(email.html).toContain('<html lang="es-US">');
  for (const service of services) {
    expect(email.text).toContain(service);
    expect(email.html).toContain(service);
  }
  expect(email.text).toContain(`Nuestras políticas (cancelación, privacidad): ${SITE}/es/policies`);
  expect(email.text).not.toContain(`${SITE}/manage?`);
  const link = new RegExp(`${SITE}/es/manage\\?token=([A-Za-z0-9_-]{43})`).exec(email.text);
  if (!link) throw new Error(`no /es/manage link at ${SITE} in:\n${email.text}`);
  expect(email.html).toContain(`href="${link[0]}"`);
  return link[1] as string;
}

function icsEvent(email: { parts: ReturnType<typeof readMimeMessage> }) {
  const calendar = new ICAL.Component(ICAL.parse(email.parts.attachments[0]?.body ?? ""));
  return new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
}

describe("a customer's emails in Spanish (issue 39)", () => {
  it("confirms a Spanish booking in Spanish, its .ics too, and tells the salon in English", async () => {
    const token = await bookTheVisitInSpanish();
    const salon = (await readSalonFacts(inbox.db)).details;
    const when = spanishWhen(TEN_AM);
    expect(when).toMatch(/^sábado, 12 de diciembre de 2026 a las 10:00\sa\.\s?m\.$/);

    const mails = await deliverAll(wednesday);
    const email = mails.find((mail) => mail.to.includes(customer.email));
    const notice = mails.find((mail) => mail.to.includes(salon.email));
    if (!email || !notice) throw new Error(`not both emails: ${mails.map((mail) => mail.to)}`);
    expect(mails).toHaveLength(2);

    // Hers: subject, words, date and links in Spanish.
    expect(email.subject.startsWith(`Cita confirmada en ${salon.name}: ${when} con `)).toBe(true);
    expect(email.subject).toMatch(/ con \S+ y \S+$/);
    const link = expectSpanishEmail(email, [MANICURE, PEDICURE]);
    expect(link).toBe(token);
    expect(email.text).toContain("Su cita está reservada. Estos son los detalles:");
    expect(email.text).toContain(`Cuándo: ${when} con `);
    expect(email.text).toContain("Total: $100+, 55 min");
    expect(email.text).toContain(
      `Por favor, llegue ${salon.arriveEarlyMinutes} minutos antes de su hora confirmada`,
    );
    expect(email.text).toContain("Administrar cita: ");
    expect(email.text).toContain("Agregar al calendario:\nGoogle Calendar: ");
    expect(email.text).not.toMatch(/Hello|Your appointment|Move or cancel|Our policies/);
    // The link opens her visit.
    expect((await findByManageToken(inbox.db, link, { now: wednesday }))?.language).toBe("es");

    const event = icsEvent(email);
    expect(event.summary).toBe(`${MANICURE} y ${PEDICURE} en ${salon.name}`);
    expect(event.description).toContain(`${MANICURE} con `);
    expect(event.description).toContain("Gracias por reservar con nosotros.");
    expect(event.startDate.toJSDate().toISOString()).toBe(TEN_AM.toISOString());
    const google = new URL(/Google Calendar: (\S+)/.exec(email.text)?.[1] ?? "");
    expect(google.searchParams.get("text")).toBe(event.summary);

    // The salon's: English, with the services as booked, its .ics too.
    expect(
      notice.subject.startsWith(
        "New booking: Gel Manicure + Nail Art (per nail) and Classic Pedicure, Saturday, December 12 2026 @ 10:00 AM with ",
      ),
    ).toBe(true);
    expect(notice.text.startsWith("A new appointment was booked on the website.")).toBe(true);
    expect(notice.html).toContain('<html lang="en">');
    expect(notice.text).toContain(`Our policies (cancellation, privacy): ${SITE}/policies`);
    expect(icsEvent(notice).summary).toBe(
      `Gel Manicure + Nail Art (per nail) and Classic Pedicure at ${salon.name}`,
    );
  });

  it("moves, reminds and cancels in Spanish, each with its /es/manage link", async () => {
    const token = await bookTheVisitInSpanish();
    await deliverAll(wednesday);
    const salon = (await readSalonFacts(inbox.db)).details;

    const moved = await moveByCustomer(
      inbox.db,
      token,
      { dateIso: SATURDAY, startsAt: ONE_PM.toISOString() },
      { now: wednesday },
    );
    expect(moved.ok).toBe(true);
    const movedEmail = await deliveredToCustomer(wednesday);
    expect(spanishWhen(ONE_PM)).toMatch(/^sábado, 12 de diciembre de 2026 a la 1:00/);
    expect(movedEmail.subject).toContain(
      `Cita cambiada: su cita en ${salon.name} ahora es el ${spanishWhen(ONE_PM)} con`,
    );
    expectSpanishEmail(movedEmail, [MANICURE, PEDICURE]);
    expect(movedEmail.text).toContain("Su cita ha sido cambiada. La nueva fecha y hora:");
    expect(movedEmail.text).toMatch(
      new RegExp(`Antes: ${spanishWhen(TEN_AM).replace(/\./g, "\\.")} con \\S+ y \\S+\\n`),
    );
    expect(icsEvent(movedEmail).summary).toBe(`${MANICURE} y ${PEDICURE} en ${salon.name}`);

    const friday = new Date("2026-12-11T20:00:00.000Z");
    expect(await queueDueReminders(inbox.db, { now: friday, leadMs: 24 * 3_600_000 })).toBe(2);
    const reminder = await deliveredToCustomer(friday);
    expect(reminder.subject).toContain(`Recordatorio: su cita en ${salon.name}, `);
    expectSpanishEmail(reminder, [MANICURE, PEDICURE]);
    expect(reminder.text).toContain("Ver su cita: ");

    const thursday = new Date("2026-12-10T16:00:00.000Z");
    expect((await cancelByCustomer(inbox.db, token, { now: thursday })).ok).toBe(true);
    const cancelled = await deliveredToCustomer(thursday);
    expect(cancelled.subject).toContain(`Cita cancelada: su cita en ${salon.name} del `);
    expectSpanishEmail(cancelled, [MANICURE, PEDICURE]);
    expect(cancelled.text).toContain("Reservar de nuevo: ");
    const event = icsEvent(cancelled);
    expect(event.description).toMatch(/^Cancelada: .* con /);
    expect(event.summary).toContain(" en ");
  });

  it("names a service by the Spanish its owner wrote", async () => {
    await ensureTechnicians(inbox.db, ["Wren"]);
    const created = await createAppointmentType(inbox.db, {
      type: "Sunset Ombre Set",
      typeEs: "Degradado atardecer",
      category: "Manicure",
      startTime: "10:00",
      endTime: "18:00",
      durationMin: "60",
      price: "$70",
      description: "Two colours blended by hand.",
      daysOfWeek: ["Saturday"],
      technicians: "Wren",
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    const booked = await bookAppointment(
      inbox.db,
      {
        dateIso: SATURDAY,
        typeId: created.type.id,
        technician: "Wren",
        startsAt: ONE_PM.toISOString(),
        ...customer,
        locale: "es",
      },
      { now: wednesday, siteUrl: SITE },
    );
    expect(booked.ok).toBe(true);
    const email = await deliveredToCustomer(wednesday);
    // The category's Spanish is the first start's ("Manicura"), the service's the owner's.
    expect(email.text).toContain("Servicio: Manicura - Degradado atardecer");
    expect(email.text).toContain(`Cuándo: ${spanishWhen(ONE_PM)} con Wren`);
    expect(email.text).toContain("Precio: $70");
    expect(icsEvent(email).summary).toMatch(/^Degradado atardecer en /);
  });
});
