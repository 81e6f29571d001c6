import { HoursList } from "~/components/hours-table";
import { business } from "~/content/business";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import { countPageView } from "~/server/page-views.server";
import type { Route } from "./+types/schedule";

export async function loader({ request, context }: Route.LoaderArgs) {
  await countPageView(context.db, request, "Schedule");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "Book an Appointment | 2 x 10 Nails & Spa",
    description:
      "Book your manicure, pedicure, extensions, waxing or massage at 2 x 10 Nails & Spa in Chicago: pick a day, a service and a time.",
    keywords: ["book nail appointment Chicago", "nail salon online booking"],
    path: "/schedule",
  });

// Online booking arrives with the booking issue; until then the page says how to book.
export default function Schedule() {
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <p className="eyebrow">Book</p>
        <h1>Schedule an Appointment</h1>
        <p className="lead">
          Online booking opens here shortly. Until then, call us at{" "}
          <a href={`tel:${business.phoneE164}`}>{business.phone}</a> and we will find you a time.
        </p>
      </header>
      <HoursList />
    </div>
  );
}
