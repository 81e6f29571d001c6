import { useActionData } from "react-router";
import { GalleryItemEditor } from "~/components/site/gallery-item-editor";
import { GalleryUploadForm } from "~/components/site/gallery-upload-form";
import type { GalleryActionResult } from "~/components/site/site-gallery-types";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { listGallery } from "~/services/site/gallery.server";
import { ALT_MAX, CAPTION_MAX } from "~/services/site/gallery-changes.server";
import {
  MAX_UPLOAD_FILES,
  tooLargeMessage,
  uploadLimitForBrowser,
} from "~/services/site/photo-upload.server";
import type { Route } from "./+types/site-gallery";
import { siteGalleryAction } from "./site-gallery-action.server";

// 'Gallery' (docs/product.md#gallery-and-photos): any staff account. Plain forms that work
// without JavaScript; the upload is a document post (reloadDocument) so that an upload over
// UPLOAD_MAX_BYTES shows the request guard's 413 page (server/request-guard.ts) to a browser that
// sent it anyway (the form refuses it before sending when it can). Each change
// runs with its record in the staff's activity log in one transaction; /gallery shows it at the
// next request (the site version, drizzle/0023).

export const handle = {
  hydrate: true,
  styles: ["dialog", "button-danger", "site-gallery"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const items = await listGallery(context.db);
  return {
    items: items.map(({ id, photo, alt, caption, hidden, shown }) => ({
      id,
      photo,
      alt,
      caption,
      hidden,
      shown,
    })),
    limit: tooLargeMessage().replace("The photo is larger than ", ""),
    maxFiles: MAX_UPLOAD_FILES,
    upload: uploadLimitForBrowser(),
    altMax: ALT_MAX,
    captionMax: CAPTION_MAX,
  };
}

// Every change on this page (app/routes/site-gallery-action.server.ts).
export const action = (args: Route.ActionArgs) => siteGalleryAction(args);

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Gallery");

export default function SiteGallery({ loaderData }: Route.ComponentProps) {
  const result = useActionData<GalleryActionResult>();
  const { items, limit, maxFiles } = loaderData;
  const uploadResult = result?.intent === "upload" ? result : undefined;
  // The first photo still without alt text: where the cursor goes after an upload.
  const firstMissing = items.find((item) => item.alt === "")?.id;
  const otherResult = result && result.intent !== "upload" && !result.id ? result : undefined;
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Gallery</h1>
        <p className="lead">
          Photos of your work on the Gallery page, in this order. A new photo goes first, and shows
          once it has its alt text.
        </p>
      </header>
      <GalleryUploadForm
        result={uploadResult}
        limit={limit}
        maxFiles={maxFiles}
        upload={loaderData.upload}
      />
      <section aria-labelledby="photos-title" className="staff-section">
        <h2 id="photos-title">On the gallery page</h2>
        {otherResult ? (
          <p
            className={otherResult.ok ? "site-gallery__message" : "field__error"}
            role={otherResult.ok ? "status" : "alert"}
          >
            {otherResult.message}
          </p>
        ) : null}
        {items.length === 0 ? (
          <p>No photos yet: the Gallery page says new ones are on their way.</p>
        ) : (
          <ol className="site-gallery__list">
            {items.map((item, index) => (
              <GalleryItemEditor
                key={item.id}
                item={item}
                number={index + 1}
                first={index === 0}
                last={index === items.length - 1}
                result={result?.intent !== "upload" && result?.id === item.id ? result : undefined}
                focus={uploadResult?.ok === true && item.id === firstMissing}
                limits={loaderData}
              />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
