import { Link, useSubmit } from "react-router";

/**
 * The staff navigation's Sign Out. Signing out is a POST to /login (a link alone must not end a
 * session: any page could embed it). Without JavaScript the link opens /login?signout, which
 * offers the same POST as a button.
 */
export function SignOutLink() {
  const submit = useSubmit();
  return (
    <Link
      to="/login?signout"
      onClick={(event) => {
        event.preventDefault();
        submit({ intent: "signout" }, { method: "post", action: "/login" });
      }}
    >
      Sign Out
    </Link>
  );
}
