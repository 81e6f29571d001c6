import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useDashboardAction } from "../dashboard/use-dashboard-action";
import { checkRequired, fieldHelpers, StaffDialog } from "../schedule-admin/staff-dialog";
import type { AccountRow, AccountsActionResult } from "./accounts-types";

type Open = { dialog: "add" } | { dialog: "reset" | "remove"; account: AccountRow };

/**
 * Who can sign in: each account's email, role and when it was added; the owner adds accounts,
 * resets another's password and removes another's account.
 */
export function AccountsSection({ accounts }: { accounts: AccountRow[] }) {
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  return (
    <section aria-labelledby="accounts-title" className="staff-section">
      <div className="section-head">
        <h2 id="accounts-title">Who Can Sign In</h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setOpen({ dialog: "add" })}
        >
          Add Account
        </button>
      </div>
      <p className="staff-section__intro">
        Staff see the dashboard, the schedule and the customers. An owner also manages these
        accounts and reads the activity below.
      </p>
      <div className="table-scroll">
        <table className="data-table accounts-table">
          <caption className="visually-hidden">Accounts, owners first</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td>{account.email}</td>
                <td>{account.role}</td>
                <td>{account.added}</td>
                <td className="accounts-table__actions">
                  {account.self ? (
                    <span className="accounts-table__you">You</span>
                  ) : (
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => setOpen({ dialog: "reset", account })}
                      >
                        Reset Password
                        <span className="visually-hidden"> of {account.email}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small button--danger"
                        onClick={() => setOpen({ dialog: "remove", account })}
                      >
                        Remove
                        <span className="visually-hidden"> {account.email}</span>
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open?.dialog === "add" ? <AddAccountDialog onClose={close} /> : null}
      {open?.dialog === "reset" ? <ResetDialog account={open.account} onClose={close} /> : null}
      {open?.dialog === "remove" ? <RemoveDialog account={open.account} onClose={close} /> : null}
    </section>
  );
}

/** A dialog's form: its fetcher, field errors, and closing once the change is made. */
function useAccountForm(prefix: string, dialog: React.RefObject<HTMLDialogElement | null>) {
  const fetcher = useFetcher<AccountsActionResult>();
  const [missing, setMissing] = useState<string[]>([]);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const helpers = fieldHelpers(prefix, failed?.fieldErrors ?? {}, missing);
  // The page's data reloads by itself after a form is sent (it has no shouldRevalidate).
  const started = useDashboardAction(fetcher, () => {
    if (fetcher.data?.ok) dialog.current?.close();
  });
  const onSubmit = (required: string[]) => (event: FormEvent<HTMLFormElement>) => {
    if (checkRequired(event, required, prefix, setMissing)) started();
  };
  return { fetcher, failed, onSubmit, ...helpers };
}

function AddAccountDialog({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { fetcher, onSubmit, attrs, error } = useAccountForm("account", dialog);
  return (
    <StaffDialog dialog={dialog} titleId="add-account-title" title="Add Account" onClose={onClose}>
      <p className="modal__service">
        Give them this password in person; they change it on their dashboard.
      </p>
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={onSubmit(["email", "password"])}
        className="account-form"
      >
        <div className="field">
          <label htmlFor="account-email">Email</label>
          <input {...attrs("email")} type="email" maxLength={254} autoComplete="off" />
          {error("email")}
        </div>
        <div className="field">
          <label htmlFor="account-password">Password</label>
          <input
            {...attrs("password")}
            type="password"
            maxLength={200}
            autoComplete="new-password"
          />
          {error("password")}
        </div>
        <div className="field">
          <label htmlFor="account-role">Role</label>
          <select {...attrs("role")} defaultValue="staff">
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </select>
          {error("role")}
        </div>
        <button type="submit" name="intent" value="add-account" className="button">
          Save Account
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}

function ResetDialog({ account, onClose }: { account: AccountRow; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { fetcher, failed, onSubmit, attrs, error } = useAccountForm("reset", dialog);
  return (
    <StaffDialog
      dialog={dialog}
      titleId="reset-title"
      title={`Reset Password of ${account.email}`}
      onClose={onClose}
    >
      <p className="modal__service">
        They are signed out everywhere and sign in again with the new password.
      </p>
      {failed && !failed.fieldErrors ? <p className="field__error">{failed.message}</p> : null}
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={onSubmit(["password"])}
        className="account-form"
      >
        <input type="hidden" name="id" value={account.id} />
        <div className="field">
          <label htmlFor="reset-password">New password</label>
          <input
            {...attrs("password")}
            type="password"
            maxLength={200}
            autoComplete="new-password"
          />
          {error("password")}
        </div>
        <button type="submit" name="intent" value="reset-password" className="button">
          Reset Password
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}

function RemoveDialog({ account, onClose }: { account: AccountRow; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { fetcher, failed, onSubmit } = useAccountForm("remove", dialog);
  return (
    <StaffDialog
      dialog={dialog}
      titleId="remove-title"
      title={`Remove ${account.email}?`}
      size="small"
      onClose={onClose}
    >
      <p className="modal__service">
        They can no longer sign in, and are signed out now. What they did stays in the activity.
      </p>
      {failed ? <p className="field__error">{failed.message}</p> : null}
      <fetcher.Form method="post" onSubmit={onSubmit([])} className="button-row modal__actions">
        <input type="hidden" name="id" value={account.id} />
        <button
          type="submit"
          name="intent"
          value="remove-account"
          className="button button--danger"
        >
          Remove Account
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dialog.current?.close()}
        >
          Keep
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}
