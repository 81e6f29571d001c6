import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
  useRouteError,
} from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "./domain/i18n/locale";
import { LocaleProvider } from "./lib/i18n";
import { ErrorBoundary } from "./root";

function Empty() {
  return null;
}

function Boundary() {
  return <ErrorBoundary error={useRouteError()} params={{}} loaderData={undefined} />;
}

// The root layout provides the address's language (/es/... is Spanish) around the boundary.
function SpanishBoundary() {
  return (
    <LocaleProvider value="es">
      <Boundary />
    </LocaleProvider>
  );
}

// The root error screen, rendered the way the server renders a failed request.
async function render(loader: () => unknown, locale: Locale = "en") {
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader,
      Component: Empty,
      ErrorBoundary: locale === "es" ? SpanishBoundary : Boundary,
    },
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

  it("says the 404 and the 500 in Spanish on a Spanish page, linking Spanish pages", async () => {
    const notFound = await render(() => {
      throw new Response("Not Found", { status: 404 });
    }, "es");
    expect(notFound.status).toBe(404);
    expect(notFound.html).toContain("<h1>Página no encontrada</h1>");
    expect(notFound.html).toContain("Página no encontrada | 2 x 10 Nails &amp; Spa");
    expect(notFound.html).toContain('href="/es/services"');
    expect(notFound.html).not.toContain("Page not found");
    const failed = await render(() => {
      throw new Error("database exploded");
    }, "es");
    expect(failed.status).toBe(500);
    expect(failed.html).toContain("¡Ocurrió un error inesperado!");
    expect(failed.html).toContain("Algo salió mal de nuestro lado");
    expect(failed.html).toContain('href="/es"');
  });
});
