import { z } from "zod";

// zod 4 compiles object parsers with `new Function` when it can. Our CSP forbids eval, so in the
// browser that probe is a CSP violation (a console error, a Lighthouse best-practices finding).
// Jitless parsing is fast enough for forms. Import `z` from here, not from "zod".
z.config({ jitless: true });

export { z };
