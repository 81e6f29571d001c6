import { images } from "~/content/images";
import { formatAddressLine, mapsUrl, type SalonDetails } from "~/domain/salon/salon-details";
import { useSalon } from "~/lib/salon";

const span = 0.006;

function interactiveSrcOf({ latitude, longitude }: SalonDetails["geo"]): string {
  return `https://www.openstreetmap.org/export/embed.html?bbox=${longitude - span}%2C${latitude - span / 2}%2C${longitude + span}%2C${latitude + span / 2}&layer=mapnik&marker=${latitude}%2C${longitude}`;
}

// The map starts as our own drawing inside the iframe (no third-party request on
// page load: private, fast, works offline) and becomes the live map on request.
function drawnMapDocument(business: SalonDetails): string {
  const map = images.map;
  const srcset = map.widths.map((w) => `/images/${map.name}-${w}.webp ${w}w`).join(", ");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}img{display:block;width:100%;height:100%;object-fit:cover}</style></head><body><img src="/images/${map.name}-${map.widths[0]}.webp" srcset="${srcset}" sizes="100vw" alt="${map.alt}. The pin marks ${formatAddressLine(business)}."></body></html>`;
}

/** The drawn map; "Load interactive map" swaps in the live one (app/lib/page-enhancements.ts). */
export function MapEmbed() {
  const business = useSalon();
  return (
    <div className="map">
      <iframe
        id="map-frame"
        className="map__frame"
        title={`Map showing ${business.name} at ${formatAddressLine(business)}`}
        srcDoc={drawnMapDocument(business)}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
      <div className="map__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          aria-controls="map-frame"
          data-live-map
          data-src={interactiveSrcOf(business.geo)}
        >
          Load interactive map
        </button>
        <a className="text-link" href={mapsUrl(business)} target="_blank" rel="noopener noreferrer">
          Open in Maps
        </a>
      </div>
    </div>
  );
}
