import { data } from "react-router";
import { type ReviewsActionResult, ReviewsSection } from "~/components/site/reviews-section";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import type { Database } from "~/services/db/client.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import {
  addReview,
  deleteReview,
  listReviews,
  moveReview,
  type ReviewChange,
  setReviewHidden,
  updateReview,
} from "~/services/site/reviews.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-reviews";

// 'Reviews' (docs/product.md#reviews): any staff account. Each change runs with its record in the
// staff's activity log in one transaction; /reviews and the home page show it at the next request
// (the site version, drizzle/0023).

export const handle = {
  hydrate: true,
  styles: ["dialog", "button-danger", "site-content"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { reviews: await listReviews(context.db) };
}

const ReviewForm = textFields("id", "quote", "name", "city").extend({
  intent: z.enum(["add", "edit", "hide", "show", "delete", "move-up", "move-down"]),
});
type Intent = z.output<typeof ReviewForm>["intent"];

const answer = (result: ReviewsActionResult, status = 200) => data(result, status);

function perform(db: Database, intent: Intent, fields: Record<string, string | undefined>) {
  const { id, ...review } = fields;
  switch (intent) {
    case "add":
      return addReview(db, review);
    case "edit":
      return updateReview(db, id, review);
    case "hide":
    case "show":
      return setReviewHidden(db, id, intent === "hide");
    case "delete":
      return deleteReview(db, id);
    case "move-up":
    case "move-down":
      return moveReview(db, id, intent === "move-up" ? "up" : "down");
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, ReviewForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const { intent, ...fields } = read.data;
  const result: ReviewChange = await context.db.transaction(async (tx) => {
    const result = await perform(tx, intent, fields);
    if (result.ok) await recordStaffAction(tx, user, result.did);
    return result;
  });
  if (result.ok) return answer({ ok: true });
  log.warn({ intent, kind: result.kind }, "Reviews: refused");
  switch (result.kind) {
    case "invalid":
      return answer(
        { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
        400,
      );
    case "at-end":
      return answer({ ok: false, message: result.message }, 409);
    case "not-found":
      return answer({ ok: false, message: "That review no longer exists." }, 404);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Reviews");

export default function SiteReviews({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Reviews</h1>
        <p className="lead">
          What guests say, on the Reviews page in this order; the first one shown is also on the
          home page.
        </p>
      </header>
      <ReviewsSection reviews={loaderData.reviews} />
    </>
  );
}
