import { describe, expect, it } from "vitest";
import { business } from "../../content/business";
import {
  button,
  greeting,
  mailto,
  note,
  paragraph,
  quote,
  renderEmail,
  rows,
  salonPhone,
} from "./email-blocks.server";

const typed = `<script>alert("hi")</script> & 'Maya'`;

describe("renderEmail", () => {
  it("says each sentence once in the blocks and in both parts", () => {
    const sentence = "Your appointment is confirmed. Here are the details:";
    const email = renderEmail({
      subject: "Confirmed",
      blocks: [greeting, paragraph(sentence), note("The attached file adds it to your calendar.")],
    });
    for (const part of [email.text, email.html]) {
      expect(part).toContain("Hello,");
      expect(part).toContain(sentence);
      expect(part).toContain("The attached file adds it to your calendar.");
    }
    expect(email.text.startsWith(`Hello,\n\n${sentence}\n\n`)).toBe(true);
  });

  it("escapes what a visitor typed in the HTML part and keeps it verbatim in the text part", () => {
    const message = `${typed}\n<img src=x onerror=alert(1)>`;
    const email = renderEmail({
      subject: `New question from ${typed}`,
      blocks: [
        paragraph(`Reply to answer ${typed} directly.`),
        rows([
          ["Name", typed],
          ["Email", mailto("maya@example.com")],
        ]),
        quote(message),
      ],
    });
    expect(email.text).toContain(`Reply to answer ${typed} directly.`);
    expect(email.text).toContain(`Name: ${typed}\nEmail: maya@example.com`);
    expect(email.text).toContain(message);
    const escaped = "&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &#39;Maya&#39;";
    expect(email.html).toContain(`Reply to answer ${escaped} directly.`);
    expect(email.html).toContain(`<strong>Name:</strong> ${escaped}`);
    // Line breaks are kept as <br> (some mail clients ignore white-space).
    expect(email.html).toContain(`${escaped}<br>\n&lt;img src=x onerror=alert(1)&gt;`);
    expect(email.html).toContain(`<title>New question from ${escaped}</title>`);
    expect(email.html).not.toMatch(/<script|<img/);
    expect(email.html).toContain('<a href="mailto:maya@example.com"');
  });

  it("shows a link's address in the text part; a phone reads as its number", () => {
    const url = "https://salon.example/manage?token=abc&x=1";
    const email = renderEmail({
      subject: "Links",
      blocks: [button("Move or cancel your appointment", url), paragraph("Call ", salonPhone, ".")],
    });
    expect(email.text).toContain(`Move or cancel your appointment: ${url}`);
    expect(email.text).toContain(`Call ${business.phone}.`);
    expect(email.html).toContain(`href="${url.replace("&", "&amp;")}"`);
    expect(email.html).toContain(">Move or cancel your appointment</a>");
    expect(email.html).toContain(`href="tel:${business.phoneE164}"`);
  });

  it("adds the salon's footer to both parts", () => {
    const email = renderEmail({ subject: "Footer", blocks: [paragraph("Body")] });
    expect(email.text).toMatch(/\n\n--\n/);
    expect(email.text).toMatch(/Our policies \(cancellation, privacy\): \S+\/policies\n$/);
    expect(email.html).toContain(business.email);
    expect(email.html).toContain("Our policies (cancellation, privacy)</a>");
  });

  it("makes the subject one header-safe line of at most 140 characters", () => {
    const email = renderEmail({
      subject: `New booking from Ana\r\nBcc: victim@example.com ${"x".repeat(200)}`,
      blocks: [paragraph("Body")],
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject.startsWith("New booking from Ana Bcc: victim@example.com")).toBe(true);
    expect(email.subject).toHaveLength(140);
  });
});
