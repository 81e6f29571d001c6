import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useLocale } from "~/lib/i18n";
import { useSalon } from "~/lib/salon";
import { useFocusOnShow } from "~/lib/use-focus-on-show";
import { m } from "~/paraglide/messages.js";
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
  const locale = useLocale();
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
          title={m.manage_missing_title({}, { locale })}
          text={m.manage_missing_text({}, { locale })}
        />
      </Shell>
    );
  }
  return <Found data={data} result={result} />;
}

function Shell({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  return (
    <div className="page manage">
      <header className="page-header">
        <p className="eyebrow">{m.manage_eyebrow({}, { locale })}</p>
        <h1>{m.manage_heading({}, { locale })}</h1>
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
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // The forms keep the page's scroll: their answer, above them, is brought into view (issue 38).
  const notice = useFocusOnShow<HTMLParagraphElement>(result);
  return (
    <Shell>
      {result ? (
        result.ok ? (
          <p ref={notice} tabIndex={-1} className="manage__notice" role="status">
            {m.manage_moved({ date: result.dateString, email: result.email }, { locale })}
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
        <h2 id="booking-title">{m.manage_booking({}, { locale })}</h2>
        <dl className="manage__details">
          <div>
            <dt>{m.manage_name({}, { locale })}</dt>
            <dd>{appointment.name}</dd>
          </div>
          <div>
            <dt>{m.manage_service({}, { locale })}</dt>
            <dd>{appointment.service}</dd>
          </div>
          <div>
            <dt>{m.manage_when({}, { locale })}</dt>
            <dd>{appointment.dateString}</dd>
          </div>
          <div>
            <dt>{m.manage_price({}, { locale })}</dt>
            <dd>{appointment.price}</dd>
          </div>
        </dl>
      </section>

      {data.canChange ? (
        <>
          <p className="manage__deadline">
            {(data.cancelTerms ? m.manage_deadline_protected : m.manage_deadline)(
              { deadline: data.deadlineLabel, cutoff: data.cutoff },
              { locale },
            )}{" "}
            <Phone />.
          </p>
          {movable ? (
            <MoveSection token={data.token} movable={movable} busy={busy} />
          ) : (
            <section className="manage__card" aria-labelledby="move-title">
              <h2 id="move-title">{m.manage_move_title({}, { locale })}</h2>
              <p>
                {m.manage_move_call({}, { locale })} <Phone />.
              </p>
            </section>
          )}
          <CancelSection token={data.token} busy={busy} terms={data.cancelTerms} />
        </>
      ) : data.cancelTerms?.late ? (
        // A protected visit inside its window: moved by phone, cancelled online at the fee said.
        <>
          <section className="manage__card" aria-labelledby="change-title">
            <h2 id="change-title">{m.manage_change_title({}, { locale })}</h2>
            <p>
              {m.manage_change_call_late({ cutoff: data.cutoff }, { locale })} <Phone />.
            </p>
          </section>
          <CancelSection token={data.token} busy={busy} terms={data.cancelTerms} />
        </>
      ) : (
        <section className="manage__card" aria-labelledby="change-title">
          <h2 id="change-title">{m.manage_change_title({}, { locale })}</h2>
          <p>
            {m.manage_change_call({ cutoff: data.cutoff }, { locale })} <Phone />.
          </p>
        </section>
      )}
    </Shell>
  );
}

/** 'Cancel Appointment'; for a protected visit, what it costs first (`terms`). */
function CancelSection({
  token,
  busy,
  terms,
}: {
  token: string;
  busy: boolean;
  terms: Extract<ManagePageData, { state: "found" }>["cancelTerms"];
}) {
  const locale = useLocale();
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  // The button pressed is replaced by the question: keep the keyboard focus there.
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  return (
    <section className="manage__card" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{m.manage_cancel_title({}, { locale })}</h2>
      <p>{m.manage_cancel_text({}, { locale })}</p>
      {terms?.text ? <p className="manage__fee">{terms.text}</p> : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="token" value={token} />
        {terms?.confirmation ? (
          <input type="hidden" name="terms" value={terms.confirmation} />
        ) : null}
        {asking ? (
          <fieldset className="manage__confirm">
            <legend>{m.manage_cancel_question({}, { locale })}</legend>
            <div className="button-row">
              <button ref={confirm} type="submit" className="button button--danger" disabled={busy}>
                {m.manage_cancel_yes({}, { locale })}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setAsking(false)}
              >
                {m.manage_cancel_keep({}, { locale })}
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
            {terms?.confirmation
              ? m.manage_late_cancel_button({}, { locale })
              : m.manage_cancel_button({}, { locale })}
          </button>
        )}
      </Form>
    </section>
  );
}
