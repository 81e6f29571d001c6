import type { ShouldRevalidateFunction } from "react-router";
import { CategoriesSection } from "~/components/schedule-admin/categories-section";
import { SchedulePageHeader } from "~/components/schedule-admin/schedule-page-header";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useLiveRefresh } from "~/lib/use-live-data";
import { listServiceCategories } from "~/services/salon/menu.server";
import type { Route } from "./+types/scheduleadmin-categories";
import { categoriesPageAction } from "./scheduleadmin-categories.server";

// 'Categories': how the menu's sections read (docs/product.md#one-menu), a page of the schedule
// of its own. Staff only through its layout (app/routes/staff-layout.tsx).
export const handle = {
  hydrate: true,
  styles: ["forms", "staff", "scheduleadmin"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listServiceCategories(context.db) };
}

// The categories' changes (app/routes/scheduleadmin-categories.server.ts).
export const action = (args: Route.ActionArgs) => categoriesPageAction(args);

// The form loads the page's data again itself once answered (use-action-feedback.ts).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Categories");

export default function ScheduleCategories({ loaderData }: Route.ComponentProps) {
  useLiveRefresh("/scheduleadmin/categories", ["service_categories"]);
  return (
    <div className="page staff-page">
      <SchedulePageHeader title="Categories">
        The menu's sections, as /services and the home page show them.
      </SchedulePageHeader>
      <CategoriesSection categories={loaderData.categories} />
    </div>
  );
}
