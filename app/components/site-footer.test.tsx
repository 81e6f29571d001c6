import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { SocialLinks } from "./site-footer";

describe("SocialLinks", () => {
  it("shows no icon while no link is configured (the default)", () => {
    expect(business.social.every((link) => link.url === "")).toBe(true);
    expect(renderToString(<SocialLinks links={business.social} />)).toBe("");
  });

  it("shows an icon for each configured link only", () => {
    const html = renderToString(
      <SocialLinks
        links={[
          { network: "Instagram", url: "https://www.instagram.com/example" },
          { network: "Facebook", url: "" },
        ]}
      />,
    );
    expect(html).toContain('href="https://www.instagram.com/example"');
    expect(html).toContain(`aria-label="${business.name.replace("&", "&amp;")} on Instagram"`);
    expect(html).not.toContain("Facebook");
  });
});
