import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { checkRequired, fieldHelpers } from "../schedule-admin/staff-dialog";
import type { DashboardActionResult } from "./dashboard-types";
import { useDashboardAction } from "./use-dashboard-action";

/**
 * 'Change Password', for whoever is signed in: the current password first. Their other sessions
 * end; this one stays.
 */
export function PasswordSection({ email, role }: { email: string; role: string }) {
  const fetcher = useFetcher<DashboardActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { attrs, error } = fieldHelpers("own", failed?.fieldErrors ?? {}, missing);
  const started = useDashboardAction(fetcher, () => {});
  const changed = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (changed) form.current?.reset();
  }, [changed]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (checkRequired(event, ["currentPassword", "newPassword"], "own", setMissing)) started();
  }

  return (
    <section aria-labelledby="password-title" className="staff-section">
      <h2 id="password-title">Your Account</h2>
      <p className="staff-section__intro">
        {email}, {role}. A new password signs you out on your other devices.
      </p>
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="password-form"
      >
        <div className="field">
          <label htmlFor="own-currentPassword">Current password</label>
          <input
            {...attrs("currentPassword")}
            type="password"
            maxLength={200}
            autoComplete="current-password"
          />
          {error("currentPassword")}
        </div>
        <div className="field">
          <label htmlFor="own-newPassword">New password</label>
          <input
            {...attrs("newPassword")}
            type="password"
            maxLength={200}
            autoComplete="new-password"
          />
          {error("newPassword")}
        </div>
        <button type="submit" name="intent" value="change-password" className="button">
          Change Password
        </button>
      </fetcher.Form>
      <p role="status" className="password-form__done">
        {changed ? "Your password was changed." : ""}
      </p>
    </section>
  );
}
