import { useFetcher } from "react-router";

/** 'Forget Customer': only when they asked, ticked as such. */
export function ForgetCustomer({ email, name }: { email: string; name: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="forget-title" className="staff-section">
      <h2 id="forget-title">Forget Customer</h2>
      <p className="staff-section__intro">
        When {name} asks to be forgotten: their name, email and phone leave every past visit, and
        their messages, notes and the emails sent to them are deleted. This cannot be undone.
      </p>
      <fetcher.Form method="post" className="forget-form">
        <input type="hidden" name="intent" value="forget" />
        <input type="hidden" name="email" value={email} />
        <label className="check">
          <input type="checkbox" name="asked" value="yes" required />
          <span>They asked to be forgotten</span>
        </label>
        <button type="submit" className="button button--danger" disabled={fetcher.state !== "idle"}>
          Forget Customer
        </button>
        {answer && !answer.ok ? (
          <p className="field__error" role="alert">
            {answer.message}
          </p>
        ) : null}
      </fetcher.Form>
    </section>
  );
}
