import { pageMeta, siteUrlOf } from "~/lib/meta";
import { countPageView } from "~/server/page-views.server";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  await countPageView(context.db, request, "Login");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteUrlOf(matches), {
    title: "Staff Log In | 2 x 10 Nails & Spa",
    description: "Sign-in for the staff of 2 x 10 Nails & Spa.",
    keywords: ["staff login"],
    path: "/login",
  }),
  { name: "robots", content: "noindex" },
];

// Staff sign-in arrives with the staff-accounts issue; this is its page.
export default function Login() {
  return (
    <div className="page page--narrow">
      <form className="form form--narrow" method="post" aria-labelledby="login-title">
        <h1 id="login-title">Log In</h1>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            placeholder="you@example.com"
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
          />
        </div>
        <button type="submit" className="button" disabled>
          Let's Go
        </button>
        <p className="form__note">Staff sign-in is not open yet.</p>
      </form>
    </div>
  );
}
