import { data, Link, redirect } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";
import { Photo } from "~/components/photo";
import { localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { localeOfMatches, pageMeta, salonNameOf, titled } from "~/lib/meta";
import { largestPhotoUrl } from "~/lib/photo-view";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { readsQuery } from "~/services/platform/query.server";
import { findVisibleGalleryPhoto } from "~/services/site/gallery.server";
import type { Route } from "./+types/gallery-photo";

export const handle = {
  page: "Gallery Photo",
  cache: "static",
  query: ["photo"],
  styles: ["photo"],
} satisfies RouteHandle;

// docs/product.md#route-table: the selected photo is named in the address so a reload or a
// shared link shows it; with none selected the visitor goes back to the gallery. A photo staff
// hid or deleted, or one still without alt text, is not found.
/** What it reads of its address (docs/security.md#queries). */
const PhotoQuery = z.object({ photo: queryLine(200) });

export const loader = readsQuery(
  PhotoQuery,
  async ({ request, context }: Route.LoaderArgs, read) => {
    if (!read.ok) throw data("This address could not be read.", { status: 400 });
    const address = read.data.photo;
    // Back to the gallery in the page's language.
    if (!address)
      throw redirect(localizedPath("/gallery", localeOfPath(new URL(request.url).pathname)));
    const item = await findVisibleGalleryPhoto(context.db, address);
    if (!item) throw data("No such photo", { status: 404 });
    const { photo, alt, caption } = item;
    return { photo: { address: item.address, photo, alt, caption } };
  },
);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const locale = localeOfMatches(matches);
  const item = loaderData?.photo;
  if (!item) return [{ title: titled(matches, m.photo_not_found({}, { locale })) }];
  // The caption and alt text are the staff's words (docs/product.md#gallery-and-photos).
  const name = item.caption || m.photo_default_name({}, { locale });
  return pageMeta(matches, {
    title: titled(matches, m.photo_title({ name }, { locale })),
    description: m.photo_description(
      { name, alt: item.alt, salon: salonNameOf(matches) },
      { locale },
    ),
    path: `/gallery-photo?photo=${item.address}`,
    image: largestPhotoUrl(item.photo),
    imageAlt: item.alt,
  });
};

export default function GalleryPhoto({ loaderData }: Route.ComponentProps) {
  const { photo: item } = loaderData;
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <div className="page photo-page">
      <Link to={to("/gallery")} className="back-link" aria-label={m.photo_back({}, { locale })}>
        <ArrowLeftIcon />
        <span aria-hidden="true">{m.gallery_heading({}, { locale })}</span>
      </Link>
      <figure className="photo-page__figure">
        <Photo photo={item.photo} alt={item.alt} sizes="(min-width: 900px) 800px, 100vw" priority />
        <figcaption>
          <h1>{item.caption || m.photo_default_name({}, { locale })}</h1>
        </figcaption>
      </figure>
      <p className="button-row button-row--center">
        <Link className="button" to={to("/schedule")}>
          {m.photo_book({}, { locale })}
        </Link>
      </p>
    </div>
  );
}
