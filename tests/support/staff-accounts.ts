// Staff accounts a test signs in with: the owner made as the staff CLI makes one, and a Staff
// account (not an owner) added by her, each with a session made by the app's session code.
import { sql } from "drizzle-orm";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import type { Database } from "~/services/db/client.server";
import { addAccount } from "~/services/staff/accounts.server";
import { createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession } from "~/services/staff/session.server";

/** The owner and a Staff account at `staffEmail`, each signed in: the cookies a browser sends. */
export async function signInOwnerAndStaff(
  db: Database,
  staffEmail: string,
): Promise<{ ownerCookie: string; staffCookie: string }> {
  const owner = await createOrResetStaffUser(db, "owner@example.com", "a long enough password");
  if (!owner.ok) throw new Error(owner.error);
  const added = await addAccount(db, owner.user, {
    email: staffEmail,
    password: "another long password",
    role: "staff",
  });
  if (!added.ok) throw new Error(JSON.stringify(added));
  const result = await db.execute(sql`select id from staff_users where email = ${staffEmail}`);
  const [staff] = (result as unknown as { rows: { id: string }[] }).rows;
  if (!staff) throw new Error("No staff account");
  return {
    ownerCookie: `${SESSION_COOKIE}=${await createSession(db, owner.user.id)}`,
    staffCookie: `${SESSION_COOKIE}=${await createSession(db, staff.id)}`,
  };
}

/** Signs in through the server's /login form as a person does: the session cookie it sets. */
export async function logIn(
  serverUrl: string,
  account: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${serverUrl}/login`, {
    method: "POST",
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) throw new Error(`No session from /login: ${response.status}`);
  return cookie;
}
