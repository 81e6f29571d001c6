import { data, Link, redirect } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";
import { Photo } from "~/components/photo";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { pageMeta, salonNameOf, titled } from "~/lib/meta";
import { largestPhotoUrl } from "~/lib/photo-view";
import type { RouteHandle } from "~/lib/route-handle";
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

export const loader = readsQuery(PhotoQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const address = read.data.photo;
  if (!address) throw redirect("/gallery");
  const item = await findVisibleGalleryPhoto(context.db, address);
  if (!item) throw data("No such photo", { status: 404 });
  const { photo, alt, caption } = item;
  return { photo: { address: item.address, photo, alt, caption } };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const item = loaderData?.photo;
  if (!item) return [{ title: titled(matches, "Photo not found") }];
  const name = item.caption || "A design from our gallery";
  return pageMeta(matches, {
    title: titled(matches, `${name} | Gallery`),
    description: `${name}: ${item.alt}. A design from the ${salonNameOf(matches)} gallery.`,
    path: `/gallery-photo?photo=${item.address}`,
    image: largestPhotoUrl(item.photo),
    imageAlt: item.alt,
  });
};

export default function GalleryPhoto({ loaderData }: Route.ComponentProps) {
  const { photo: item } = loaderData;
  return (
    <div className="page photo-page">
      <Link to="/gallery" className="back-link" aria-label="Back to gallery">
        <ArrowLeftIcon />
        <span aria-hidden="true">Gallery</span>
      </Link>
      <figure className="photo-page__figure">
        <Photo photo={item.photo} alt={item.alt} sizes="(min-width: 900px) 800px, 100vw" priority />
        <figcaption>
          <h1>{item.caption || "A design from our gallery"}</h1>
        </figcaption>
      </figure>
      <p className="button-row button-row--center">
        <Link className="button" to="/schedule">
          Book this look
        </Link>
      </p>
    </div>
  );
}
