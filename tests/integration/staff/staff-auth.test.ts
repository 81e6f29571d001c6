import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/lib/staff-cookie.server";
import { action as loginAction } from "~/routes/login";
import { staffSessions, staffUsers } from "~/services/db/schema.server";
import {
  authenticateStaff,
  createOrResetStaffUser,
  verifyPassword,
} from "~/services/staff/auth.server";
import {
  createSession,
  destroySession,
  findStaffBySession,
  SESSION_IDLE_MS,
} from "~/services/staff/session.server";
import {
  recordFailedSignIn,
  signInDelayMs,
  TOO_MANY_SIGN_INS,
} from "~/services/staff/sign-in-limits.server";
import { setUpTestDatabase } from "../../support/test-database-hook";

const database = setUpTestDatabase();

const PASSWORD = "a long enough password";

describe("staff accounts", () => {
  it("stores a salted scrypt hash, never the password, and resets it on a second call", async () => {
    const created = await createOrResetStaffUser(database.db, " Owner@Example.com ", PASSWORD);
    expect(created).toMatchObject({
      ok: true,
      created: true,
      user: { email: "owner@example.com" },
    });
    const [row] = await database.db.select().from(staffUsers);
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);

    const reset = await createOrResetStaffUser(
      database.db,
      "owner@example.com",
      "a different password",
    );
    expect(reset).toMatchObject({ ok: true, created: false });
    const [after] = await database.db.select().from(staffUsers);
    expect(after?.passwordHash).not.toBe(row?.passwordHash);
    expect(await verifyPassword("a different password", after?.passwordHash ?? "")).toBe(true);
    expect(await verifyPassword(PASSWORD, after?.passwordHash ?? "")).toBe(false);
  });

  it("refuses short passwords and malformed emails, changing nothing", async () => {
    expect(await createOrResetStaffUser(database.db, "a@example.com", "short")).toMatchObject({
      ok: false,
    });
    expect(await createOrResetStaffUser(database.db, "nope", PASSWORD)).toMatchObject({
      ok: false,
    });
    expect(await database.db.select().from(staffUsers)).toEqual([]);
  });

  it("answers sign-in with the spec's messages", async () => {
    await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    expect(await authenticateStaff(database.db, "someone@example.com", PASSWORD)).toMatchObject({
      ok: false,
      message: "Email not found.",
    });
    expect(await authenticateStaff(database.db, "owner@", PASSWORD)).toMatchObject({
      ok: false,
      message: "Email has incorrect format.",
    });
    expect(await authenticateStaff(database.db, "owner@example.com", "wrong one!")).toMatchObject({
      ok: false,
      message: "Password is incorrect.",
    });
    expect(await authenticateStaff(database.db, "OWNER@example.com", PASSWORD)).toMatchObject({
      ok: true,
    });
  });
});

describe("staff sessions", () => {
  it("stores only a hash of the id, expires after inactivity, slides with use, and ends on sign-out", async () => {
    const { user } = (await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD)) as {
      user: { id: string };
    };
    const start = new Date("2026-11-20T15:00:00Z");
    const id = await createSession(database.db, user.id, start);
    expect(id.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const [stored] = await database.db.select().from(staffSessions);
    expect(stored?.idHash).not.toContain(id);

    const later = new Date(start.getTime() + SESSION_IDLE_MS - 1000);
    expect(await findStaffBySession(database.db, id, later)).toMatchObject({
      email: "owner@example.com",
    });
    // Used just before it ended, it now lasts another idle period from then.
    const slid = new Date(later.getTime() + SESSION_IDLE_MS - 1000);
    expect(await findStaffBySession(database.db, id, slid)).toBeDefined();
    const expired = new Date(slid.getTime() + SESSION_IDLE_MS + 1000);
    expect(await findStaffBySession(database.db, id, expired)).toBeUndefined();

    const fresh = await createSession(database.db, user.id);
    await destroySession(database.db, fresh);
    expect(await findStaffBySession(database.db, fresh)).toBeUndefined();
  });

  it("ends 24 hours after sign-in (SESSION_MAX_HOURS), however active", async () => {
    const { user } = (await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD)) as {
      user: { id: string };
    };
    const start = new Date("2026-11-20T15:00:00Z");
    const id = await createSession(database.db, user.id, start);
    const hours = (h: number) => new Date(start.getTime() + h * 3_600_000);
    // Used every few hours, well within the idle timeout.
    for (const h of [4, 8, 12, 16, 20, 23.9]) {
      expect(await findStaffBySession(database.db, id, hours(h)), `${h} h`).toBeDefined();
    }
    expect(await findStaffBySession(database.db, id, hours(24))).toBeUndefined();
  });

  it("ends every session of an account whose password is reset, and only those", async () => {
    const owner = await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    const manager = await createOrResetStaffUser(database.db, "manager@example.com", PASSWORD);
    if (!owner.ok || !manager.ok) throw new Error("accounts not created");
    const desk = await createSession(database.db, owner.user.id);
    const phone = await createSession(database.db, owner.user.id);
    const managers = await createSession(database.db, manager.user.id);

    const reset = await createOrResetStaffUser(database.db, "owner@example.com", "a new password!");
    expect(reset).toMatchObject({ ok: true, created: false, endedSessions: 2 });
    expect(await findStaffBySession(database.db, desk)).toBeUndefined();
    expect(await findStaffBySession(database.db, phone)).toBeUndefined();
    expect(await findStaffBySession(database.db, managers)).toMatchObject({
      email: "manager@example.com",
    });
  });
});

