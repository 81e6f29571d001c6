// Links from before issue 37 (docs/architecture.md#words): an emailed or bookmarked
// `/schedule?service=...&worker=Nina` still searches Nina's times. Written with the old names on
// purpose: the rename's codemod leaves this file and renamed-params.ts alone.
import { describe, expect, it } from "vitest";
import { withRenamedParams } from "./renamed-params";
import { visitItemsOf } from "./visit-request";

describe("old query parameter names", () => {
  it("reads worker, worker2 and worker3 as technician, technician2 and technician3", () => {
    const params = withRenamedParams(
      new URLSearchParams("service=a&worker=Nina&service2=b&worker2=Mara&service3=c&worker3=Lena"),
    );
    expect(params.get("technician")).toBe("Nina");
    expect(params.get("technician2")).toBe("Mara");
    expect(params.get("technician3")).toBe("Lena");
  });

  it("lets the new name win when a link gives both", () => {
    const params = withRenamedParams(new URLSearchParams("worker=Nina&technician=Mara"));
    expect(params.getAll("technician")).toEqual(["Mara"]);
  });

  it("leaves a query without old names as it is", () => {
    const params = new URLSearchParams("service=a&technician=Nina");
    expect(withRenamedParams(params)).toBe(params);
  });

  it("books the technician an old form or link names", () => {
    const form = new URLSearchParams("service=a&worker=Nina&service2=b&worker2=Mara");
    expect(visitItemsOf(form)).toEqual([
      { typeId: "a", technician: "Nina", addOnIds: [] },
      { typeId: "b", technician: "Mara", addOnIds: [] },
    ]);
    expect(visitItemsOf(new URLSearchParams("service=a"))).toEqual([
      { typeId: "a", technician: "any", addOnIds: [] },
    ]);
  });
});
