import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
  useRouteError,
} from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

function Empty() {
  return null;
}

function Boundary() {
  return <ErrorBoundary error={useRouteError()} params={{}} loaderData={undefined} />;
}

// The root error screen, rendered the way the server renders a failed request.
async function render(loader: () => unknown) {
  const routes: RouteObject[] = [
    { id: "root", path: "/", loader, Component: Empty, ErrorBoundary: Boundary },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} />);
  return { status: context.statusCode, html };
}

describe("root ErrorBoundary", () => {
  it("shows 'Unhandled Thrown Error!' with status 500 when a route throws", async () => {
    const { status, html } = await render(() => {
      throw new Error("database exploded");
    });
    expect(status).toBe(500);
    expect(html).toContain("Unhandled Thrown Error!");
    expect(html).toContain("Something went wrong on our side");
  });

  it("shows a friendly not-found page for a 404", async () => {
    const { status, html } = await render(() => {
      throw new Response("Not Found", { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain("Page not found");
    expect(html).not.toContain("Unhandled Thrown Error!");
  });
});
