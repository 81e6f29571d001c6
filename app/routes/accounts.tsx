import { data, isRouteErrorResponse, Link } from "react-router";
import { AccountsSection } from "~/components/accounts/accounts-section";
import type { AccountsActionResult } from "~/components/accounts/accounts-types";
import { ActivitySection } from "~/components/accounts/activity-section";
import { SALON_TIME_ZONE } from "~/domain/booking/time-zone";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import { readsQuery } from "~/services/platform/query.server";
import {
  addAccount,
  listAccounts,
  ROLE_LABELS,
  removeAccount,
  resetAccountPassword,
} from "~/services/staff/accounts.server";
import { listStaffActions } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/accounts";

// The owner's page (docs/product.md#accounts): who can sign in, and what staff did. Staff only
// through its layout (app/routes/staff-layout.tsx), and owners only: its handle's `access`, checked
// before its loader and action alike (app/lib/route-access.server.ts).
export const handle = {
  access: "owner",
  title: "Accounts",
  hydrate: true,
  styles: ["forms", "dialog", "button-danger", "staff", "accounts"],
} satisfies RouteHandle;

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SALON_TIME_ZONE,
});

/** ?after=<ISO time>_<id>: the activity log from the record after that one (older ones). */
function readCursor(value: string | null): { at: Date; id: string } | undefined {
  const match = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_([0-9a-f-]{36})$/.exec(value ?? "");
  if (!match?.[1] || !match[2]) return undefined;
  const at = new Date(match[1]);
  return Number.isNaN(at.getTime()) ? undefined : { at, id: match[2] };
}

/** What it reads of its address (docs/security.md#queries). */
const AfterQuery = z.object({ after: queryLine(100) });

export const loader = readsQuery(AfterQuery, async ({ context }: Route.LoaderArgs, read) => {
  const user = context.get(staffContext);
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const after = readCursor(read.data.after ?? null);
  const [accounts, activity] = await Promise.all([
    listAccounts(context.db),
    listStaffActions(context.db, { after }),
  ]);
  const last = activity.entries.at(-1);
  return {
    email: user.email,
    accounts: accounts.map((account) => ({
      id: account.id,
      email: account.email,
      role: ROLE_LABELS[account.role],
      added: dateTime.format(account.createdAt),
      self: account.id === user.id,
    })),
    activity: {
      entries: activity.entries.map((entry) => ({
        id: entry.id,
        at: dateTime.format(entry.at),
        atIso: entry.at.toISOString(),
        who: entry.actorEmail,
        what: entry.action,
      })),
      older: activity.more && last ? `${last.at.toISOString()}_${last.id}` : null,
      paged: after !== undefined,
    },
  };
});

const answer = (result: AccountsActionResult, status = 200) => data(result, status);

/** The page's forms; the services check the fields. */
const AccountForm = textFields("id", "email", "password", "role").extend({
  intent: z.enum(["add-account", "reset-password", "remove-account"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readForm(request);
  const read = form && parseForm(form, AccountForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  const { intent, ...fields } = read.data;
  const { db } = context;
  const result =
    intent === "add-account"
      ? await addAccount(db, user, fields)
      : intent === "reset-password"
        ? await resetAccountPassword(db, user, fields.id, fields.password)
        : await removeAccount(db, user, fields.id);
  if (result.ok) return answer({ ok: true });
  log.warn({ intent, kind: result.kind }, "Accounts: refused");
  if (result.kind === "invalid") {
    return answer(
      { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
      400,
    );
  }
  if (result.kind === "refused") return answer({ ok: false, message: result.message }, 409);
  return answer({ ok: false, message: "That account no longer exists." }, 404);
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Accounts");

export default function Accounts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page staff-page">
      <header className="page-header">
        <p className="eyebrow">Owner</p>
        <h1>Accounts</h1>
        <p className="lead">Signed in as {loaderData.email}.</p>
      </header>
      <AccountsSection accounts={loaderData.accounts} />
      <ActivitySection {...loaderData.activity} />
    </div>
  );
}

/** A staff member (not an owner) who opens the page is told so, in the staff's own chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="page staff-page">
      <header className="page-header">
        <p className="eyebrow">Staff</p>
        <h1>Accounts</h1>
        <p className="lead">
          {forbidden ? "Only the owner can open Accounts." : "Something went wrong on our side."}
        </p>
      </header>
      <p>
        To change your own password, use 'Change Password' on the{" "}
        <Link to="/dashboard">dashboard</Link>.
      </p>
    </div>
  );
}
