import { Outlet } from "react-router";
import { StaffStatusProvider } from "~/components/staff-status";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext, staffOnly } from "~/lib/staff-only.server";
import type { Route } from "./+types/staff-layout";

// The staff pages (/dashboard, /scheduleadmin) sit under this pathless layout (app/routes.ts):
// its middleware is their one staff check, and their loaders and actions read the signed-in
// staff member from staffContext. A staff page outside it would have no check at all
// (tests/integration/staff/staff-routes.test.ts walks every staff route to catch that).
export const handle = { staff: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [staffOnly];

/** Who is signed in, for the page chrome (an owner's navigation also links 'Accounts'). */
export function loader({ context }: Route.LoaderArgs) {
  const { email, role } = context.get(staffContext);
  return { email, role };
}

/** Every staff page says its changes in one status line (app/components/staff-status.tsx). */
export default function StaffLayout() {
  return (
    <StaffStatusProvider>
      <Outlet />
    </StaffStatusProvider>
  );
}
