/** Spa still-life objects: folded and rolled towels, basalt stones, candles, bowls. */
import { mix, shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { between, seeded } from "../lib/random";
import { d, defs, linear, radial, softShadow, uid } from "../lib/svg";

interface TowelOptions {
  x: number;
  /** Bottom of the towel. */
  y: number;
  w: number;
  h: number;
  color: string;
  /** Woven border colour near the right end. */
  stripe?: string;
  shadow?: boolean;
}

/** A folded towel seen from the front: plump rounded fold, soft top face and a woven band. */
export function foldedTowel(o: TowelOptions): string {
  const front = uid("tf");
  const top = uid("tt");
  const x0 = o.x - o.w / 2;
  const x1 = o.x + o.w / 2;
  const r = o.h * 0.5;
  const depth = o.h * 0.22;
  const frontPath = d`M ${x0 + r} ${o.y - o.h} L ${x1 - r} ${o.y - o.h} C ${x1 + r * 0.1} ${o.y - o.h} ${x1 + r * 0.1} ${o.y} ${x1 - r} ${o.y} L ${x0 + r} ${o.y} C ${x0 - r * 0.1} ${o.y} ${x0 - r * 0.1} ${o.y - o.h} ${x0 + r} ${o.y - o.h} Z`;
  const topPath = d`M ${x0 + r * 0.7} ${o.y - o.h + 2} C ${x0 + r} ${o.y - o.h - depth} ${x0 + r * 1.4} ${o.y - o.h - depth} ${x0 + r * 2} ${o.y - o.h - depth} L ${x1 - r * 2} ${o.y - o.h - depth} C ${x1 - r * 1.4} ${o.y - o.h - depth} ${x1 - r} ${o.y - o.h - depth} ${x1 - r * 0.7} ${o.y - o.h + 2} Z`;
  let band = "";
  const stripe = o.stripe;
  if (stripe) {
    const bx = x1 - o.w * 0.22;
    const line = (x: number, w: number, op: number) =>
      d`<path d="M ${x} ${o.y - o.h + 1} C ${x + w * 0.2} ${o.y - o.h * 0.5} ${x + w * 0.2} ${o.y - o.h * 0.5} ${x} ${o.y - 1}" stroke="${stripe}" stroke-width="${w}" fill="none" opacity="${op}"/>`;
    band =
      line(bx, o.w * 0.035, 0.45) +
      line(bx + o.w * 0.05, o.w * 0.008, 0.55) +
      line(bx - o.w * 0.03, o.w * 0.008, 0.55);
  }
  return (
    (o.shadow === false ? "" : softShadow(o.x + o.w * 0.04, o.y, o.w * 0.55, o.h * 0.16, 0.2)) +
    defs(
      linear(front, [
        [0, tint(o.color, 0.4)],
        [0.25, tint(o.color, 0.15)],
        [0.7, o.color],
        [1, shade(o.color, 0.14)],
      ]),
      linear(top, [
        [0, shade(o.color, 0.03)],
        [1, tint(o.color, 0.25)],
      ]),
    ) +
    `<path d="${topPath}" fill="url(#${top})"/>` +
    `<path d="${frontPath}" fill="url(#${front})"/>` +
    band +
    d`<path d="M ${x0 + r * 0.5} ${o.y - o.h * 0.3} C ${o.x - o.w * 0.2} ${o.y - o.h * 0.36} ${o.x + o.w * 0.2} ${o.y - o.h * 0.36} ${x1 - r * 0.5} ${o.y - o.h * 0.3}" fill="none" stroke="${shade(o.color, 0.12)}" stroke-width="1.4" opacity="0.3"/>`
  );
}

/** One smooth basalt stone; (x, y) is its centre. */
function stone(x: number, y: number, rx: number, ry: number, color: string, seed = 1): string {
  const r = seeded(seed);
  const fill = uid("st");
  const sheen = uid("ss");
  const k = () => between(r, 0.9, 1.08);
  const path =
    d`M ${x - rx} ${y} C ${x - rx * k()} ${y - ry * 1.05} ${x - rx * 0.35} ${y - ry * k()} ${x} ${y - ry * k()}` +
    d` C ${x + rx * 0.45} ${y - ry * k()} ${x + rx * k()} ${y - ry * 0.9} ${x + rx} ${y}` +
    d` C ${x + rx * k()} ${y + ry * 0.9} ${x + rx * 0.4} ${y + ry} ${x} ${y + ry}` +
    d` C ${x - rx * 0.45} ${y + ry} ${x - rx * k()} ${y + ry * 0.9} ${x - rx} ${y} Z`;
  return (
    defs(
      radial(
        fill,
        [
          [0, tint(color, 0.28)],
          [0.55, color],
          [1, shade(color, 0.35)],
        ],
        { cx: 0.38, cy: 0.25, r: 0.85 },
      ),
      radial(sheen, [
        [0, "#FFFFFF", 0.35],
        [1, "#FFFFFF", 0],
      ]),
    ) +
    `<path d="${path}" fill="url(#${fill})"/>` +
    d`<ellipse cx="${x - rx * 0.3}" cy="${y - ry * 0.45}" rx="${rx * 0.35}" ry="${ry * 0.22}" fill="url(#${sheen})"/>`
  );
}

/** A balanced stack of stones, largest at the bottom, resting on baseline y. */
export function stoneStack(x: number, y: number, size: number, colors: string[]): string {
  let out = softShadow(x + size * 0.1, y, size * 0.62, size * 0.06, 0.3);
  let cy = y;
  colors.forEach((color, i) => {
    const rx = size * (0.5 - i * 0.075);
    const ry = rx * (0.36 + i * 0.02);
    cy -= ry * 0.98;
    out += stone(x + (i % 2 ? size * 0.02 : -size * 0.015), cy, rx, ry, color, i + 3);
    cy -= ry * 0.82;
  });
  return out;
}

/** A candle in a frosted glass tumbler with a soft flame and glow. */
export function candle(
  x: number,
  y: number,
  w: number,
  h: number,
  glass: string = palette.sand,
): string {
  const jar = uid("cj");
  const wax = uid("cw");
  const flame = uid("cf");
  const glow = uid("cg");
  const top = y - h;
  const wickTop = top + h * 0.08 - w * 0.16;
  return (
    softShadow(x + w * 0.08, y, w * 0.62, w * 0.07, 0.24) +
    defs(
      linear(
        jar,
        [
          [0, shade(glass, 0.08)],
          [0.25, tint(glass, 0.5)],
          [0.7, glass],
          [1, shade(glass, 0.15)],
        ],
        { x2: 1, y2: 0 },
      ),
      linear(wax, [
        [0, "#FFF8EE"],
        [1, "#F2E4D2"],
      ]),
      radial(
        flame,
        [
          [0, "#FFFFFF"],
          [0.35, "#FFE8B0"],
          [0.8, "#F2A65A"],
          [1, "#E07B39", 0],
        ],
        { cy: 0.7, r: 0.6 },
      ),
      radial(glow, [
        [0, "#FFD9A0", 0.55],
        [1, "#FFD9A0", 0],
      ]),
    ) +
    d`<circle cx="${x}" cy="${wickTop - w * 0.1}" r="${w * 0.9}" fill="url(#${glow})"/>` +
    d`<rect x="${x - w / 2}" y="${top}" width="${w}" height="${h}" rx="${w * 0.08}" fill="url(#${jar})"/>` +
    d`<ellipse cx="${x}" cy="${top + h * 0.08}" rx="${w * 0.44}" ry="${w * 0.07}" fill="url(#${wax})"/>` +
    d`<rect x="${x - w / 2}" y="${top + h * 0.36}" width="${w}" height="${h * 0.3}" fill="${mix(glass, palette.ivory, 0.55)}" opacity="0.8"/>` +
    d`<rect x="${x - w / 2}" y="${top + h * 0.36}" width="${w}" height="1.5" fill="${palette.gold}" opacity="0.7"/>` +
    d`<rect x="${x - w / 2}" y="${top + h * 0.66 - 1.5}" width="${w}" height="1.5" fill="${palette.gold}" opacity="0.7"/>` +
    d`<rect x="${x - w * 0.36}" y="${top + h * 0.1}" width="${w * 0.06}" height="${h * 0.8}" rx="${w * 0.03}" fill="#FFFFFF" opacity="0.3"/>` +
    d`<path d="M ${x} ${top + h * 0.08} L ${x} ${wickTop}" stroke="${palette.ink}" stroke-width="${w * 0.025}" stroke-linecap="round"/>` +
    d`<path d="M ${x} ${wickTop + w * 0.02} C ${x + w * 0.1} ${wickTop - w * 0.05} ${x + w * 0.06} ${wickTop - w * 0.2} ${x} ${wickTop - w * 0.32} C ${x - w * 0.06} ${wickTop - w * 0.2} ${x - w * 0.1} ${wickTop - w * 0.05} ${x} ${wickTop + w * 0.02} Z" fill="url(#${flame})"/>`
  );
}

/** A shallow ceramic bowl seen from the front, optionally holding water with petals. */
export function bowl(x: number, y: number, w: number, color: string, water = false): string {
  const body = uid("bw");
  const h = w * 0.36;
  const rim = w * 0.1;
  const top = y - h;
  const inner = water
    ? d`<ellipse cx="${x}" cy="${top}" rx="${w * 0.46}" ry="${rim * 0.82}" fill="#DDE6E3"/>` +
      d`<ellipse cx="${x - w * 0.1}" cy="${top - rim * 0.1}" rx="${w * 0.18}" ry="${rim * 0.3}" fill="#FFFFFF" opacity="0.6"/>` +
      d`<ellipse cx="${x + w * 0.12}" cy="${top + rim * 0.2}" rx="${w * 0.05}" ry="${rim * 0.2}" fill="${palette.blush}"/>` +
      d`<ellipse cx="${x + w * 0.2}" cy="${top - rim * 0.15}" rx="${w * 0.04}" ry="${rim * 0.16}" fill="${tint(palette.rose, 0.45)}"/>`
    : d`<ellipse cx="${x}" cy="${top}" rx="${w * 0.46}" ry="${rim * 0.82}" fill="${shade(color, 0.12)}"/>`;
  return (
    softShadow(x + w * 0.05, y, w * 0.45, w * 0.05, 0.24) +
    defs(
      linear(
        body,
        [
          [0, shade(color, 0.06)],
          [0.3, tint(color, 0.35)],
          [0.75, color],
          [1, shade(color, 0.16)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    d`<path d="M ${x - w / 2} ${top} C ${x - w / 2} ${y - h * 0.2} ${x - w * 0.3} ${y} ${x} ${y} C ${x + w * 0.3} ${y} ${x + w / 2} ${y - h * 0.2} ${x + w / 2} ${top} Z" fill="url(#${body})"/>` +
    d`<ellipse cx="${x}" cy="${top}" rx="${w / 2}" ry="${rim}" fill="${tint(color, 0.3)}"/>` +
    inner
  );
}
