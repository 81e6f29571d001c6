import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useSalon } from "~/lib/salon";
import { useFocusOnShow } from "~/lib/use-focus-on-show";
import { LinkMissing } from "./link-missing";
import type { ManageActionResult, ManagePageData } from "./manage-types";
import { MoveSection } from "./move-section";
import { VisitOver } from "./visit-over";

/** The salon's number, as a link that calls it. */
function Phone() {
  const business = useSalon();
  return <a href={`tel:${business.phoneE164}`}>{business.phone}</a>;
}

/** /manage: the customer's appointment, with Move and Cancel until the cut-off. */
export function ManagePage({
  data,
  result,
}: {
  data: ManagePageData;
  result: ManageActionResult | undefined;
}) {
  if (data.state === "over") {
    return (
      <Shell>
        <VisitOver data={data} result={result} />
      </Shell>
    );
  }
  if (data.state !== "found") {
    return (
      <Shell>
        <LinkMissing
          limited={data.state === "limited"}
          title="Appointment not found"
          text="This link does not open an appointment. The appointment may have been cancelled or be over, or the link may be incomplete: please open it again from your confirmation email."
        />
      </Shell>
    );
  }
  return <Found data={data} result={result} />;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="page manage">
      <header className="page-header">
        <p className="eyebrow">Your appointment</p>
        <h1>Manage Your Appointment</h1>
      </header>
      {children}
    </div>
  );
}

function Found({
  data,
  result,
}: {
  data: Extract<ManagePageData, { state: "found" }>;
  result: ManageActionResult | undefined;
}) {
  const { appointment, movable } = data;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // The forms keep the page's scroll: their answer, above them, is brought into view (issue 38).
  const notice = useFocusOnShow<HTMLParagraphElement>(result);
  return (
    <Shell>
      {result ? (
        result.ok ? (
          <p ref={notice} tabIndex={-1} className="manage__notice" role="status">
            Your appointment is moved to {result.dateString}. We have emailed the new time to{" "}
            {result.email}.
          </p>
        ) : (
          <p
            ref={notice}
            tabIndex={-1}
            className="manage__notice manage__notice--error"
            role="alert"
          >
            {result.message}
          </p>
        )
      ) : null}
      <section className="manage__card" aria-labelledby="booking-title">
        <h2 id="booking-title">Your booking</h2>
        <dl className="manage__details">
          <div>
            <dt>Name</dt>
            <dd>{appointment.name}</dd>
          </div>
          <div>
            <dt>Service</dt>
            <dd>{appointment.service}</dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>{appointment.dateString}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{appointment.price}</dd>
          </div>
        </dl>
      </section>

      {data.canChange ? (
        <>
          <p className="manage__deadline">
            You can move or cancel online until {data.deadlineLabel} ({data.cutoff} before your
            appointment). After that, please call us at <Phone />.
          </p>
          {movable ? (
            <MoveSection token={data.token} movable={movable} busy={busy} />
          ) : (
            <section className="manage__card" aria-labelledby="move-title">
              <h2 id="move-title">Move to another time</h2>
              <p>
                This service can no longer be booked online. To move it, please call us at <Phone />
                .
              </p>
            </section>
          )}
          <CancelSection token={data.token} busy={busy} />
        </>
      ) : (
        <section className="manage__card" aria-labelledby="change-title">
          <h2 id="change-title">Need a change?</h2>
          <p>
            Your appointment starts within {data.cutoff}, so it can no longer be moved or cancelled
            online. Please call us at <Phone />.
          </p>
        </section>
      )}
    </Shell>
  );
}

function CancelSection({ token, busy }: { token: string; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  // The button pressed is replaced by the question: keep the keyboard focus there.
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  return (
    <section className="manage__card" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel appointment</h2>
      <p>The time is freed for someone else, and we email you a confirmation.</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="token" value={token} />
        {asking ? (
          <fieldset className="manage__confirm">
            <legend>Cancel this appointment?</legend>
            <div className="button-row">
              <button ref={confirm} type="submit" className="button button--danger" disabled={busy}>
                Yes, Cancel It
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setAsking(false)}
              >
                Keep It
              </button>
            </div>
          </fieldset>
        ) : (
          <button
            type="submit"
            className="button button--ghost button--danger"
            onClick={(event) => {
              // With JavaScript, ask once more; without it the button cancels directly.
              event.preventDefault();
              setAsking(true);
            }}
          >
            Cancel Appointment
          </button>
        )}
      </Form>
    </section>
  );
}
