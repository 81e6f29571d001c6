import { images } from "~/content/images";
import type { Locale } from "~/domain/i18n/locale";
import { languageTagOf } from "~/domain/i18n/locale-path";
import { formatAddressLine, mapsUrl, type SalonDetails } from "~/domain/salon/salon-details";
import { useLocale } from "~/lib/i18n";
import { useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { imageAlt } from "./picture";

const span = 0.006;

function interactiveSrcOf({ latitude, longitude }: SalonDetails["geo"]): string {
  return `https://www.openstreetmap.org/export/embed.html?bbox=${longitude - span}%2C${latitude - span / 2}%2C${longitude + span}%2C${latitude + span / 2}&layer=mapnik&marker=${latitude}%2C${longitude}`;
}

// The map starts as our own drawing inside the iframe (no third-party request on
// page load: private, fast, works offline) and becomes the live map on request.
// In the page's language: its `lang` and its alt text ("... The pin marks <address>.").
function drawnMapDocument(business: SalonDetails, locale: Locale): string {
  const map = images.map;
  const srcset = map.widths.map((w) => `/images/${map.name}-${w}.webp ${w}w`).join(", ");
  const lang = locale === "es" ? languageTagOf(locale) : "en";
  const pin = m.map_pin({ address: formatAddressLine(business) }, { locale });
  const alt = `${imageAlt("map", locale)}. ${pin}`.replace(/"/g, "&quot;");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}img{display:block;width:100%;height:100%;object-fit:cover}</style></head><body><img src="/images/${map.name}-${map.widths[0]}.webp" srcset="${srcset}" sizes="100vw" alt="${alt}"></body></html>`;
}

/** The drawn map; "Load interactive map" swaps in the live one (app/lib/page-enhancements.ts). */
export function MapEmbed() {
  const business = useSalon();
  const locale = useLocale();
  const address = formatAddressLine(business);
  return (
    <div className="map">
      <iframe
        id="map-frame"
        className="map__frame"
        title={m.map_title({ name: business.name, address }, { locale })}
        srcDoc={drawnMapDocument(business, locale)}
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
          {m.map_load({}, { locale })}
        </button>
        <a className="text-link" href={mapsUrl(business)} target="_blank" rel="noopener noreferrer">
          {m.map_open({}, { locale })}
        </a>
      </div>
    </div>
  );
}
