import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { routeSheets } from "./stylesheets";

const sheetFiles = readdirSync(new URL(".", import.meta.url))
  .filter((file) => file.endsWith(".css"))
  .map((file) => file.slice(0, -".css".length));

// Route ids are the route files without their extension (app/routes.ts).
const pageRoutes = routes
  .filter((route) => route.file.endsWith(".tsx"))
  .map((route) => route.file.replace(/\.tsx$/, ""));

describe("routeSheets", () => {
  it("names the sheets of every page, and only pages", () => {
    expect(Object.keys(routeSheets).sort()).toEqual([...pageRoutes].sort());
  });

  it("names only sheets that exist, and every sheet is used", () => {
    const named = new Set(["base", ...Object.values(routeSheets).flat()]);
    expect([...named].sort()).toEqual([...sheetFiles].sort());
  });
});
