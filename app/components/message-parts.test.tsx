import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages.js";
import { withNodes } from "./message-parts";

// A sentence with elements in it is one message, in each language's word order
// (docs/architecture.md#languages).
describe("withNodes", () => {
  const render = (locale: "en" | "es") =>
    renderToStaticMarkup(
      <p>
        {withNodes((p) => m.policies_call_closer(p, { locale }), {
          phone: <a href="tel:+13125550142">(312) 555-0142</a>,
        })}
      </p>,
    );

  it("puts the element where the English sentence has it, its words unchanged", () => {
    expect(render("en")).toBe(
      '<p>Closer to the time, please call us at <a href="tel:+13125550142">(312) 555-0142</a>: we will always try to find you another time.</p>',
    );
  });

  it("and where the Spanish has it", () => {
    expect(render("es")).toBe(
      '<p>Si ya falta menos tiempo para su cita, por favor, llámenos al <a href="tel:+13125550142">(312) 555-0142</a>: siempre intentaremos encontrarle otra hora.</p>',
    );
  });

  it("takes several elements, at the start or the end too", () => {
    const html = renderToStaticMarkup(
      <p>
        {withNodes((p) => `${p.a} and ${p.b}`, {
          a: <b>one</b>,
          b: <i>two</i>,
        })}
      </p>,
    );
    expect(html).toBe("<p><b>one</b> and <i>two</i></p>");
  });
});
