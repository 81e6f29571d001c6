import type { Route } from "./+types/contact-send";
import { attemptContact } from "./contact-send.server";

/**
 * The contact island's POST (app/islands/contact-island.tsx): the same attempt, limit and answers as
 * /contact's action, as JSON. Sending is not a page view: none is counted.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const attempt = await attemptContact(request, context);
  return Response.json(attempt.body, {
    status: attempt.status,
    headers: { ...attempt.headers, "Cache-Control": "no-store" },
  });
}
