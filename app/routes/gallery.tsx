import { Link } from "react-router";
import { Photo } from "~/components/photo";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { localeOfMatches, pageMeta, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { listVisibleGallery } from "~/services/site/gallery.server";
import type { Route } from "./+types/gallery";

export const handle = {
  page: "Gallery",
  cache: "static",
  listed: true,
  styles: ["gallery"],
} satisfies RouteHandle;

// The photos staff show, in their order (docs/product.md#gallery-and-photos); the page is kept
// under the site version, so a change in 'Site' > 'Gallery' shows at the next request.
export async function loader({ context }: Route.LoaderArgs) {
  const items = await listVisibleGallery(context.db);
  return {
    photos: items.map(({ id, address, photo, alt, caption }) => ({
      id,
      address,
      photo,
      alt,
      caption,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  return pageMeta(matches, {
    title: titled(matches, m.gallery_title({}, { locale })),
    description: m.gallery_description({}, { locale }),
    path: "/gallery",
  });
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">{m.gallery_eyebrow({}, { locale })}</p>
        <h1>{m.gallery_heading({}, { locale })}</h1>
        <p className="lead">{m.gallery_lead({}, { locale })}</p>
      </header>
      {photos.length === 0 ? (
        <p>{m.gallery_empty({}, { locale })}</p>
      ) : (
        <ul className="gallery-grid">
          {photos.map((item, index) => (
            <li key={item.id}>
              <Link to={to(`/gallery-photo?photo=${item.address}`)} className="gallery-grid__link">
                <Photo
                  photo={item.photo}
                  alt={item.alt}
                  className="gallery-grid__image"
                  sizes="(min-width: 1100px) 340px, (min-width: 700px) 31vw, 50vw"
                  priority={index < 2}
                />
                {item.caption ? (
                  <span className="gallery-grid__caption">{item.caption}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
