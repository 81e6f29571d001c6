// Staff accounts and passwords (docs/product.md#staff-accounts-and-sessions, docs/product.md#login-messages-and-rate-limits). Passwords are salted scrypt hashes; the
// sign-in answers use the spec's messages (section 8) exactly.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "../../domain/zod";
import type { Database } from "../db/client.server";
import { type StaffUser, staffUsers } from "../db/schema.server";
import { endSessionsOf } from "./session.server";

export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 200;
// N = 2^15, r = 8: about 32 MiB and a few tens of milliseconds per hash on our machines.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = SCRYPT;
  const key = await scryptAsync(password, salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const N = Number(n);
  const expected = Buffer.from(keyB64, "base64");
  const actual = await scryptAsync(password, Buffer.from(saltB64, "base64"), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 128 * N * Number(r) * 2,
  });
  return timingSafeEqual(actual, expected);
}

export const EmailSchema = z
  .string("Email has incorrect format.")
  .trim()
  .toLowerCase()
  .max(254, "Email has incorrect format.")
  .pipe(z.email("Email has incorrect format."));

/** A new password: long enough to resist guessing, short enough to hash cheaply. */
export const PasswordSchema = z
  .string(`Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);

type CreateStaffResult =
  /** `endedSessions`: a reset signs out everyone who was signed in as that account. */
  | { ok: true; created: boolean; user: StaffUser; endedSessions: number }
  | { ok: false; error: string };

/**
 * The command-line tool's: creates an owner account, or resets the password of an existing
 * account (keeping its role), ending that account's sessions in the same transaction: a reset is
 * how a leaked password or a lost device is dealt with, so whoever held a session is signed out
 * with it.
 */
export async function createOrResetStaffUser(
  db: Database,
  email: string,
  password: string,
): Promise<CreateStaffResult> {
  const parsedEmail = EmailSchema.safeParse(email);
  if (!parsedEmail.success) return { ok: false, error: "Email has incorrect format." };
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, error: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.` };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { ok: false, error: `The password may have at most ${MAX_PASSWORD_LENGTH} characters.` };
  }
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffUsers)
      .values({ email: parsedEmail.data, passwordHash, role: "owner" })
      .onConflictDoUpdate({
        target: staffUsers.email,
        set: { passwordHash, updatedAt: sql`now()` },
      })
      .returning({
        id: staffUsers.id,
        email: staffUsers.email,
        role: staffUsers.role,
        // On insert created_at equals updated_at; an update moves only updated_at.
        created: sql<boolean>`${staffUsers.createdAt} = ${staffUsers.updatedAt}`,
      });
    if (!row) throw new Error("Saving the staff account returned no row.");
    const endedSessions = row.created ? 0 : await endSessionsOf(tx, row.id);
    return {
      ok: true,
      created: row.created,
      user: { id: row.id, email: row.email, role: row.role },
      endedSessions,
    };
  });
}

type SignInResult =
  | { ok: true; user: StaffUser }
  | { ok: false; field: "email" | "password"; message: string };

/** Checks an email and password, answering with the spec's messages (section 8). */
export async function authenticateStaff(
  db: Database,
  email: unknown,
  password: unknown,
): Promise<SignInResult> {
  const parsedEmail = EmailSchema.safeParse(typeof email === "string" ? email : "");
  if (!parsedEmail.success)
    return { ok: false, field: "email", message: "Email has incorrect format." };
  const [user] = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      role: staffUsers.role,
      passwordHash: staffUsers.passwordHash,
    })
    .from(staffUsers)
    .where(eq(staffUsers.email, parsedEmail.data));
  if (!user) return { ok: false, field: "email", message: "Email not found." };
  const candidate = typeof password === "string" ? password.slice(0, MAX_PASSWORD_LENGTH) : "";
  if (candidate === "" || !(await verifyPassword(candidate, user.passwordHash))) {
    return { ok: false, field: "password", message: "Password is incorrect." };
  }
  return { ok: true, user: { id: user.id, email: user.email, role: user.role } };
}

export function normaliseEmail(email: unknown): string {
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 254) : "";
}
