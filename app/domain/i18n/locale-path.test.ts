import { describe, expect, it } from "vitest";
import {
  englishPath,
  hreflangPaths,
  linksInLanguage,
  localeOfPath,
  localizedPath,
} from "./locale-path";

describe("a page's language is its path", () => {
  it("reads /es and what is under it as Spanish, nothing else", () => {
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/es/services")).toBe("es");
    expect(localeOfPath("/services")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
    // A path that only begins with the letters is not Spanish.
    expect(localeOfPath("/escape")).toBe("en");
  });

  it("moves a path between the languages, keeping its query", () => {
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/services", "es")).toBe("/es/services");
    expect(localizedPath("/es/services", "es")).toBe("/es/services");
    expect(localizedPath("/es", "en")).toBe("/");
    expect(localizedPath("/es/manage?token=abc", "en")).toBe("/manage?token=abc");
    expect(localizedPath("/manage?token=abc", "es")).toBe("/es/manage?token=abc");
    expect(englishPath("/es/schedule/book")).toBe("/schedule/book");
  });
});

describe("a page's hreflang alternates", () => {
  it("name both languages and x-default (English) for a page in both", () => {
    expect(hreflangPaths("/es/services")).toEqual([
      { hreflang: "en-US", path: "/services" },
      { hreflang: "es-US", path: "/es/services" },
      { hreflang: "x-default", path: "/services" },
    ]);
  });

  it("name only its own address for a page in one language, x-default only when English", () => {
    expect(hreflangPaths("/blogpost?post=a", ["es"])).toEqual([
      { hreflang: "es-US", path: "/es/blogpost?post=a" },
    ]);
    expect(hreflangPaths("/es/blogpost?post=a", ["en"])).toEqual([
      { hreflang: "en-US", path: "/blogpost?post=a" },
      { hreflang: "x-default", path: "/blogpost?post=a" },
    ]);
  });
});

describe("an owner's text's links to the site", () => {
  const pages = ["/", "/services", "/schedule", "/es", "/es/services", "/es/schedule"];
  const body =
    '<p><a href="/schedule?category=Gel+Polish&amp;service=x#times">Reserve</a>, ' +
    '<a href="/">home</a>, <a href="/photos/a-1200.webp">photo</a>, ' +
    '<a href="https://example.com/">elsewhere</a>, <a href="/es/services">menú</a>, ' +
    '<a href="/blog/feed.xml">feed</a></p>';

  it("open the Spanish pages from a Spanish post, query and fragment kept", () => {
    expect(linksInLanguage(body, "es", pages)).toBe(
      '<p><a href="/es/schedule?category=Gel+Polish&amp;service=x#times">Reserve</a>, ' +
        '<a href="/es">home</a>, <a href="/photos/a-1200.webp">photo</a>, ' +
        '<a href="https://example.com/">elsewhere</a>, <a href="/es/services">menú</a>, ' +
        '<a href="/blog/feed.xml">feed</a></p>',
    );
  });

  it("stay as written in an English post", () => {
    expect(linksInLanguage(body, "en", pages)).toBe(body);
  });
});
