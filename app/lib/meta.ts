import type { MetaDescriptor } from "react-router";
import type { Locale } from "~/domain/i18n/locale";
import { hreflangPaths, localizedPath } from "~/domain/i18n/locale-path";
import { pickText } from "~/domain/i18n/localized-text";
import type { SalonDetails } from "~/domain/salon/salon-details";
import { m } from "~/paraglide/messages.js";

interface PageMeta {
  title: string;
  description: string;
  /** The route's path, e.g. "/services"; query strings only where they name content. */
  path: string;
  /** Site-relative path of the sharing image. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** A page in English only (Log In): no Spanish alternate. */
  englishOnly?: boolean;
  /**
   * A page in the page's language only (a blog post, docs/product.md#blog-posts): its other
   * language's address is no page of its own, so its hreflang names only itself (and x-default
   * when English), and no og:locale:alternate.
   */
  oneLanguage?: boolean;
}

/** The first start's name: what a page says if the root loader could not read the salon's. */
const SEED_NAME = "2 x 10 Nails & Spa";

/** The logo and titles of an error page whose root loader failed (the database is down). */
export const FALLBACK_SALON_NAME = { name: SEED_NAME, shortName: "2 x 10" } as const;

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * The language of the page the matches render: a Spanish page is a route app/routes.ts declares
 * twice, its Spanish twin under an id starting "es/".
 */
export function localeOfMatches(matches: Matches): Locale {
  return matches.some((match) => match?.id.startsWith("es/")) ? "es" : "en";
}

/**
 * The page's languages for search engines (docs/product.md#languages): en-US, es-US and
 * x-default (the English page), each an absolute URL from configuration, the same on both pages;
 * a page in one language names only itself.
 */
function alternateLinks(siteUrl: string, path: string, locales?: Locale[]): MetaDescriptor[] {
  return hreflangPaths(path, locales).map((alternate) => ({
    tagName: "link",
    rel: "alternate",
    hrefLang: alternate.hreflang,
    href: `${siteUrl}${alternate.path}`,
  }));
}

/** The origin of meta tags on a page without a resolved one (an error page). */
const DEFAULT_SITE_URL = "https://www.2x10nails.example.com";

/**
 * Title, description, canonical link, Open Graph and Twitter tags for a page, with the
 * site's origin and the salon's name the root loader read.
 */
export function pageMeta(matches: Matches, page: PageMeta): MetaDescriptor[] {
  const siteUrl = siteUrlOf(matches);
  const salon = salonOf(matches);
  const locale = page.englishOnly ? "en" : localeOfMatches(matches);
  const url = `${siteUrl}${localizedPath(page.path, locale)}`;
  const image = `${siteUrl}${page.image ?? "/images/og.jpg"}`;
  const siteName = salonNameOf(matches);
  // The tagline in the page's language: the owner's Spanish where written (docs/product.md#languages).
  const tagline = salon && pickText(locale, salon.tagline, salon.taglineEs).text;
  const imageAlt = page.imageAlt ?? (salon ? `${salon.name}, ${tagline}` : siteName);
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.englishOnly
      ? []
      : alternateLinks(siteUrl, page.path, page.oneLanguage ? [locale] : undefined)),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: locale === "es" ? "es_US" : "en_US" },
    ...(page.englishOnly || page.oneLanguage
      ? []
      : [{ property: "og:locale:alternate", content: locale === "es" ? "en_US" : "es_US" }]),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}

/** The site origin that the root loader resolved (PUBLIC_URL or the request's origin). */
export function siteUrlOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { siteUrl?: string }
    | undefined;
  return root?.siteUrl ?? DEFAULT_SITE_URL;
}

/** The salon's details the root loader read, for a page's meta; undefined if it failed. */
export function salonOf(matches: Matches): SalonDetails | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { salon?: SalonDetails }
    | undefined;
  return root?.salon;
}

/** The salon's name as the owner keeps it (docs/product.md#business-facts). */
export function salonNameOf(matches: Matches): string {
  return salonOf(matches)?.name ?? SEED_NAME;
}

/**
 * " in <the city>" (" en <the city>" on a Spanish page), as the owner keeps it; "" on an error
 * page whose root loader failed.
 */
export function inCityOf(matches: Matches, locale: Locale = "en"): string {
  const city = salonOf(matches)?.address.city;
  return city ? m.booking_in_city({ city }, { locale }) : "";
}

/** A page's title: "Contact Us | <the salon's name>". */
export function titled(matches: Matches, page: string): string {
  return `${page} | ${salonNameOf(matches)}`;
}

/**
 * How often a page waiting for Stripe's webhook asks again (a plain reload, no script): 40 of the
 * 60 lookups in 10 minutes its limit allows one address (docs/payments.md#booking).
 */
export const RELOAD_SECONDS = 15;

type ReturnMetaArgs<State> = { matches: Matches; loaderData?: { state: State } };

/**
 * The `meta` of a return page from Stripe's Checkout (docs/payments.md): private, titled by
 * `headingOf` its loader's `state` ('not-found' when it has none), and while that is 'waiting',
 * reloading itself every RELOAD_SECONDS until the webhook has come.
 */
export function returnPageMeta<State extends string>(
  headingOf: (state: State | "not-found", locale: Locale) => string,
) {
  return ({ matches, loaderData }: ReturnMetaArgs<State | "not-found">) => {
    const state = loaderData?.state ?? "not-found";
    const tags = privatePageMeta(matches, headingOf(state, localeOfMatches(matches)));
    return state === "waiting"
      ? [...tags, { httpEquiv: "refresh", content: String(RELOAD_SECONDS) }]
      : tags;
  };
}

/** A staff or personal page's tags: its title, and no search engine lists it. */
export function privatePageMeta(
  matches: Matches,
  page: string,
  robots = "noindex",
): MetaDescriptor[] {
  return [{ title: titled(matches, page) }, { name: "robots", content: robots }];
}
