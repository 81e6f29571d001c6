import { useEffect, useRef } from "react";
import {
  data,
  Form,
  redirect,
  type ShouldRevalidateFunction,
  useActionData,
  useNavigation,
} from "react-router";
import { useOverlay } from "~/components/overlays";
import { queryFlag } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { pageMeta, salonNameOf, titled } from "~/lib/meta";
import { retryAfter } from "~/lib/retry-after";
import type { RouteHandle } from "~/lib/route-handle";
import { clearedSessionCookie, readSessionId, sessionCookie } from "~/lib/staff-cookie.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { readsQuery } from "~/services/platform/query.server";
import { authenticateStaff, normaliseEmail } from "~/services/staff/auth.server";
import { createSession, destroySession, findStaffBySession } from "~/services/staff/session.server";
import {
  admitSignIn,
  recordFailedSignIn,
  TOO_MANY_SIGN_INS,
} from "~/services/staff/sign-in-limits.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/login";

/** React in the browser: the loading overlay while signing in. */
export const handle = {
  page: "Login",
  // A signed-in member is sent on to the dashboard, and that request counts too.
  pageViews: { redirects: true },
  hydrate: true,
  styles: ["forms", "login"],
} satisfies RouteHandle;

/** What it reads of its address (docs/security.md#queries). */
const SignOutQuery = z.object({ signout: queryFlag });

export const loader = readsQuery(
  SignOutQuery,
  async ({ request, context }: Route.LoaderArgs, read) => {
    if (!read.ok) throw data("This address could not be read.", { status: 400 });
    const user = await findStaffBySession(context.db, readSessionId(request.headers.get("Cookie")));
    const signingOut = read.data.signout;
    if (user && !signingOut) throw redirect("/dashboard");
    return { signedInAs: user?.email ?? null };
  },
);

/** Sign-in and sign-out; authenticateStaff checks the fields. */
const LoginForm = textFields("intent", "email", "password");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const read = form && parseForm(form, LoginForm);
  if (!read?.ok) return data({ error: "The form could not be read." }, 400);
  const { db } = context;

  if (read.data.intent === "signout") {
    const sessionId = readSessionId(request.headers.get("Cookie"));
    const user = await findStaffBySession(db, sessionId);
    await db.transaction(async (tx) => {
      await destroySession(tx, sessionId);
      if (user) await recordStaffAction(tx, user, "Signed out");
    });
    throw redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(context.secure) } });
  }

  // docs/product.md#login-messages-and-rate-limits (app/services/staff/sign-in-limits.server.ts).
  const email = normaliseEmail(read.data.email);
  const admitted = await admitSignIn(db, email, context.clientAddress);
  if (!admitted.admitted) {
    return data(
      { error: TOO_MANY_SIGN_INS, field: null },
      {
        status: 429,
        headers: { "Retry-After": retryAfter(admitted.retryAfterMs) },
      },
    );
  }
  const result = await authenticateStaff(db, read.data.email, read.data.password);
  if (!result.ok) {
    await recordFailedSignIn(db, email, context.clientAddress);
    return data({ error: result.message, field: result.field }, 401);
  }
  const sessionId = await db.transaction(async (tx) => {
    const sessionId = await createSession(tx, result.user.id);
    await recordStaffAction(tx, result.user, "Signed in");
    return sessionId;
  });
  throw redirect("/dashboard", {
    headers: { "Set-Cookie": sessionCookie(sessionId, context.secure) },
  });
}

// An action's headers (the limit's Retry-After) reach the browser only through this export.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

// A failed sign-in changes nothing the page shows: no reload, no extra page view.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: titled(matches, "Staff Log In"),
    description: `Sign-in for the staff of ${salonNameOf(matches)}.`,
    path: "/login",
    englishOnly: true,
  }),
  { name: "robots", content: "noindex" },
];

export default function Login({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const overlay = useOverlay();
  const showing = useRef(false);
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");

  // Spec: the loading overlay shows while sign-in runs.
  useEffect(() => {
    if (submitting && !showing.current) {
      showing.current = true;
      overlay.showLoading();
    } else if (!submitting && showing.current) {
      showing.current = false;
      overlay.hide();
    }
  }, [submitting, overlay]);
  // Signing in leaves this page while the overlay shows: take it down on the way out.
  useEffect(
    () => () => {
      if (showing.current) overlay.hide();
    },
    [overlay],
  );

  if (loaderData.signedInAs) {
    return (
      <div className="page page--narrow">
        <Form method="post" className="form form--narrow">
          <h1>Sign Out</h1>
          <p>You are signed in as {loaderData.signedInAs}.</p>
          <button type="submit" name="intent" value="signout" className="button">
            Sign Out
          </button>
        </Form>
      </div>
    );
  }

  const error = actionData?.error;
  const field = actionData && "field" in actionData ? actionData.field : null;
  return (
    <div className="page page--narrow">
      <Form method="post" className="form form--narrow" noValidate aria-labelledby="login-title">
        <h1 id="login-title">Log In</h1>
        <div className="field" data-invalid={field === "email" || undefined}>
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            placeholder="owner@example.com"
            maxLength={254}
            aria-invalid={field === "email" || undefined}
            aria-describedby="login-error"
          />
        </div>
        <div className="field" data-invalid={field === "password" || undefined}>
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={200}
            aria-invalid={field === "password" || undefined}
            aria-describedby="login-error"
          />
        </div>
        <button type="submit" className="button">
          Let's Go
        </button>
        <p id="login-error" className="login-error" role="alert">
          {error ?? ""}
        </p>
      </Form>
    </div>
  );
}
