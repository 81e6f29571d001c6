import { describe, expect, it } from "vitest";
import type { BookedAppointment } from "./booked-appointment.server";
import { visitSummary } from "./visit-lines.server";

const at = (time: string) => new Date(`2030-05-04T${time}:00-05:00`);
const part = (
  typeName: string,
  technician: string,
  start: string,
  end: string,
): BookedAppointment => ({
  id: `${typeName}-${technician}`,
  name: "Maya Lin",
  email: "maya@example.com",
  phone: null,
  typeName,
  category: "Manicure",
  technician,
  startsAt: at(start),
  endsAt: at(end),
  price: "$35",
});

describe("visitSummary", () => {
  it("says services done side by side are at the same time", () => {
    expect(
      visitSummary([
        part("Gel Manicure", "Mara", "10:00", "10:45"),
        part("Classic Pedicure", "Lena", "10:00", "11:00"),
      ]),
    ).toBe("Gel Manicure with Mara, at the same time as Classic Pedicure with Lena");
  });

  it("says one after another as 'then'", () => {
    expect(
      visitSummary([
        part("Gel Manicure", "Mara", "10:00", "10:45"),
        part("Classic Pedicure", "Lena", "10:00", "11:00"),
        part("Paraffin Wax", "Mara", "11:00", "11:20"),
      ]),
    ).toBe(
      "Gel Manicure with Mara, at the same time as Classic Pedicure with Lena, then Paraffin Wax with Mara",
    );
  });

  it("names a single service and its technician", () => {
    expect(visitSummary([part("Gel Manicure", "Mara", "10:00", "10:45")])).toBe(
      "Gel Manicure with Mara",
    );
  });
});

describe("visitSummary in Spanish", () => {
  it("says the same in the customer's Spanish", () => {
    const visit = [
      part("Manicura en gel", "Mara", "10:00", "10:45"),
      part("Pedicura clásica", "Lena", "10:00", "10:50"),
      part("Parafina", "Mara", "10:45", "11:00"),
    ];
    expect(visitSummary(visit, "es")).toBe(
      "Manicura en gel con Mara, al mismo tiempo que Pedicura clásica con Lena, y luego Parafina con Mara",
    );
  });
});
