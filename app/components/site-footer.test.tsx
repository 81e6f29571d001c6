import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SocialLinks } from "./site-footer";

describe("SocialLinks", () => {
  it("shows no icon while no link is set", () => {
    const none = [
      { network: "Instagram", url: "" },
      { network: "TikTok", url: "" },
    ] as const;
    expect(renderToString(<SocialLinks links={none} name="2 x 10 Nails & Spa" />)).toBe("");
  });

  it("shows an icon for each link set only, named after the salon", () => {
    const html = renderToString(
      <SocialLinks
        links={[
          { network: "Instagram", url: "https://www.instagram.com/example" },
          { network: "Facebook", url: "" },
        ]}
        name="Studio & Co"
      />,
    );
    expect(html).toContain('href="https://www.instagram.com/example"');
    expect(html).toContain('aria-label="Studio &amp; Co on Instagram"');
    expect(html).not.toContain("Facebook");
  });
});
