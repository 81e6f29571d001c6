import { Link } from "react-router";
import { Picture } from "~/components/picture";
import { galleryPhotos } from "~/content/gallery-photos";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { countPageView } from "~/services/site/page-views.server";
import type { Route } from "./+types/gallery";

export const handle = {
  page: "Gallery",
  cache: "static",
  listed: true,
  styles: ["gallery"],
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await countPageView(context.db, request, handle.page);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "Gallery | 2 x 10 Nails & Spa",
    description:
      "Nail designs from our studio: French, ombre, chrome, marble, florals, glitter and more. Find your next set and book it online.",
    keywords: ["nail art Chicago", "nail designs", "chrome nails", "French manicure"],
    path: "/gallery",
  });

export default function Gallery() {
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">Our work</p>
        <h1>Gallery</h1>
        <p className="lead">A few favorite sets. Choose one to see it up close.</p>
      </header>
      <ul className="gallery-grid">
        {galleryPhotos.map((photo, index) => (
          <li key={photo.id}>
            <Link to={`/gallery-photo?photo=${photo.id}`} className="gallery-grid__link">
              <Picture
                image={photo.image}
                sizes="(min-width: 1100px) 340px, (min-width: 700px) 31vw, 50vw"
                priority={index < 2}
              />
              <span className="gallery-grid__caption">{photo.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
