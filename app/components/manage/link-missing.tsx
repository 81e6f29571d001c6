import { Link } from "react-router";
import { useSalon } from "~/lib/salon";

/**
 * The card of an emailed link that opens nothing (a wrong or used-up token), or of too many
 * tries from one connection: the manage link's and the waitlist offer's.
 */
export function LinkMissing({
  limited,
  title,
  text,
}: {
  limited: boolean;
  /** "Appointment not found". */
  title: string;
  /** Why it may be, and what to do. */
  text: string;
}) {
  const business = useSalon();
  return (
    <section className="manage__card" aria-labelledby="missing-title">
      <h2 id="missing-title">{limited ? "Please wait a moment" : title}</h2>
      <p>
        {limited
          ? "There were many attempts from your connection in a short time. Please try again in a few minutes."
          : text}
      </p>
      <p>
        Need help? Call us at <a href={`tel:${business.phoneE164}`}>{business.phone}</a>.
      </p>
      <p className="button-row">
        <Link to="/schedule" className="button button--ghost">
          Book an Appointment
        </Link>
      </p>
    </section>
  );
}
