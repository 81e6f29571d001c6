/** Hygiene and manicure tools: steel instruments, sterilisation pouches, trays, spray bottles. */
import { mix, shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { d, defs, g, linear, softShadow, uid } from "../lib/svg";

function steel(id: string): string {
  return linear(
    id,
    [
      [0, "#8E949B"],
      [0.3, "#F4F6F8"],
      [0.55, "#B9BFC6"],
      [0.8, "#E3E7EA"],
      [1, "#7F868E"],
    ],
    { x2: 1, y2: 0 },
  );
}

/** Cuticle pusher, local space: centred at origin, length along y. */
export function pusher(len: number): string {
  const id = uid("pu");
  const w = len * 0.045;
  const grip = len * 0.34;
  let knurl = "";
  for (let y = -grip / 2 + 4; y < grip / 2 - 2; y += 5) {
    knurl += d`<path d="M ${-w * 0.6} ${y} L ${w * 0.6} ${y}" stroke="#7F868E" stroke-width="0.8" opacity="0.6"/>`;
  }
  return (
    defs(steel(id)) +
    d`<path d="M ${-w * 0.35} ${-len / 2 + len * 0.08} L ${-w * 0.35} ${len / 2 - len * 0.08} L ${w * 0.35} ${len / 2 - len * 0.08} L ${w * 0.35} ${-len / 2 + len * 0.08} Z" fill="url(#${id})"/>` +
    d`<rect x="${-w * 0.6}" y="${-grip / 2}" width="${w * 1.2}" height="${grip}" rx="${w * 0.3}" fill="url(#${id})"/>` +
    knurl +
    d`<path d="M ${-w * 0.35} ${-len / 2 + len * 0.08} C ${-w * 1.2} ${-len / 2 + len * 0.04} ${-w * 1.1} ${-len / 2} 0 ${-len / 2} C ${w * 1.1} ${-len / 2} ${w * 1.2} ${-len / 2 + len * 0.04} ${w * 0.35} ${-len / 2 + len * 0.08} Z" fill="url(#${id})"/>` +
    d`<path d="M ${-w * 0.35} ${len / 2 - len * 0.08} L 0 ${len / 2} L ${w * 0.35} ${len / 2 - len * 0.08} Z" fill="url(#${id})"/>`
  );
}

/** Cuticle scissors, local space: pivot at origin, slim curved blades up, finger rings down. */
export function scissors(len: number): string {
  const id = uid("sc");
  const w = len * 0.05;
  const blade = (side: number) =>
    d`<path d="M ${-side * w * 0.9} ${w} C ${-side * w * 0.6} ${-len * 0.2} ${side * w * 0.5} ${-len * 0.4} ${side * w * 1.4} ${-len * 0.55} C ${side * w * 0.2} ${-len * 0.36} ${side * w * 0.4} ${-len * 0.18} ${side * w * 0.7} ${-w * 0.4} Z" fill="url(#${id})"/>`;
  const shank = (side: number) => {
    const cx = side * len * 0.12;
    const cy = len * 0.36;
    const r = len * 0.085;
    return (
      d`<path d="M ${-side * w * 0.3} ${-w * 0.3} C ${side * w * 0.6} ${len * 0.1} ${cx - side * r * 0.2} ${cy - r * 1.4} ${cx} ${cy - r * 0.9}" fill="none" stroke="url(#${id})" stroke-width="${w * 1.1}" stroke-linecap="round"/>` +
      d`<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 1.15}" fill="none" stroke="url(#${id})" stroke-width="${w * 0.9}"/>`
    );
  };
  return (
    defs(steel(id)) +
    shank(-1) +
    shank(1) +
    blade(-1) +
    blade(1) +
    d`<circle cx="0" cy="0" r="${w * 0.5}" fill="#D3D7DB" stroke="#8E949B" stroke-width="0.8"/>`
  );
}

/** A slim emery file, local space: centred, length along y. */
export function nailFile(len: number, color: string = palette.blush): string {
  const id = uid("fi");
  const w = len * 0.09;
  return (
    defs(
      linear(
        id,
        [
          [0, shade(color, 0.08)],
          [0.4, tint(color, 0.3)],
          [1, shade(color, 0.1)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    d`<rect x="${-w / 2}" y="${-len / 2}" width="${w}" height="${len}" rx="${w / 2}" fill="url(#${id})"/>` +
    d`<rect x="${-w / 2}" y="${-len * 0.08}" width="${w}" height="${len * 0.16}" fill="${palette.sage}" opacity="0.8"/>`
  );
}

/** A sealed sterilisation pouch standing upright, bottom centre at origin, tools visible inside. */
export function pouch(w: number, h: number, contents: string): string {
  const film = uid("pf");
  const clip = uid("pc");
  const x0 = -w / 2;
  const top = -h;
  const seal = w * 0.09;
  let hatch = "";
  for (let y = top + 8; y < -4; y += 7) {
    hatch += d`<path d="M ${x0 + 2} ${y} L ${x0 + seal - 2} ${y - 4} M ${w / 2 - seal + 2} ${y} L ${w / 2 - 2} ${y - 4}" stroke="${palette.sage}" stroke-width="0.9" opacity="0.55"/>`;
  }
  const chevron = d`M ${x0 + seal} ${top + h * 0.07} L 0 ${top + h * 0.13} L ${w / 2 - seal} ${top + h * 0.07}`;
  return (
    defs(
      `<clipPath id="${clip}"><rect x="${x0 + seal}" y="${top + h * 0.13}" width="${w - seal * 2}" height="${h * 0.8}"/></clipPath>`,
      linear(
        film,
        [
          [0, "#FFFFFF", 0.55],
          [0.45, "#FFFFFF", 0.05],
          [0.6, "#FFFFFF", 0.3],
          [1, "#FFFFFF", 0.05],
        ],
        { x2: 1, y2: 1 },
      ),
    ) +
    d`<rect x="${x0}" y="${top}" width="${w}" height="${h}" rx="3" fill="#F8F6F2" stroke="#DCD8D0" stroke-width="1"/>` +
    d`<rect x="${x0 + seal}" y="${top + h * 0.06}" width="${w - seal * 2}" height="${h * 0.88}" fill="${mix(palette.sage, "#FFFFFF", 0.7)}" opacity="0.55"/>` +
    g(contents, `clip-path="url(#${clip})"`) +
    d`<rect x="${x0 + seal}" y="${top + h * 0.06}" width="${w - seal * 2}" height="${h * 0.88}" fill="url(#${film})"/>` +
    hatch +
    `<path d="${chevron}" fill="none" stroke="${palette.sage}" stroke-width="2.2"/>` +
    d`<path d="M ${x0 + seal} ${-h * 0.06} L ${w / 2 - seal} ${-h * 0.06}" stroke="${palette.sage}" stroke-width="1.6"/>` +
    d`<rect x="${x0 + seal + 6}" y="${-h * 0.05 + 3}" width="${w * 0.14}" height="${h * 0.03}" rx="1.5" fill="${mix(palette.rose, "#8A6A50", 0.5)}" opacity="0.8"/>` +
    d`<rect x="${x0 + seal + 10 + w * 0.14}" y="${-h * 0.05 + 3}" width="${w * 0.14}" height="${h * 0.03}" rx="1.5" fill="${shade(palette.sage, 0.15)}" opacity="0.8"/>`
  );
}

/** A low rectangular tray seen from the front; its floor line is at y. */
export function tray(x: number, y: number, w: number, h: number, color: string): string {
  const front = uid("tr");
  const inner = uid("ti");
  const lip = h * 0.5;
  return (
    softShadow(x + w * 0.03, y + h * 0.95, w * 0.52, h * 0.35, 0.22) +
    defs(
      linear(front, [
        [0, tint(color, 0.5)],
        [0.2, color],
        [1, shade(color, 0.1)],
      ]),
      linear(inner, [
        [0, shade(color, 0.08)],
        [1, tint(color, 0.2)],
      ]),
    ) +
    d`<path d="M ${x - w / 2 + 6} ${y - lip} L ${x + w / 2 - 6} ${y - lip} L ${x + w / 2 - 20} ${y - lip - h * 0.7} L ${x - w / 2 + 20} ${y - lip - h * 0.7} Z" fill="url(#${inner})"/>` +
    d`<path d="M ${x - w / 2} ${y - lip} L ${x + w / 2} ${y - lip} L ${x + w / 2 - 10} ${y + h * 0.5} Q ${x + w / 2 - 12} ${y + h * 0.9} ${x + w / 2 - 40} ${y + h * 0.9} L ${x - w / 2 + 40} ${y + h * 0.9} Q ${x - w / 2 + 12} ${y + h * 0.9} ${x - w / 2 + 10} ${y + h * 0.5} Z" fill="url(#${front})"/>` +
    d`<rect x="${x - w / 2}" y="${y - lip - 1.5}" width="${w}" height="3" rx="1.5" fill="#FFFFFF" opacity="0.85"/>`
  );
}

/** Trigger spray bottle standing on (x, y). */
export function sprayBottle(
  x: number,
  y: number,
  w: number,
  liquid: string = palette.sage,
): string {
  const body = uid("sb");
  const head = uid("sh");
  const liq = uid("sl");
  const h = w * 1.9;
  const neck = w * 0.42;
  const top = y - h;
  const bodyPath = d`M ${x - w / 2} ${y - w * 0.12} Q ${x - w / 2} ${y} ${x - w / 2 + w * 0.12} ${y} L ${x + w / 2 - w * 0.12} ${y} Q ${x + w / 2} ${y} ${x + w / 2} ${y - w * 0.12} L ${x + w / 2} ${top + w * 0.45} C ${x + w / 2} ${top + w * 0.12} ${x + neck / 2} ${top + w * 0.12} ${x + neck / 2} ${top} L ${x - neck / 2} ${top} C ${x - neck / 2} ${top + w * 0.12} ${x - w / 2} ${top + w * 0.12} ${x - w / 2} ${top + w * 0.45} Z`;
  const headTop = top - w * 0.62;
  return (
    softShadow(x + w * 0.12, y, w * 0.7, w * 0.07, 0.24) +
    defs(
      linear(
        body,
        [
          [0, "#E8E6E1"],
          [0.25, "#FFFFFF"],
          [0.7, "#F1EEE9"],
          [1, "#CFCBC4"],
        ],
        { x2: 1, y2: 0 },
      ),
      linear(
        head,
        [
          [0, shade(palette.ivory, 0.12)],
          [0.3, "#FFFFFF"],
          [1, shade(palette.ivory, 0.18)],
        ],
        { x2: 1, y2: 0 },
      ),
      linear(
        liq,
        [
          [0, shade(liquid, 0.1)],
          [0.3, tint(liquid, 0.3)],
          [1, shade(liquid, 0.2)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    `<path d="${bodyPath}" fill="url(#${body})" stroke="#D5D1CA" stroke-width="1"/>` +
    d`<rect x="${x - w / 2 + 5}" y="${y - h * 0.55}" width="${w - 10}" height="${h * 0.55 - 5}" rx="${w * 0.08}" fill="url(#${liq})" opacity="0.55"/>` +
    d`<rect x="${x - w / 2}" y="${y - h * 0.48}" width="${w}" height="${h * 0.24}" fill="${palette.ivory}"/>` +
    d`<rect x="${x - w / 2}" y="${y - h * 0.48}" width="${w}" height="2" fill="${palette.sage}"/>` +
    d`<rect x="${x - w / 2}" y="${y - h * 0.24 - 2}" width="${w}" height="2" fill="${palette.sage}"/>` +
    d`<circle cx="${x}" cy="${y - h * 0.36}" r="${w * 0.1}" fill="none" stroke="${palette.sage}" stroke-width="2"/>` +
    d`<rect x="${x - w * 0.38}" y="${top + w * 0.3}" width="${w * 0.07}" height="${h * 0.55}" rx="${w * 0.035}" fill="#FFFFFF" opacity="0.7"/>` +
    d`<rect x="${x - neck * 0.62}" y="${top - w * 0.16}" width="${neck * 1.24}" height="${w * 0.2}" rx="3" fill="url(#${head})"/>` +
    d`<path d="M ${x - w * 0.72} ${headTop + w * 0.06} L ${x + neck * 0.55} ${headTop} Q ${x + neck * 0.75} ${headTop} ${x + neck * 0.75} ${headTop + w * 0.15} L ${x + neck * 0.6} ${top - w * 0.16} L ${x - neck * 0.5} ${top - w * 0.16} L ${x - neck * 0.5} ${headTop + w * 0.28} L ${x - w * 0.72} ${headTop + w * 0.26} Z" fill="url(#${head})" stroke="#D5D1CA" stroke-width="1"/>` +
    d`<rect x="${x - w * 0.8}" y="${headTop + w * 0.08}" width="${w * 0.1}" height="${w * 0.16}" rx="2" fill="${palette.sage}"/>` +
    d`<path d="M ${x - neck * 0.55} ${headTop + w * 0.3} C ${x - w * 0.75} ${headTop + w * 0.45} ${x - w * 0.7} ${headTop + w * 0.8} ${x - w * 0.52} ${headTop + w * 0.88} L ${x - w * 0.46} ${headTop + w * 0.8} C ${x - w * 0.55} ${headTop + w * 0.65} ${x - w * 0.5} ${headTop + w * 0.45} ${x - neck * 0.45} ${headTop + w * 0.4} Z" fill="url(#${head})" stroke="#D5D1CA" stroke-width="1"/>`
  );
}

/** A small plant: sage leaves in a plain ceramic pot standing on (x, y). */
export function pottedLeaves(
  x: number,
  y: number,
  size: number,
  leafColor: string = palette.sage,
): string {
  const pot = uid("pp");
  let leaves = "";
  const angles = [-38, -20, -6, 8, 22, 36, -28, 16];
  angles.forEach((a, i) => {
    const len = size * (0.75 + ((i * 37) % 10) / 30);
    const wid = len * 0.22;
    const col = mix(leafColor, i % 2 ? "#7E9277" : "#C6CFBB", 0.35);
    leaves += d`<g transform="translate(${x} ${y - size * 0.55}) rotate(${a})"><path d="M 0 0 C ${wid} ${-len * 0.3} ${wid * 0.9} ${-len * 0.75} 0 ${-len} C ${-wid * 0.9} ${-len * 0.75} ${-wid} ${-len * 0.3} 0 0 Z" fill="${col}"/><path d="M 0 0 L 0 ${-len * 0.9}" stroke="${shade(col, 0.2)}" stroke-width="1" opacity="0.5"/></g>`;
  });
  return (
    softShadow(x + size * 0.08, y, size * 0.45, size * 0.05, 0.22) +
    leaves +
    defs(
      linear(
        pot,
        [
          [0, shade(palette.ivory, 0.06)],
          [0.3, "#FFFFFF"],
          [1, shade(palette.sand, 0.12)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    d`<path d="M ${x - size * 0.34} ${y - size * 0.6} L ${x + size * 0.34} ${y - size * 0.6} L ${x + size * 0.27} ${y - size * 0.04} Q ${x + size * 0.26} ${y} ${x + size * 0.22} ${y} L ${x - size * 0.22} ${y} Q ${x - size * 0.26} ${y} ${x - size * 0.27} ${y - size * 0.04} Z" fill="url(#${pot})"/>` +
    d`<rect x="${x - size * 0.36}" y="${y - size * 0.64}" width="${size * 0.72}" height="${size * 0.08}" rx="2" fill="#FFFFFF"/>`
  );
}
