import { isIP } from "node:net";
import { z } from "../../domain/zod";

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
  /** One customer (same email or phone) holds at most this many upcoming online bookings. */
  BOOKING_MAX_UPCOMING: z.coerce.number().int().min(1).max(100).default(6),
  /**
   * One client address's online bookings of one salon day booked outright; its next ones are pending
   * until confirmed by email (docs/product.md#pending-bookings).
   */
  ONLINE_BOOKINGS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(2),
  /** One client address's online bookings of one salon day in all, pending ones included. */
  ONLINE_BOOKINGS_PER_DAY_MAX: z.coerce.number().int().min(1).max(1000).default(6),
  /** A time a visitor chose is held for them this long (docs/product.md#holds). */
  HOLD_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** After this long, a freed time emailed to the first on the waitlist goes to the next too (docs/product.md#waitlist). */
  WAITLIST_OFFER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /**
   * Day listings one client address may ask for in 10 minutes (docs/security.md#listing-budget): a list of
   * times costs one per service of the search, a month of the calendar one per day and service.
   */
  LISTING_BUDGET: z.coerce.number().int().min(100).max(1_000_000).default(1000),
  /** The reminder email goes this many hours before the appointment. */
  REMINDER_HOURS_BEFORE: z.coerce.number().min(1).max(720).default(24),
  /**
   * The proxies in front of the server, whose X-Forwarded-* headers are believed: a hop count
   * ("1"), or their addresses or CIDRs ("127.0.0.1, 10.0.0.0/8"); "true" is one hop. The client
   * address is then the right-most one that is not a trusted proxy: a client can never choose it.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context): false | number | string[] => {
      const text = value.trim();
      if (text === "false" || text === "0" || text === "") return false;
      if (text === "true") return 1;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(",").map((entry) => entry.trim());
      const bad = entries.filter((entry) => !isAddressOrCidr(entry));
      if (bad.length > 0) {
        context.addIssue({
          code: "custom",
          message: `not a hop count, an address or a CIDR: ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** A staff session ends this many hours after sign-in, however active (and after 8 idle hours). */
  SESSION_MAX_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** A scraper elsewhere reads /metrics with `Authorization: Bearer <token>`; unset: loopback only. */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /** The server writes a backup there once a day (docs/backups.md); unset: no daily backup. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many daily backups are kept in BACKUP_DIR (the oldest beyond are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  /** The largest request body accepted, in bytes; larger ones get 413 before they are read. */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
  /**
   * The largest photo upload (a multipart post to a Site upload page) in bytes; larger ones get
   * 413 and store nothing (docs/security.md).
   */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(200 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  /**
   * A photo upload whose body makes no progress this long (no byte arrives) is cut off: 408, its
   * memory and spooled files freed (docs/security.md#upload-limits).
   */
  UPLOAD_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * No-show protection through Stripe (docs/payments.md): the account's secret key and the webhook
   * endpoint's signing secret, both or neither; unset, the feature is off and booking is as before.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
      "must be a secret key, sk_test_... or sk_live_...",
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, "must be a webhook signing secret, whsec_...")
    .optional(),
  /** Where the Stripe client sends its requests instead of Stripe's API: a local stand-in in tests. */
  STRIPE_API_BASE: z
    .url()
    .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), "must be http(s)://host[:port] only")
    .optional(),
});

/** Checks between variables: Stripe's two keys come together. */
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
    const missing =
      env.STRIPE_SECRET_KEY === undefined ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
    context.addIssue({
      code: "custom",
      path: [missing],
      message: "set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither",
    });
  }
});

function isAddressOrCidr(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = CheckedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration in the environment:\n${problems}`);
  }
  return parsed.data;
}

interface BookingPolicy {
  /** Online moves and cancellations end this long before the start. */
  manageCutoffMs: number;
  /** The reminder is due this long before the start. */
  reminderLeadMs: number;
  /** Upcoming online bookings one customer may hold (docs/product.md#booking-limit). */
  maxUpcoming: number;
  /** How long a chosen time is held for its visitor (docs/product.md#holds). */
  holdMs: number;
  /** After this long the next in line is emailed a freed time too (docs/product.md#waitlist). */
  waitlistOfferMs: number;
  /** Day listings per client in 10 minutes (LISTING_BUDGET). */
  listingBudget: number;
  /** One client's online bookings of a day: booked outright, and in all (pending included). */
  onlineDay: { booked: number; total: number };
}

let policy: BookingPolicy | undefined;
let sessionMax: number | undefined;

/** How long a staff session may last from sign-in, in ms (SESSION_MAX_HOURS). */
export function sessionMaxMs(): number {
  sessionMax ??= readEnv().SESSION_MAX_HOURS * 3_600_000;
  return sessionMax;
}

/** The booking settings of the environment (validated at start by readEnv in server.ts). */
export function bookingPolicy(): BookingPolicy {
  if (!policy) {
    const env = readEnv();
    policy = {
      manageCutoffMs: env.MANAGE_CUTOFF_HOURS * 3_600_000,
      reminderLeadMs: env.REMINDER_HOURS_BEFORE * 3_600_000,
      maxUpcoming: env.BOOKING_MAX_UPCOMING,
      holdMs: env.HOLD_SECONDS * 1000,
      waitlistOfferMs: env.WAITLIST_OFFER_MINUTES * 60_000,
      listingBudget: env.LISTING_BUDGET,
      onlineDay: {
        booked: env.ONLINE_BOOKINGS_PER_DAY,
        total: Math.max(env.ONLINE_BOOKINGS_PER_DAY, env.ONLINE_BOOKINGS_PER_DAY_MAX),
      },
    };
  }
  return policy;
}

/** Where the daily backups go (BACKUP_DIR), if they are on: the dashboard says when they are off. */
export function backupDir(): string | undefined {
  return readEnv().BACKUP_DIR;
}

let uploadMax: number | undefined;

/** The largest photo upload in bytes (UPLOAD_MAX_BYTES). */
export function uploadMaxBytes(): number {
  uploadMax ??= readEnv().UPLOAD_MAX_BYTES;
  return uploadMax;
}

/** Stripe's configuration when both keys are set (docs/payments.md); undefined: payments are off. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The API's address when it is not Stripe's own (STRIPE_API_BASE). */
  apiBase?: URL;
}

export function stripeSettings(
  source: NodeJS.ProcessEnv = process.env,
): StripeSettings | undefined {
  const env = readEnv(source);
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    ...(env.STRIPE_API_BASE ? { apiBase: new URL(env.STRIPE_API_BASE) } : {}),
  };
}

/** Whether email can leave (SMTP_URL is set); the dashboard says so plainly when it cannot. */
export function emailConfigured(): boolean {
  return readEnv().SMTP_URL !== undefined;
}
