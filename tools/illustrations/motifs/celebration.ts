/** Festive accents: satin bows, flowing ribbons and a champagne coupe. */
import { shade, tint } from "../lib/color";
import { d, defs, linear, radial, softShadow, uid } from "../lib/svg";

/** A satin bow centred on (x, y): two loops, two tails and a knot. */
export function bow(x: number, y: number, size: number, color: string): string {
  const loop = uid("bo");
  const tail = uid("bt");
  const s = size;
  const loopPath = (side: number) =>
    d`M ${x} ${y} C ${x + side * s * 0.25} ${y - s * 0.55} ${x + side * s * 0.95} ${y - s * 0.6} ${x + side * s * 0.9} ${y - s * 0.12} C ${x + side * s * 0.88} ${y + s * 0.25} ${x + side * s * 0.35} ${y + s * 0.2} ${x} ${y} Z`;
  const inner = (side: number) =>
    d`M ${x + side * s * 0.12} ${y - s * 0.04} C ${x + side * s * 0.35} ${y - s * 0.32} ${x + side * s * 0.7} ${y - s * 0.36} ${x + side * s * 0.72} ${y - s * 0.12}`;
  const tailPath = (side: number) =>
    d`M ${x} ${y} C ${x + side * s * 0.15} ${y + s * 0.35} ${x + side * s * 0.35} ${y + s * 0.7} ${x + side * s * 0.55} ${y + s * 1.0} L ${x + side * s * 0.38} ${y + s * 0.98} L ${x + side * s * 0.32} ${y + s * 1.1} C ${x + side * s * 0.15} ${y + s * 0.75} ${x - side * s * 0.02} ${y + s * 0.4} ${x - side * s * 0.06} ${y + s * 0.05} Z`;
  return (
    defs(
      linear(
        loop,
        [
          [0, shade(color, 0.15)],
          [0.45, tint(color, 0.3)],
          [1, shade(color, 0.2)],
        ],
        { x2: 1, y2: 1 },
      ),
      linear(tail, [
        [0, color],
        [1, shade(color, 0.18)],
      ]),
    ) +
    `<path d="${tailPath(-1)}" fill="url(#${tail})"/><path d="${tailPath(1)}" fill="url(#${tail})"/>` +
    `<path d="${loopPath(-1)}" fill="url(#${loop})"/><path d="${loopPath(1)}" fill="url(#${loop})"/>` +
    `<path d="${inner(-1)}" fill="none" stroke="${shade(color, 0.3)}" stroke-width="${s * 0.03}" opacity="0.5"/>` +
    `<path d="${inner(1)}" fill="none" stroke="${shade(color, 0.3)}" stroke-width="${s * 0.03}" opacity="0.5"/>` +
    d`<ellipse cx="${x}" cy="${y}" rx="${s * 0.13}" ry="${s * 0.16}" fill="${tint(color, 0.12)}" stroke="${shade(color, 0.2)}" stroke-width="${s * 0.02}"/>`
  );
}

/** A loose ribbon as a twisted band following a list of points. */
export function ribbonCurl(points: Array<[number, number]>, width: number, color: string): string {
  const id = uid("rc");
  const [first, ...rest] = points;
  if (!first) return "";
  let path = d`M ${first[0]} ${first[1]}`;
  for (let i = 0; i < rest.length - 1; i += 2) {
    const c = rest[i];
    const e = rest[i + 1];
    if (c && e) path += d` Q ${c[0]} ${c[1]} ${e[0]} ${e[1]}`;
  }
  return (
    defs(
      linear(
        id,
        [
          [0, shade(color, 0.12)],
          [0.5, tint(color, 0.35)],
          [1, shade(color, 0.15)],
        ],
        { x2: 1, y2: 0.4 },
      ),
    ) +
    `<path d="${path}" fill="none" stroke="${shade(color, 0.2)}" stroke-width="${width + 2}" stroke-linecap="round" opacity="0.35"/>` +
    `<path d="${path}" fill="none" stroke="url(#${id})" stroke-width="${width}" stroke-linecap="round"/>`
  );
}

/** A champagne coupe standing on (x, y) with a little sparkling wine. */
export function coupe(x: number, y: number, w: number): string {
  const glass = uid("cg");
  const wine = uid("cw");
  const bowlTop = y - w * 1.15;
  const bowlH = w * 0.32;
  let bubbles = "";
  for (let i = 0; i < 6; i++) {
    bubbles += d`<circle cx="${x - w * 0.2 + i * w * 0.08}" cy="${bowlTop + bowlH * (0.35 + ((i * 7) % 5) * 0.08)}" r="${w * 0.012}" fill="#FFFFFF" opacity="0.8"/>`;
  }
  return (
    softShadow(x + w * 0.06, y, w * 0.36, w * 0.04, 0.2) +
    defs(
      linear(
        glass,
        [
          [0, "#FFFFFF", 0.25],
          [0.3, "#FFFFFF", 0.75],
          [0.7, "#FFFFFF", 0.2],
          [1, "#FFFFFF", 0.5],
        ],
        { x2: 1, y2: 0 },
      ),
      radial(
        wine,
        [
          [0, "#FBE8BF"],
          [1, "#E2BF7E"],
        ],
        { cy: 0.2, r: 0.8 },
      ),
    ) +
    d`<ellipse cx="${x}" cy="${y - w * 0.02}" rx="${w * 0.3}" ry="${w * 0.05}" fill="url(#${glass})" stroke="#C9B8A6" stroke-opacity="0.6"/>` +
    d`<path d="M ${x - w * 0.025} ${y - w * 0.05} L ${x - w * 0.02} ${bowlTop + bowlH} L ${x + w * 0.02} ${bowlTop + bowlH} L ${x + w * 0.025} ${y - w * 0.05} Z" fill="url(#${glass})" stroke="#C9B8A6" stroke-opacity="0.5"/>` +
    d`<path d="M ${x - w * 0.46} ${bowlTop + bowlH * 0.28} C ${x - w * 0.42} ${bowlTop + bowlH * 1.05} ${x + w * 0.42} ${bowlTop + bowlH * 1.05} ${x + w * 0.46} ${bowlTop + bowlH * 0.28} Z" fill="url(#${wine})" opacity="0.9"/>` +
    bubbles +
    d`<path d="M ${x - w * 0.5} ${bowlTop} C ${x - w * 0.48} ${bowlTop + bowlH * 1.2} ${x + w * 0.48} ${bowlTop + bowlH * 1.2} ${x + w * 0.5} ${bowlTop} Z" fill="url(#${glass})" stroke="#C9B8A6" stroke-width="1.5" stroke-opacity="0.7"/>` +
    d`<ellipse cx="${x}" cy="${bowlTop}" rx="${w * 0.5}" ry="${w * 0.05}" fill="none" stroke="#C9B8A6" stroke-width="1.5" opacity="0.7"/>`
  );
}
