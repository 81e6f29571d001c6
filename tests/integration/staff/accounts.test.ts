// Accounts and the staff's activity log (app/services/staff/accounts.server.ts, staff-activity.server.ts,
// docs/product.md#accounts) against a real database: roles, what an owner may change, the own
// password with the current one required, sessions ended, and every change recorded once.
import { beforeEach, describe, expect, it } from "vitest";
import { requireOwner } from "~/lib/route-access.server";
import type { StaffUser } from "~/services/db/schema.server";
import { staffActions, staffUsers } from "~/services/db/schema.server";
import {
  addAccount,
  changeOwnPassword,
  listAccounts,
  removeAccount,
  resetAccountPassword,
} from "~/services/staff/accounts.server";
import { authenticateStaff, createOrResetStaffUser } from "~/services/staff/auth.server";
import { createSession, findStaffBySession } from "~/services/staff/session.server";
import { listStaffActions, recordStaffAction } from "~/services/staff/staff-activity.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const PASSWORD = "a long enough password";
let owner: StaffUser;

beforeEach(async () => {
  const created = await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
  if (!created.ok) throw new Error(created.error);
  owner = created.user;
});

const actions = async () =>
  (await listStaffActions(database.db)).entries.map((e) => [e.actorEmail, e.action]);

async function addStaff(email = "nia@example.com") {
  const added = await addAccount(database.db, owner, { email, password: PASSWORD, role: "staff" });
  if (!added.ok) throw new Error(JSON.stringify(added));
  const signedIn = await authenticateStaff(database.db, email, PASSWORD);
  if (!signedIn.ok) throw new Error(signedIn.message);
  return signedIn.user;
}

describe("roles", () => {
  it("makes the command-line tool's account an owner, and keeps a role through its reset", async () => {
    expect(owner.role).toBe("owner");
    const staff = await addStaff();
    expect(staff.role).toBe("staff");
    const reset = await createOrResetStaffUser(database.db, "nia@example.com", "another password");
    expect(reset).toMatchObject({ ok: true, created: false, user: { role: "staff" } });
  });

  it("lets only an owner through requireOwner, with 403", async () => {
    expect(() => requireOwner(owner)).not.toThrow();
    const staff = await addStaff();
    let thrown: unknown;
    try {
      requireOwner(staff);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      init: { status: 403 },
      data: "Only the owner can open Accounts.",
    });
  });
});

describe("an owner's changes", () => {
  it("adds an account that signs in with its role, and records it", async () => {
    const staff = await addStaff("Nia@Example.com ");
    expect(staff).toMatchObject({ email: "nia@example.com", role: "staff" });
    expect((await listAccounts(database.db)).map((a) => [a.email, a.role])).toEqual([
      ["owner@example.com", "owner"],
      ["nia@example.com", "staff"],
    ]);
    expect(await actions()).toEqual([
      ["owner@example.com", "Added the account nia@example.com (Staff)"],
    ]);
  });

  it("refuses bad input and a taken email, storing and recording nothing", async () => {
    await addStaff();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ email: "not an email", password: PASSWORD }, ["email"]],
      [{ email: "a@example.com", password: "short" }, ["password"]],
      [{ email: "a@example.com", password: "x".repeat(201) }, ["password"]],
      [{ email: "a@example.com", password: PASSWORD, role: "admin" }, ["role"]],
      [{ email: "NIA@example.com", password: PASSWORD }, ["email"]],
    ];
    for (const [input, fields] of cases) {
      const result = await addAccount(database.db, owner, input);
      expect(result.ok, JSON.stringify(input)).toBe(false);
      if (!result.ok && result.kind === "invalid") {
        expect(Object.keys(result.fieldErrors)).toEqual(fields);
      }
    }
    expect(await listAccounts(database.db)).toHaveLength(2);
    expect(await actions()).toHaveLength(1);
  });

  it("resets another's password, signing them out everywhere; never their own", async () => {
    const staff = await addStaff();
    const session = await createSession(database.db, staff.id);
    expect(await resetAccountPassword(database.db, owner, staff.id, "short")).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(await findStaffBySession(database.db, session)).toBeDefined();
    expect(await resetAccountPassword(database.db, owner, staff.id, "a new password!")).toEqual({
      ok: true,
      id: staff.id,
    });
    expect(await findStaffBySession(database.db, session)).toBeUndefined();
    expect((await authenticateStaff(database.db, staff.email, "a new password!")).ok).toBe(true);
    expect(await resetAccountPassword(database.db, owner, owner.id, PASSWORD)).toMatchObject({
      ok: false,
      kind: "refused",
    });
    expect((await actions())[0]).toEqual([
      "owner@example.com",
      "Reset the password of nia@example.com",
    ]);
  });

  it("removes another's account and its sessions; never their own", async () => {
    const staff = await addStaff();
    const session = await createSession(database.db, staff.id);
    expect(await removeAccount(database.db, owner, owner.id)).toMatchObject({ kind: "refused" });
    expect(await removeAccount(database.db, owner, staff.id)).toEqual({ ok: true, id: staff.id });
    expect(await findStaffBySession(database.db, session)).toBeUndefined();
    expect((await authenticateStaff(database.db, staff.email, PASSWORD)).ok).toBe(false);
    expect(await removeAccount(database.db, owner, staff.id)).toEqual({
      ok: false,
      kind: "not-found",
    });
    expect(await removeAccount(database.db, owner, "not-an-id")).toMatchObject({
      kind: "not-found",
    });
    // The record outlives the account.
    expect(await actions()).toEqual([
      ["owner@example.com", "Removed the account nia@example.com"],
      ["owner@example.com", "Added the account nia@example.com (Staff)"],
    ]);
  });
});

