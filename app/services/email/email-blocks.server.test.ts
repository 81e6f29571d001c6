import { describe, expect, it } from "vitest";
import { ownersSalon } from "../../domain/salon/salon-details.fixture";
import {
  button,
  greeting,
  greetingTo,
  mailto,
  note,
  paragraph,
  quote,
  renderEmail,
  rows,
  salonPhone,
} from "./email-blocks.server";

const typed = `<script>alert("hi")</script> & 'Maya'`;

const salon = ownersSalon;

describe("renderEmail", () => {
  it("says each sentence once in the blocks and in both parts", () => {
    const sentence = "Your appointment is confirmed. Here are the details:";
    const email = renderEmail({
      subject: "Confirmed",
      blocks: [greeting, paragraph(sentence), note("The attached file adds it to your calendar.")],
      salon,
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
      salon,
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
      blocks: [
        button("Move or cancel your appointment", url),
        paragraph("Call ", salonPhone(salon), "."),
      ],
      salon,
    });
    expect(email.text).toContain(`Move or cancel your appointment: ${url}`);
    expect(email.text).toContain("Call (773) 555-0177.");
    expect(email.html).toContain(`href="${url.replace("&", "&amp;")}"`);
    expect(email.html).toContain(">Move or cancel your appointment</a>");
    expect(email.html).toContain('href="tel:+17735550177"');
  });

  it("adds the salon's footer, with the details it is given, to both parts", () => {
    const email = renderEmail({ subject: "Footer", blocks: [paragraph("Body")], salon });
    expect(email.text).toContain(
      [
        "\n\n--",
        "Nails on Division",
        "2000 W Division St, Chicago, IL 60622",
        "(773) 555-0177 · front-desk@nails-on-division.example.com",
      ].join("\n"),
    );
    expect(email.text).toMatch(/Our policies \(cancellation, privacy\): \S+\/policies\n$/);
    expect(email.html).toContain("<strong>Nails on Division</strong>");
    expect(email.html).toContain("2000 W Division St, Chicago, IL 60622");
    expect(email.html).toContain('<a href="tel:+17735550177"');
    expect(email.html).toContain('href="mailto:front-desk@nails-on-division.example.com"');
    expect(email.html).toContain("Our policies (cancellation, privacy)</a>");
  });

  it("writes a Spanish email's greeting, footer and language in Spanish (issue 39)", () => {
    const email = renderEmail({
      subject: "Cita",
      blocks: [greetingTo("Lucía", "es"), paragraph("Cuerpo")],
      salon,
      locale: "es",
    });
    expect(email.text.startsWith("Hola, Lucía:\n\nCuerpo")).toBe(true);
    expect(email.text).toMatch(
      /Nuestras políticas \(cancelación, privacidad\): \S+\/es\/policies\n$/,
    );
    expect(email.html).toContain('<html lang="es-US">');
    expect(email.html).toContain('lang="es-US" style="max-width:560px');
    expect(email.html).toContain("Nuestras políticas (cancelación, privacidad)</a>");
    // English unless said: the salon's notices.
    const english = renderEmail({ subject: "Note", blocks: [greetingTo("")], salon });
    expect(english.text.startsWith("Hello,\n\n")).toBe(true);
    expect(english.html).toContain('<html lang="en">');
  });

  it("makes the subject one header-safe line of at most 140 characters", () => {
    const email = renderEmail({
      subject: `New booking from Ana\r\nBcc: victim@example.com ${"x".repeat(200)}`,
      blocks: [paragraph("Body")],
      salon,
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject.startsWith("New booking from Ana Bcc: victim@example.com")).toBe(true);
    expect(email.subject).toHaveLength(140);
  });
});

describe("greetingTo", () => {
  it("greets the customer by the name they typed, on one line, escaped in the HTML part", () => {
    const email = renderEmail({
      subject: "Confirmed",
      blocks: [greetingTo(typed), paragraph("Your appointment is confirmed.")],
      salon,
    });
    expect(email.text.startsWith(`Hello ${typed},\n\n`)).toBe(true);
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("Hello &lt;script&gt;");
  });

  it("keeps a name with line breaks or control characters on one line", () => {
    const email = renderEmail({
      subject: "Confirmed",
      blocks: [greetingTo("Maya\r\nBcc: x@example.com\u2028\u0007")],
      salon,
    });
    expect(email.text.startsWith("Hello Maya Bcc: x@example.com,\n\n")).toBe(true);
  });

  it("says the plain greeting without a name", () => {
    expect(greetingTo("  \n ")).toBe(greeting);
  });
});
