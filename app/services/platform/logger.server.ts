// The server's log (docs/operations.md#logs): one JSON object per line in production, for a log
// collector; readable lines in `npm run dev`. Customers' details never reach it: requests are
// logged by method and path only (no query string: the manage link's token is in it), and fields
// named like an email, phone, password, token or cookie are replaced wherever they appear.
import pino from "pino";

// `npm run dev` sets NODE_ENV=development; the server in production, the tests and the command-line
// tools write JSON.
const pretty = process.env.NODE_ENV === "development";

export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  redact: {
    paths: [
      "email",
      "phone",
      "password",
      "token",
      "cookie",
      "*.email",
      "*.phone",
      "*.password",
      "*.token",
      "*.cookie",
    ],
    censor: "[redacted]",
  },
  ...(pretty
    ? {
        transport: {
          target: "pino-pretty",
          options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" },
        },
      }
    : {}),
});