describe("the login action", () => {
  function attempt(email: string, password: string, address: string) {
    const request = new Request("http://localhost/login", {
      method: "POST",
      body: new URLSearchParams({ email, password }),
    });
    const context = Object.assign(new RouterContextProvider(), {
      db: database.db,
      clientAddress: address,
      secure: false,
    }) as RouterContextProvider;
    const args = { request, context, params: {}, url: new URL(request.url), pattern: "/login" };
    return loginAction(args as Parameters<typeof loginAction>[0]).catch(
      (thrown: unknown) => thrown,
    );
  }

  async function message(result: unknown): Promise<string | undefined> {
    const value = result as { data?: { error?: string } };
    return value?.data?.error;
  }

  it("sets an httpOnly SameSite=Lax session cookie and redirects to /dashboard", async () => {
    await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    const result = (await attempt("owner@example.com", PASSWORD, "198.51.100.1")) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");
    const cookie = result.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax$`),
    );
  });

  it("refuses an address after 5 failures for one account, even the right password; another address signs in", async () => {
    await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    for (let i = 0; i < 5; i++) {
      expect(
        await message(await attempt("owner@example.com", `wrong ${i} password`, "198.51.100.7")),
      ).toBe("Password is incorrect.");
    }
    const refused = (await attempt("owner@example.com", PASSWORD, "198.51.100.7")) as {
      data?: { error?: string };
      init?: { headers?: Record<string, string> };
    };
    expect(await message(refused)).toBe(TOO_MANY_SIGN_INS);
    expect(Number(refused.init?.headers?.["Retry-After"])).toBeGreaterThan(0);
    expect(await database.db.select().from(staffSessions)).toEqual([]);
    // The owner, from the front desk, is not locked out by what 198.51.100.7 did.
    const owner = (await attempt("owner@example.com", PASSWORD, "198.51.100.8")) as Response;
    expect(owner.status).toBe(302);
  });

  it("refuses an address after 10 failures, whatever the accounts", async () => {
    await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    for (let i = 0; i < 10; i++) {
      await attempt(`guess${i}@example.com`, "wrong password!", "203.0.113.9");
    }
    expect(await message(await attempt("owner@example.com", PASSWORD, "203.0.113.9"))).toBe(
      TOO_MANY_SIGN_INS,
    );
  });

  it("slows an account that many addresses failed on, but never refuses its owner's right password", async () => {
    await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    // Thirty failures from thirty addresses: none of them reaches a hard limit.
    for (let i = 0; i < 30; i++) {
      await recordFailedSignIn(database.db, "owner@example.com", `192.0.2.${i}`);
    }
    const started = performance.now();
    const owner = (await attempt("owner@example.com", PASSWORD, "198.51.100.50")) as Response;
    const waited = performance.now() - started;
    expect(owner.status).toBe(302);
    expect(waited).toBeGreaterThanOrEqual(signInDelayMs(30) - 50);
    // A wrong password from a fresh address is answered as wrong (slowly), not refused.
    expect(
      await message(await attempt("owner@example.com", "wrong password!", "198.51.100.51")),
    ).toBe("Password is incorrect.");
    // Another account is not slowed.
    await createOrResetStaffUser(database.db, "manager@example.com", PASSWORD);
    const before = performance.now();
    expect(
      ((await attempt("manager@example.com", PASSWORD, "198.51.100.52")) as Response).status,
    ).toBe(302);
    expect(performance.now() - before).toBeLessThan(signInDelayMs(10));
  }, 30_000);

  it("waits nothing up to 10 failures on the account, then one second per ten more, at most five", () => {
    expect([0, 9, 10, 19, 20, 30, 49, 50, 500].map(signInDelayMs)).toEqual([
      0, 0, 1000, 1000, 2000, 3000, 4000, 5000, 5000,
    ]);
  });
});