describe("the owners", () => {
  it("two owners removing each other at once leave one of them", async () => {
    const added = await addAccount(database.db, owner, {
      email: "bea@example.com",
      password: PASSWORD,
      role: "owner",
    });
    if (!added.ok) throw new Error(JSON.stringify(added));
    const bea = { id: added.id, email: "bea@example.com", role: "owner" as const };
    const results = await Promise.all([
      removeAccount(database.db, owner, bea.id),
      removeAccount(database.db, bea, owner.id),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ kind: "refused" });
    expect((await listAccounts(database.db)).filter((a) => a.role === "owner")).toHaveLength(1);
  });
});

describe("changing one's own password", () => {
  it("needs the current password; ends the other sessions and keeps this one", async () => {
    const staff = await addStaff();
    const here = await createSession(database.db, staff.id);
    const elsewhere = await createSession(database.db, staff.id);
    const wrong = await changeOwnPassword(
      database.db,
      staff,
      { id: here, clientAddress: "192.0.2.1" },
      {
        currentPassword: "not it",
        newPassword: "a new password!",
      },
    );
    expect(wrong).toEqual({
      ok: false,
      kind: "invalid",
      fieldErrors: { currentPassword: "Your current password is incorrect." },
    });
    const short = await changeOwnPassword(
      database.db,
      staff,
      { id: here, clientAddress: "192.0.2.1" },
      {
        currentPassword: PASSWORD,
        newPassword: "short",
      },
    );
    expect(short).toMatchObject({ ok: false, fieldErrors: { newPassword: expect.any(String) } });
    expect((await authenticateStaff(database.db, staff.email, PASSWORD)).ok).toBe(true);

    const changed = await changeOwnPassword(
      database.db,
      staff,
      { id: here, clientAddress: "192.0.2.1" },
      {
        currentPassword: PASSWORD,
        newPassword: "a new password!",
      },
    );
    expect(changed.ok).toBe(true);
    expect(await findStaffBySession(database.db, here)).toMatchObject({ id: staff.id });
    expect(await findStaffBySession(database.db, elsewhere)).toBeUndefined();
    expect((await authenticateStaff(database.db, staff.email, "a new password!")).ok).toBe(true);
    expect((await actions())[0]).toEqual(["nia@example.com", "Changed their own password"]);
  });
});

describe("guessing one's own password", () => {
  it("stops, as sign-in does, after 5 wrong current passwords from one address", async () => {
    const staff = await addStaff();
    const session = { id: await createSession(database.db, staff.id), clientAddress: "192.0.2.7" };
    const attempt = (currentPassword: string) =>
      changeOwnPassword(database.db, staff, session, {
        currentPassword,
        newPassword: "a new password!",
      });
    for (let i = 0; i < 5; i++)
      expect(await attempt(`guess ${i}`)).toMatchObject({ ok: false, kind: "invalid" });
    // Now even the right one is refused from here: the password stays as it was.
    expect(await attempt(PASSWORD)).toMatchObject({ ok: false, kind: "limited" });
    expect((await authenticateStaff(database.db, staff.email, PASSWORD)).ok).toBe(true);
  });
});

describe("the activity log", () => {
  it("pages newest first without skipping or repeating records of the same moment", async () => {
    const at = new Date("2026-11-24T18:00:00.000Z");
    for (let i = 0; i < 5; i++) await recordStaffAction(database.db, owner, `Action ${i}`, at);
    await recordStaffAction(database.db, owner, "Latest", new Date(at.getTime() + 1000));
    const seen: string[] = [];
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const page = await listStaffActions(database.db, { after, limit: 2 });
      seen.push(...page.entries.map((e) => e.action));
      const last = page.entries.at(-1);
      if (!page.more || !last) break;
      after = { at: last.at, id: last.id };
    }
    expect(seen[0]).toBe("Latest");
    expect([...seen].sort()).toEqual(
      ["Action 0", "Action 1", "Action 2", "Action 3", "Action 4", "Latest"].sort(),
    );
  });

  it("shortens an overlong record rather than lose it", async () => {
    await recordStaffAction(database.db, owner, "x".repeat(600));
    const [row] = await database.db.select().from(staffActions);
    expect(row?.action).toHaveLength(500);
    expect(await database.db.select().from(staffUsers)).toHaveLength(1);
  });
});
