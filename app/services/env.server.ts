import { z } from "../domain/zod";

// Configuration comes from the environment and is validated once, at start (docs/configuration.md).
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  /** Folder of the embedded database (PGlite), used when DATABASE_URL is unset. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** A PostgreSQL server, e.g. postgres://user:pass@host:5432/salon. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  /** e.g. smtp://user:pass@smtp.example.com:587; unset keeps emails in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  EMAIL_FROM: z.string().min(3).default("2 x 10 Nails & Spa <no-reply@2x10nails.example.com>"),
  /** Customers may move or cancel online until this many hours before the start (then by phone). */
  MANAGE_CUTOFF_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** The reminder email goes this many hours before the appointment. */
  REMINDER_HOURS_BEFORE: z.coerce.number().min(1).max(720).default(24),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration in the environment:\n${problems}`);
  }
  return parsed.data;
}

export interface BookingPolicy {
  /** Online moves and cancellations end this long before the start. */
  manageCutoffMs: number;
  /** The reminder is due this long before the start. */
  reminderLeadMs: number;
}

let policy: BookingPolicy | undefined;

/** The booking settings of the environment (validated at start by readEnv in server.ts). */
export function bookingPolicy(): BookingPolicy {
  if (!policy) {
    const env = readEnv();
    policy = {
      manageCutoffMs: env.MANAGE_CUTOFF_HOURS * 3_600_000,
      reminderLeadMs: env.REMINDER_HOURS_BEFORE * 3_600_000,
    };
  }
  return policy;
}
