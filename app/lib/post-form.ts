/**
 * The islands' posts (docs/decisions/014-islands.md): a form's fields, URL-encoded as the
 * browser itself would send them, to one of our JSON endpoints. Resolves with the answer, or
 * null when none came (no connection) or it was not one of ours.
 */
export async function postForm<T extends { ok: boolean }>(
  url: string,
  form: FormData,
): Promise<T | null> {
  const body = new URLSearchParams();
  for (const [name, value] of form) body.append(name, String(value));
  try {
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    const answer: unknown = await response.json();
    return typeof answer === "object" && answer !== null && "ok" in answer ? (answer as T) : null;
  } catch {
    return null;
  }
}
