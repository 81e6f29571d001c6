import { data } from "react-router";
import { type PageTextsActionResult, PageTextsForm } from "~/components/site/page-texts-form";
import { PAGE_TEXT_FIELDS } from "~/lib/page-text-fields";
import type { RouteHandle } from "~/lib/route-handle";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import { readPageTextValues, savePageTexts } from "~/services/site/page-texts.server";
import { requireOwner } from "~/services/staff/accounts.server";
import { staffContext } from "~/services/staff/session.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-texts";

// 'Page Texts' (docs/product.md#page-texts): owner only, checked here on the server in the loader
// and the action. A save runs with its activity record in one transaction; the public pages show
// it at the next request (the site version, drizzle/0023).

export const handle = { hydrate: true, styles: ["site-content"] } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context.get(staffContext), "Page Texts");
  return { values: await readPageTextValues(context.db) };
}

const TextsForm = textFields(...PAGE_TEXT_FIELDS.map((field) => field.name));

const answer = (result: PageTextsActionResult, status = 200) => data(result, status);

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  requireOwner(user, "Page Texts");
  const form = await readForm(request);
  const read = form && parseForm(form, TextsForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const result = await context.db.transaction(async (tx) => {
    const result = await savePageTexts(tx, read.data);
    if (result.ok && result.changed.length > 0) {
      await recordStaffAction(tx, user, `Changed the page texts: ${result.changed.join(", ")}`);
    }
    return result;
  });
  if (result.ok) return answer({ ok: true });
  log.warn({ fields: Object.keys(result.fieldErrors) }, "Page Texts: refused");
  return answer(
    { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
    400,
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Page Texts | 2 x 10 Nails & Spa" },
  { name: "robots", content: "noindex" },
];

export default function SitePageTexts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Page Texts</h1>
        <p className="lead">
          The words of the home page, its welcome card, the About page and the Contact page. A blank
          line starts a new paragraph; [words](/services) links to a page of the site.
        </p>
      </header>
      <PageTextsForm values={loaderData.values} />
    </>
  );
}
