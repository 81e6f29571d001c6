import { Link } from "react-router";
import type { ManageActionResult, ManagePageData } from "./manage-types";

/**
 * A cancelled or past appointment behind the link: what it was, and 'Book Again' (the same
 * service, times listed). Just cancelled here: the cancellation's confirmation above it.
 */
export function VisitOver({
  data,
  result,
}: {
  data: Extract<ManagePageData, { state: "over" }>;
  result: ManageActionResult | undefined;
}) {
  return (
    <>
      {result?.ok && result.state === "cancelled" ? (
        <p className="manage__notice" role="status">
          {result.dateString} is cancelled and the time is free again. We have sent a confirmation
          to {result.email}.
        </p>
      ) : null}
      <section className="manage__card" aria-labelledby="over-title">
        <h2 id="over-title">
          {data.cancelled ? "This appointment was cancelled" : "This visit is over"}
        </h2>
        <p>
          {data.service}, {data.dateString}.
        </p>
        <p>
          {data.cancelled
            ? "We would be glad to see you another time."
            : "Thank you for visiting us. We would be glad to see you again."}
        </p>
        <p className="button-row">
          {data.bookAgain ? (
            <Link to={data.bookAgain} className="button">
              Book Again
            </Link>
          ) : (
            <Link to="/schedule" className="button">
              Book an Appointment
            </Link>
          )}
        </p>
      </section>
    </>
  );
}
