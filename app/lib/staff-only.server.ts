import { createContext, data, type MiddlewareFunction, redirect } from "react-router";
import type { StaffUser } from "~/services/db/schema.server";
import { findStaffBySession } from "~/services/staff/session.server";
import { readSessionId } from "./staff-cookie.server";

/** The signed-in staff member, set by staffOnly for the loaders and actions below it. */
export const staffContext = createContext<StaffUser>();

/**
 * The staff layout's middleware (app/routes/staff-layout.tsx), the one staff check
 * (docs/product.md#staff-rules-on-the-server): it runs before every loader and action of every staff route, so no staff
 * data leaves and nothing changes without a session. A page (or a form posted without
 * JavaScript) is redirected to /login; a data request (client navigation, fetcher, action: its
 * address ends in .data) gets 401, which the root ErrorBoundary turns into "Please sign in
 * again" and /login.
 */
export const staffOnly: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = await findStaffBySession(context.db, readSessionId(request.headers.get("Cookie")));
  if (!user) {
    // The request as it came (future.v8_passThroughRequests): a data request keeps its .data.
    if (new URL(request.url).pathname.endsWith(".data")) {
      throw data("Staff sign-in required.", {
        status: 401,
        statusText: "Unauthorized",
        headers: { "Cache-Control": "no-store" },
      });
    }
    throw redirect("/login");
  }
  context.set(staffContext, user);
  return next();
};
