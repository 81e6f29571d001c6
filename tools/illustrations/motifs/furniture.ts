/** Salon furniture: manicure table, arched desk lamp, hand cushion, framed art, floor plant. */
import { mix, shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { d, defs, linear, radial, softShadow, uid } from "../lib/svg";

/** Manicure table seen from the front; y is the table-top surface line. */
export function manicureTable(
  x: number,
  y: number,
  w: number,
  floorY: number,
  top: string,
  body: string,
): string {
  const slab = uid("mt");
  const front = uid("mf");
  const leg = uid("ml");
  const thick = w * 0.045;
  const apron = w * 0.11;
  const legs = [-1, 1]
    .map((s) => {
      const lx = x + s * w * 0.4;
      return d`<path d="M ${lx - 7} ${y + thick + apron} L ${lx + s * w * 0.035 - 4} ${floorY} L ${lx + s * w * 0.035 + 4} ${floorY} L ${lx + 7} ${y + thick + apron} Z" fill="url(#${leg})"/>`;
    })
    .join("");
  return (
    softShadow(x, floorY, w * 0.5, 10, 0.2) +
    defs(
      linear(slab, [
        [0, tint(top, 0.4)],
        [1, top],
      ]),
      linear(front, [
        [0, tint(body, 0.1)],
        [1, shade(body, 0.12)],
      ]),
      linear(
        leg,
        [
          [0, shade(palette.gold, 0.2)],
          [0.5, tint(palette.gold, 0.4)],
          [1, shade(palette.gold, 0.25)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    legs +
    d`<rect x="${x - w * 0.46}" y="${y + thick}" width="${w * 0.92}" height="${apron}" fill="url(#${front})"/>` +
    d`<rect x="${x - w * 0.2}" y="${y + thick + apron * 0.42}" width="${w * 0.4}" height="3" rx="1.5" fill="${palette.gold}" opacity="0.8"/>` +
    d`<path d="M ${x - w * 0.5} ${y} L ${x + w * 0.5} ${y} L ${x + w * 0.5} ${y + thick - 4} Q ${x + w * 0.5} ${y + thick} ${x + w * 0.5 - 4} ${y + thick} L ${x - w * 0.5 + 4} ${y + thick} Q ${x - w * 0.5} ${y + thick} ${x - w * 0.5} ${y + thick - 4} Z" fill="url(#${slab})"/>` +
    d`<rect x="${x - w * 0.5}" y="${y + thick - 3}" width="${w}" height="3" fill="${palette.gold}" opacity="0.75"/>`
  );
}

/** Desk lamp: round base on (x, y), slender arched arm, dome shade with a warm cone of light. */
export function archLamp(
  x: number,
  y: number,
  reach: number,
  height: number,
  shadeColor: string,
): string {
  const base = uid("lb");
  const dome = uid("ld");
  const beam = uid("lm");
  const arm = uid("la");
  const hx = x - reach;
  const hy = y - height;
  const r = reach * 0.2;
  return (
    softShadow(x + 8, y, 60, 7, 0.25) +
    defs(
      linear(
        base,
        [
          [0, shade(palette.gold, 0.2)],
          [0.4, tint(palette.gold, 0.45)],
          [1, shade(palette.gold, 0.3)],
        ],
        { x2: 1, y2: 0 },
      ),
      linear(arm, [
        [0, tint(palette.gold, 0.3)],
        [1, shade(palette.gold, 0.2)],
      ]),
      linear(
        dome,
        [
          [0, shade(shadeColor, 0.2)],
          [0.35, tint(shadeColor, 0.25)],
          [1, shade(shadeColor, 0.35)],
        ],
        { x2: 1, y2: 0 },
      ),
      linear(beam, [
        [0, "#FFE9C4", 0.55],
        [1, "#FFE9C4", 0],
      ]),
    ) +
    d`<path d="M ${hx - r * 0.55} ${hy + r * 0.65} L ${hx - r * 2.6} ${y} L ${hx + r * 2.6} ${y} L ${hx + r * 0.55} ${hy + r * 0.65} Z" fill="url(#${beam})"/>` +
    d`<ellipse cx="${hx}" cy="${y}" rx="${r * 2.6}" ry="${r * 0.4}" fill="#FFF1D6" opacity="0.45"/>` +
    d`<path d="M ${x} ${y - 10} C ${x} ${hy - height * 0.35} ${hx + reach * 0.2} ${hy - height * 0.3} ${hx} ${hy - r * 0.2}" fill="none" stroke="url(#${arm})" stroke-width="7" stroke-linecap="round"/>` +
    d`<path d="M ${hx - r} ${hy + r * 0.65} C ${hx - r} ${hy - r * 0.55} ${hx + r} ${hy - r * 0.55} ${hx + r} ${hy + r * 0.65} Z" fill="url(#${dome})"/>` +
    d`<ellipse cx="${hx}" cy="${hy + r * 0.65}" rx="${r}" ry="${r * 0.16}" fill="#FFF4DC"/>` +
    d`<circle cx="${hx}" cy="${hy - r * 0.25}" r="${r * 0.14}" fill="${palette.gold}"/>` +
    d`<path d="M ${x - 55} ${y} C ${x - 55} ${y - 18} ${x + 55} ${y - 18} ${x + 55} ${y} Z" fill="url(#${base})"/>`
  );
}

/** A plump hand cushion (manicure arm rest) centred on (x, y) bottom. */
export function cushion(x: number, y: number, w: number, color: string): string {
  const id = uid("cu");
  const h = w * 0.34;
  return (
    softShadow(x + w * 0.04, y, w * 0.5, h * 0.14, 0.25) +
    defs(
      radial(
        id,
        [
          [0, tint(color, 0.45)],
          [0.7, color],
          [1, shade(color, 0.12)],
        ],
        { cx: 0.42, cy: 0.3, r: 0.75 },
      ),
    ) +
    d`<path d="M ${x - w / 2} ${y - h * 0.35} C ${x - w / 2} ${y - h * 1.05} ${x + w / 2} ${y - h * 1.05} ${x + w / 2} ${y - h * 0.35} C ${x + w / 2} ${y + h * 0.05} ${x - w / 2} ${y + h * 0.05} ${x - w / 2} ${y - h * 0.35} Z" fill="url(#${id})"/>` +
    d`<path d="M ${x - w * 0.4} ${y - h * 0.32} C ${x - w * 0.1} ${y - h * 0.24} ${x + w * 0.1} ${y - h * 0.24} ${x + w * 0.4} ${y - h * 0.32}" fill="none" stroke="${shade(color, 0.12)}" stroke-width="1.5" opacity="0.4"/>`
  );
}

/** A framed abstract print (arch and sun) hung on the wall; (x, y) is the top-left corner. */
export function framedPrint(
  x: number,
  y: number,
  w: number,
  h: number,
  colors: { bg: string; arch: string; sun: string },
): string {
  return (
    softShadow(x + w / 2 + 6, y + h / 2 + 10, w * 0.5, h * 0.5, 0.12) +
    d`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${palette.gold}"/>` +
    d`<rect x="${x + 6}" y="${y + 6}" width="${w - 12}" height="${h - 12}" fill="#FFFFFF"/>` +
    d`<rect x="${x + w * 0.14}" y="${y + h * 0.12}" width="${w * 0.72}" height="${h * 0.76}" fill="${colors.bg}"/>` +
    d`<path d="M ${x + w * 0.28} ${y + h * 0.88} L ${x + w * 0.28} ${y + h * 0.55} A ${w * 0.22} ${w * 0.22} 0 0 1 ${x + w * 0.72} ${y + h * 0.55} L ${x + w * 0.72} ${y + h * 0.88} Z" fill="${colors.arch}"/>` +
    d`<circle cx="${x + w * 0.62}" cy="${y + h * 0.36}" r="${w * 0.09}" fill="${colors.sun}"/>`
  );
}

/** A tall floor plant with long arching leaves in a round pot on (x, y). */
export function floorPlant(
  x: number,
  y: number,
  size: number,
  leaf: string = palette.sage,
  pot: string = palette.sand,
): string {
  const p = uid("fp");
  const leaves = [-62, -44, -28, -14, 0, 12, 26, 40, 58]
    .map((a, i) => {
      const len = size * (0.7 + ((i * 53) % 17) / 40);
      const wid = len * 0.14;
      const col = mix(leaf, i % 2 ? "#748A6E" : "#C5CEB9", 0.35);
      const bend = a * 0.9;
      return (
        d`<g transform="translate(${x} ${y - size * 0.32}) rotate(${a})">` +
        d`<path d="M 0 0 C ${wid + bend * 0.3} ${-len * 0.35} ${bend * 0.9 + wid} ${-len * 0.75} ${bend} ${-len} C ${bend * 0.9 - wid} ${-len * 0.75} ${-wid + bend * 0.3} ${-len * 0.35} 0 0 Z" fill="${col}"/></g>`
      );
    })
    .join("");
  return (
    softShadow(x + 10, y, size * 0.3, 8, 0.22) +
    leaves +
    defs(
      linear(
        p,
        [
          [0, shade(pot, 0.08)],
          [0.35, tint(pot, 0.4)],
          [1, shade(pot, 0.18)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    d`<path d="M ${x - size * 0.22} ${y - size * 0.34} L ${x + size * 0.22} ${y - size * 0.34} C ${x + size * 0.24} ${y - size * 0.1} ${x + size * 0.18} ${y} ${x + size * 0.12} ${y} L ${x - size * 0.12} ${y} C ${x - size * 0.18} ${y} ${x - size * 0.24} ${y - size * 0.1} ${x - size * 0.22} ${y - size * 0.34} Z" fill="url(#${p})"/>`
  );
}
