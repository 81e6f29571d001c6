import { readPhotoFile } from "~/services/site/photos.server";
import type { Route } from "./+types/photos";

// An uploaded photo's file, by its content-hashed name (docs/product.md#gallery-and-photos): the
// same name never holds other bytes, so browsers and proxies may keep it for a year.
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = await readPhotoFile(context.db, params.name);
  if (!file) {
    return new Response("No such photo", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
