// Staff accounts in the web app (docs/product.md#accounts): an owner adds and removes accounts
// and resets their passwords ('Accounts'); anyone signed in changes their own password, the
// current one required. Each change is recorded in the staff's activity log in its transaction.
import { and, asc, eq, ne } from "drizzle-orm";
import { fieldErrorsOf, z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import {
  STAFF_ROLES,
  type StaffRole,
  type StaffUser,
  staffSessions,
  staffUsers,
} from "../db/schema.server";
import {
  EmailSchema,
  hashPassword,
  MIN_PASSWORD_LENGTH,
  PasswordSchema,
  verifyPassword,
} from "./auth.server";
import { endSessionsOf, hashSessionId } from "./session.server";
import { admitSignIn, recordFailedSignIn } from "./sign-in-limits.server";
import { recordStaffAction } from "./staff-activity.server";

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", staff: "Staff" };

interface AccountView {
  id: string;
  email: string;
  role: StaffRole;
  createdAt: Date;
}

type AccountResult =
  | { ok: true; id: string }
  | { ok: false; kind: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; kind: "not-found" }
  /**
   * One's own account (changed with one's own password, never removed by oneself), or the last
   * owner.
   */
  | { ok: false; kind: "refused"; message: string }
  /** Too many wrong current passwords: the sign-in limits, for this account and address. */
  | { ok: false; kind: "limited"; retryAfterMs: number };

/**
 * Whether a staff member may open an owner's page (docs/product.md#accounts). The refusal, 403,
 * is the route layer's: app/lib/route-access.server.ts, for every route whose handle says
 * `access: "owner"`.
 */
export function isOwner(user: StaffUser): boolean {
  return user.role === "owner";
}

/** Every account, owners first, then by email. */
export async function listAccounts(db: Database): Promise<AccountView[]> {
  return db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      role: staffUsers.role,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.role), asc(staffUsers.email));
}

const NewAccountSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  role: z.enum(STAFF_ROLES, "Choose a role."),
});

/** 'Add Account': an email, a first password the owner passes on, and a role. */
export async function addAccount(
  db: Database,
  actor: StaffUser,
  input: { email?: unknown; password?: unknown; role?: unknown },
): Promise<AccountResult> {
  const parsed = NewAccountSchema.safeParse({ ...input, role: input.role || "staff" });
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const { email, password, role } = parsed.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx): Promise<AccountResult> => {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email, passwordHash, role })
      .onConflictDoNothing({ target: staffUsers.email })
      .returning({ id: staffUsers.id });
    if (!row) {
      return {
        ok: false,
        kind: "invalid",
        fieldErrors: { email: "That email already has an account." },
      };
    }
    await recordStaffAction(tx, actor, `Added the account ${email} (${ROLE_LABELS[role]})`);
    return { ok: true, id: row.id };
  });
}

/** 'Reset Password' of another account: a new password, and every session of it ends. */
export async function resetAccountPassword(
  db: Database,
  actor: StaffUser,
  id: unknown,
  password: unknown,
): Promise<AccountResult> {
  const target = await findOther(db, actor, id);
  if (!target.ok) return target;
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const passwordHash = await hashPassword(parsed.data);
  return db.transaction(async (tx): Promise<AccountResult> => {
    const [row] = await tx
      .update(staffUsers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(staffUsers.id, target.account.id))
      .returning({ id: staffUsers.id });
    if (!row) return { ok: false, kind: "not-found" };
    await endSessionsOf(tx, row.id);
    await recordStaffAction(tx, actor, `Reset the password of ${target.account.email}`);
    return { ok: true, id: row.id };
  });
}

/** 'Remove' another account: it can no longer sign in, and whoever is signed in as it is out. */
export async function removeAccount(
  db: Database,
  actor: StaffUser,
  id: unknown,
): Promise<AccountResult> {
  const target = await findOther(db, actor, id);
  if (!target.ok) return target;
  return db.transaction(async (tx): Promise<AccountResult> => {
    // The owners, locked: two owners removing each other at once leave one, never none.
    const owners = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.role, "owner"))
      .for("update");
    if (target.account.role === "owner" && !owners.some((o) => o.id !== target.account.id)) {
      return { ok: false, kind: "refused", message: "The last owner's account stays." };
    }
    // Its sessions go with it (on delete cascade).
    const [row] = await tx
      .delete(staffUsers)
      .where(eq(staffUsers.id, target.account.id))
      .returning({ id: staffUsers.id });
    if (!row) return { ok: false, kind: "not-found" };
    await recordStaffAction(tx, actor, `Removed the account ${target.account.email}`);
    return { ok: true, id: row.id };
  });
}

async function findOther(
  db: Database,
  actor: StaffUser,
  id: unknown,
): Promise<{ ok: true; account: AccountView } | Extract<AccountResult, { ok: false }>> {
  if (typeof id !== "string" || !z.uuid().safeParse(id).success) {
    return { ok: false, kind: "not-found" };
  }
  if (id === actor.id) {
    return {
      ok: false,
      kind: "refused",
      message: "Your own account is changed with 'Change Password' on the dashboard.",
    };
  }
  const [account] = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      role: staffUsers.role,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return account ? { ok: true, account } : { ok: false, kind: "not-found" };
}

/**
 * 'Change Password' for the one signed in: the current password first, under the sign-in's own
 * limits (a stolen session must not become a way to guess the password). Their other sessions
 * end (another device signed in with the old password); this one stays.
 */
export async function changeOwnPassword(
  db: Database,
  user: StaffUser,
  session: { id: string | undefined; clientAddress: string },
  input: { currentPassword?: unknown; newPassword?: unknown },
): Promise<AccountResult> {
  const sessionId = session.id;
  const admitted = await admitSignIn(db, user.email, session.clientAddress);
  if (!admitted.admitted) {
    return { ok: false, kind: "limited", retryAfterMs: admitted.retryAfterMs };
  }
  const [account] = await db
    .select({ passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, user.id));
  if (!account) return { ok: false, kind: "not-found" };
  const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
  if (current === "" || !(await verifyPassword(current.slice(0, 200), account.passwordHash))) {
    await recordFailedSignIn(db, user.email, session.clientAddress);
    return {
      ok: false,
      kind: "invalid",
      fieldErrors: { currentPassword: "Your current password is incorrect." },
    };
  }
  const parsed = PasswordSchema.safeParse(input.newPassword);
  if (!parsed.success) {
    return { ok: false, kind: "invalid", fieldErrors: { newPassword: passwordMessage(parsed) } };
  }
  const passwordHash = await hashPassword(parsed.data);
  return db.transaction(async (tx): Promise<AccountResult> => {
    await tx
      .update(staffUsers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(staffUsers.id, user.id));
    await tx
      .delete(staffSessions)
      .where(
        and(
          eq(staffSessions.userId, user.id),
          ne(staffSessions.idHash, sessionId ? hashSessionId(sessionId) : ""),
        ),
      );
    await recordStaffAction(tx, user, "Changed their own password");
    return { ok: true, id: user.id };
  });
}

const passwordMessage = (parsed: { error?: { issues: { message: string }[] } }) =>
  parsed.error?.issues[0]?.message ?? `At least ${MIN_PASSWORD_LENGTH} characters.`;
