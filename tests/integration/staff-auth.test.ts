import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { authenticateStaff, createOrResetStaffUser, verifyPassword } from "~/services/auth.server";
import { staffSessions, staffUsers } from "~/services/db/schema.server";
import {
  createSession,
  destroySession,
  findStaffBySession,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
} from "~/services/session.server";
import { createTestDatabase, OPEN_TIMEOUT_MS, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, OPEN_TIMEOUT_MS);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.reset();
});

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

  it("allows 10 failed attempts per address in 15 minutes, then refuses even the right password", async () => {
    await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    for (let i = 0; i < 10; i++) {
      expect(
        await message(await attempt("owner@example.com", `wrong ${i} password`, "198.51.100.7")),
      ).toBe("Password is incorrect.");
    }
    expect(await message(await attempt("owner@example.com", PASSWORD, "198.51.100.7"))).toMatch(
      /^Too many attempts/,
    );
    expect(await database.db.select().from(staffSessions)).toEqual([]);
  });

  it("limits failures per account across addresses too", async () => {
    await createOrResetStaffUser(database.db, "owner@example.com", PASSWORD);
    for (let i = 0; i < 10; i++)
      await attempt("owner@example.com", "wrong password!", `203.0.113.${i}`);
    expect(await message(await attempt("owner@example.com", PASSWORD, "203.0.113.200"))).toMatch(
      /^Too many attempts/,
    );
    // Another account from a fresh address is not affected.
    await createOrResetStaffUser(database.db, "manager@example.com", PASSWORD);
    const other = (await attempt("manager@example.com", PASSWORD, "203.0.113.201")) as Response;
    expect(other.status).toBe(302);
  });
});
