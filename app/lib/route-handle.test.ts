import { describe, expect, it } from "vitest";
import { type BuiltRoute, routeFactsOf } from "./route-handle";

// Routes shaped as the server build lists them: a root, pages, a pathless staff layout.
const routes: Record<string, BuiltRoute> = {
  root: { id: "root", path: "", module: {} },
  "routes/home": {
    id: "routes/home",
    parentId: "root",
    path: "/",
    module: { handle: { page: "Home", cache: "static", listed: true } },
  },
  "routes/photo": {
    id: "routes/photo",
    parentId: "root",
    path: "/photo",
    module: { handle: { page: "Photo", cache: "static", query: ["photo"] } },
  },
  "routes/book": {
    id: "routes/book",
    parentId: "root",
    path: "book",
    module: { handle: { page: "Book", cache: "versioned", listed: true } },
  },
  "routes/staff-layout": {
    id: "routes/staff-layout",
    parentId: "root",
    module: { handle: { staff: true } },
  },
  "routes/desk": {
    id: "routes/desk",
    parentId: "routes/staff-layout",
    path: "/desk",
    // A staff page is never cached nor listed, whatever its own handle says.
    module: { handle: { page: "Desk", cache: "static", listed: true } },
  },
};

describe("routeFactsOf", () => {
  it("derives the page cache's lists and the public pages from the handles, in route order", () => {
    const facts = routeFactsOf(routes);
    expect([...facts.cachedPages]).toEqual([
      ["/", { page: "Home", cache: "static", query: [] }],
      ["/photo", { page: "Photo", cache: "static", query: ["photo"] }],
      ["/book", { page: "Book", cache: "versioned", query: [] }],
    ]);
    expect(facts.publicPaths).toEqual(["/", "/book"]);
  });

  it("makes every route under a staff layout a staff page, the layout itself no page", () => {
    const facts = routeFactsOf(routes);
    expect(facts.routes.filter((route) => route.staff)).toEqual([
      expect.objectContaining({
        path: "/desk",
        chain: ["root", "routes/staff-layout", "routes/desk"],
      }),
    ]);
    expect(facts.routes.map((route) => route.id)).not.toContain("routes/staff-layout");
  });

  it("refuses a cached page without a page name to count its views under", () => {
    const nameless = {
      ...routes,
      "routes/x": {
        id: "routes/x",
        parentId: "root",
        path: "/x",
        module: { handle: { cache: "static" } },
      },
    };
    expect(() => routeFactsOf(nameless)).toThrow(/routes\/x is cached but has no page name/);
  });

  it("refuses a kept page served with a parameter it does not count with", () => {
    // The page cache counts every hit: a parameter that must not count has to make a search.
    const withRule = (handle: object) => ({
      ...routes,
      "routes/x": { id: "routes/x", parentId: "root", path: "/x", module: { handle } },
    });
    const rule = { page: "X", pageViews: { notWithQuery: ["date"] } };
    expect(() => routeFactsOf(withRule({ ...rule, cache: "static", query: ["date"] }))).toThrow(
      /routes\/x is cached and served with "date"/,
    );
    expect(() => routeFactsOf(withRule({ ...rule, cache: "versioned" }))).toThrow(/"date"/);
    expect(() =>
      routeFactsOf(withRule({ ...rule, cache: "versioned", query: ["date"] })),
    ).not.toThrow();
  });
});
