/** Minimal helpers to assemble SVG markup as strings. */

let counter = 0;

/** Unique id for gradients, clip paths and filters within a build. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

/** Round a number for compact markup. */
function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Tagged template that rounds every interpolated number: d`M ${x} ${y}`. */
export function d(strings: TemplateStringsArray, ...values: Array<number | string>): string {
  return strings.reduce((out, part, i) => {
    const value = values[i - 1];
    return out + (typeof value === "number" ? num(value) : value) + part;
  });
}

export type Stop = [offset: number, color: string, opacity?: number];

function stopMarkup(stops: Stop[]): string {
  return stops
    .map(([offset, color, opacity]) => {
      const op = opacity === undefined ? "" : ` stop-opacity="${opacity}"`;
      return `<stop offset="${offset}" stop-color="${color}"${op}/>`;
    })
    .join("");
}

interface LinearOptions {
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
  user?: boolean;
}

/** A linearGradient definition; default direction is top to bottom. */
export function linear(id: string, stops: Stop[], o: LinearOptions = {}): string {
  const units = o.user ? ` gradientUnits="userSpaceOnUse"` : "";
  const coords = d`x1="${o.x1 ?? 0}" y1="${o.y1 ?? 0}" x2="${o.x2 ?? 0}" y2="${o.y2 ?? 1}"`;
  return `<linearGradient id="${id}" ${coords}${units}>${stopMarkup(stops)}</linearGradient>`;
}

interface RadialOptions {
  cx?: number;
  cy?: number;
  r?: number;
  fx?: number;
  fy?: number;
  user?: boolean;
}

/** A radialGradient definition; default is centred in the bounding box. */
export function radial(id: string, stops: Stop[], o: RadialOptions = {}): string {
  const units = o.user ? ` gradientUnits="userSpaceOnUse"` : "";
  const cx = o.cx ?? 0.5;
  const cy = o.cy ?? 0.5;
  const coords = d`cx="${cx}" cy="${cy}" r="${o.r ?? 0.5}" fx="${o.fx ?? cx}" fy="${o.fy ?? cy}"`;
  return `<radialGradient id="${id}" ${coords}${units}>${stopMarkup(stops)}</radialGradient>`;
}

/** Gaussian blur filter with a generous region so soft shapes are not clipped. */
export function blurFilter(id: string, deviation: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

/** Drop shadow filter (blurred, offset, tinted copy of the alpha behind the source). */
export function dropShadowFilter(
  id: string,
  o: { dx: number; dy: number; blur: number; color: string; opacity: number },
): string {
  return (
    `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="${o.blur}"/>` +
    `<feOffset dx="${o.dx}" dy="${o.dy}" result="blur"/>` +
    `<feFlood flood-color="${o.color}" flood-opacity="${o.opacity}"/>` +
    `<feComposite in2="blur" operator="in"/>` +
    `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`
  );
}

export function defs(...items: string[]): string {
  return `<defs>${items.join("")}</defs>`;
}

export function g(content: string, attrs = ""): string {
  return `<g${attrs ? ` ${attrs}` : ""}>${content}</g>`;
}

/** Soft blurred ellipse used as a contact shadow under objects. */
export function softShadow(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity = 0.22,
  color = "#4A2C3A",
): string {
  const id = uid("sh");
  const blur = Math.max(2, ry * 0.6);
  return (
    defs(blurFilter(id, blur)) +
    d`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${color}" opacity="${opacity}" filter="url(#${id})"/>`
  );
}

/** Wrap drawing in a complete SVG document with a design-space viewBox. */
export function svgDocument(
  viewW: number,
  viewH: number,
  body: string,
  outW = viewW,
  outH = viewH,
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${viewW} ${viewH}">` +
    `${body}</svg>`
  );
}
