import { data, Link, redirect } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";
import { Picture } from "~/components/picture";
import { findGalleryPhoto } from "~/content/gallery-photos";
import { images } from "~/content/images";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { countPageView } from "~/services/site/page-views.server";
import type { Route } from "./+types/gallery-photo";

export const handle = {
  page: "Gallery Photo",
  cache: "static",
  query: ["photo"],
  styles: ["photo"],
} satisfies RouteHandle;

// docs/product.md#route-table: the selected photo is named in the address so a reload or a
// shared link shows it; with none selected the visitor goes back to the gallery.
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("photo");
  if (!id) throw redirect("/gallery");
  const photo = findGalleryPhoto(id);
  if (!photo) throw data("No such photo", { status: 404 });
  await countPageView(context.db, request, handle.page);
  return { photo };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const photo = loaderData?.photo;
  if (!photo) return [{ title: "Photo not found | 2 x 10 Nails & Spa" }];
  const image = images[photo.image];
  return pageMeta(siteUrlOf(matches), {
    title: `${photo.title} | Gallery | 2 x 10 Nails & Spa`,
    description: `${photo.title}: ${image.alt}. A design from the 2 x 10 Nails & Spa gallery.`,
    keywords: ["nail art Chicago", photo.title],
    path: `/gallery-photo?photo=${photo.id}`,
    image: `/images/${image.name}-${image.widths.at(-1)}.webp`,
    imageAlt: image.alt,
  });
};

export default function GalleryPhoto({ loaderData }: Route.ComponentProps) {
  const { photo } = loaderData;
  return (
    <div className="page photo-page">
      <Link to="/gallery" className="back-link" aria-label="Back to gallery">
        <ArrowLeftIcon />
        <span aria-hidden="true">Gallery</span>
      </Link>
      <figure className="photo-page__figure">
        <Picture image={photo.image} sizes="(min-width: 900px) 800px, 100vw" priority />
        <figcaption>
          <h1>{photo.title}</h1>
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
