// /scheduleadmin/categories' action (docs/product.md#one-menu): how a menu's section reads,
// recorded in the staff's activity log and answered as the schedule's pages answer
// (scheduleadmin-change.server.ts).
import type { Database } from "~/services/db/client.server";
import { parseForm, textFields } from "~/services/platform/form.server";
import { updateServiceCategory } from "~/services/salon/menu.server";
import type { Route } from "./+types/scheduleadmin-categories";
import {
  answerChange,
  type Done,
  invalid,
  type PageChanges,
  type Refusal,
  refusal,
} from "./scheduleadmin-change.server";

/** The category form, as the service takes it. */
const CategoryForm = textFields(
  "id",
  "summary",
  "description",
  "nameEs",
  "summaryEs",
  "descriptionEs",
  "featured",
);

async function updateCategory(db: Database, form: FormData): Promise<Done | Refusal> {
  const read = parseForm(form, CategoryForm);
  if (!read.ok) return invalid(read.fieldErrors);
  const fields = read.data;
  const result = await updateServiceCategory(db, fields.id, fields);
  if (result.ok) {
    const did = `Updated the category ${result.name}`;
    return { ok: true, id: String(fields.id), did, said: `Saved ${result.name}.` };
  }
  if (result.kind === "invalid") return invalid(result.fieldErrors);
  return refusal(404, "That category no longer exists.");
}

const CATEGORY_CHANGES: PageChanges<"update-category"> = {
  intents: ["update-category"],
  said: { "update-category": "Saved." },
  perform: (db, _intent, form) => updateCategory(db, form),
};

/** The one staff change on /scheduleadmin/categories. */
export const categoriesPageAction = (args: Pick<Route.ActionArgs, "request" | "context">) =>
  answerChange(args, CATEGORY_CHANGES);
