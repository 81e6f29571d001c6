/**
 * The contact scene's shop front: the window frame, the lit interior seen through each window
 * (pendant lamps, a shelf of bottles, a plant) and the arched door.
 */
import { mix, shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { d, defs, g, linear, radial, uid } from "../lib/svg";
import { bottle } from "../motifs/bottle";

/** The shop front's paint, which the sign band above it shares. */
export const FRAME = palette.plum;

/** Warm interior visible through glass, with a pendant lamp and furniture silhouettes. */
function interior(x: number, y: number, w: number, h: number, content: string): string {
  const warm = uid("in");
  const clip = uid("ic");
  const glare = uid("gl");
  return (
    defs(
      linear(warm, [
        [0, "#F9E8D6"],
        [1, "#EBC6B2"],
      ]),
      linear(
        glare,
        [
          [0, "#FFFFFF", 0],
          [0.5, "#FFFFFF", 0.35],
          [1, "#FFFFFF", 0],
        ],
        { x2: 1, y2: 0.6 },
      ),
      `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`,
    ) +
    g(
      d`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${warm})"/>` +
        content +
        d`<path d="M ${x + w * 0.2} ${y + h} L ${x + w * 0.55} ${y} L ${x + w * 0.75} ${y} L ${x + w * 0.4} ${y + h} Z" fill="url(#${glare})"/>`,
      `clip-path="url(#${clip})"`,
    )
  );
}

function pendant(x: number, top: number, drop: number, r: number): string {
  const glow = uid("pg");
  return (
    defs(
      radial(glow, [
        [0, "#FFE7BD", 0.8],
        [1, "#FFE7BD", 0],
      ]),
    ) +
    d`<circle cx="${x}" cy="${top + drop + r * 0.8}" r="${r * 3}" fill="url(#${glow})"/>` +
    d`<path d="M ${x} ${top} L ${x} ${top + drop}" stroke="${palette.ink}" stroke-width="1.5" opacity="0.6"/>` +
    d`<path d="M ${x - r} ${top + drop + r * 0.7} C ${x - r} ${top + drop - r * 0.3} ${x + r} ${top + drop - r * 0.3} ${x + r} ${top + drop + r * 0.7} Z" fill="${palette.gold}"/>` +
    d`<ellipse cx="${x}" cy="${top + drop + r * 0.7}" rx="${r}" ry="${r * 0.18}" fill="#FFF3D9"/>`
  );
}

function leftWindowScene(x: number, y: number, w: number, h: number): string {
  const floor = y + h - 30;
  const silhouette = mix(FRAME, "#EBC6B2", 0.55);
  return (
    pendant(x + w * 0.5, y, 60, 20) +
    d`<rect x="${x + 30}" y="${floor - 70}" width="${w - 60}" height="9" fill="${silhouette}"/>` +
    d`<path d="M ${x + 44} ${floor - 61} L ${x + 40} ${floor} M ${x + w - 44} ${floor - 61} L ${x + w - 40} ${floor}" stroke="${silhouette}" stroke-width="5"/>` +
    bottle({
      x: x + 70,
      y: floor - 70,
      w: 18,
      color: palette.rose,
      cap: palette.ink,
      shadow: false,
    }) +
    bottle({
      x: x + 95,
      y: floor - 70,
      w: 16,
      color: "#D9AE9A",
      shape: "tall",
      cap: palette.ink,
      shadow: false,
    }) +
    d`<ellipse cx="${x + w * 0.6}" cy="${floor - 76}" rx="30" ry="8" fill="${tint(palette.blush, 0.2)}"/>`
  );
}

function rightWindowScene(x: number, y: number, w: number, h: number): string {
  const shelf = mix(FRAME, "#EBC6B2", 0.55);
  const colours = [
    palette.rose,
    "#D9AE9A",
    palette.plum,
    "#E9D3CC",
    "#6E1F33",
    "#B9A7D6",
    palette.rose,
  ];
  let bottles = "";
  for (const [row, sy] of [
    [0, y + 80],
    [1, y + 140],
  ] as const) {
    colours.forEach((c, i) => {
      const bx = x + 30 + i * ((w - 60) / 6);
      bottles += d`<rect x="${bx - 5}" y="${sy - 16 - ((i + row) % 2) * 3}" width="10" height="${16 + ((i + row) % 2) * 3}" rx="2" fill="${c}" opacity="0.85"/>`;
    });
    bottles += d`<rect x="${x + 16}" y="${sy}" width="${w - 32}" height="5" fill="${shelf}"/>`;
  }
  return pendant(x + w * 0.7, y, 34, 14) + bottles + plantSilhouette(x + 50, y + h - 30, shelf);
}

function plantSilhouette(x: number, y: number, color: string): string {
  return (
    [-40, -20, 0, 18, 36]
      .map(
        (a) =>
          d`<path d="M 0 0 C 10 -30 8 -60 0 -80 C -8 -60 -10 -30 0 0 Z" fill="${palette.sage}" opacity="0.9" transform="translate(${x} ${y - 40}) rotate(${a})"/>`,
      )
      .join("") +
    d`<rect x="${x - 18}" y="${y - 42}" width="36" height="42" rx="4" fill="${color}"/>`
  );
}

export function storefront(): string {
  const frame = uid("fr");
  const base = 880;
  const top = 600;
  return (
    defs(
      linear(frame, [
        [0, tint(FRAME, 0.1)],
        [1, shade(FRAME, 0.12)],
      ]),
    ) +
    d`<rect x="70" y="${top}" width="660" height="${base - top}" fill="url(#${frame})"/>` +
    interior(92, top + 20, 226, 200, leftWindowScene(92, top + 20, 226, 200)) +
    interior(482, top + 20, 226, 200, rightWindowScene(482, top + 20, 226, 200)) +
    d`<rect x="92" y="${top + 232}" width="226" height="36" fill="${shade(FRAME, 0.08)}"/><rect x="482" y="${top + 232}" width="226" height="36" fill="${shade(FRAME, 0.08)}"/>` +
    d`<rect x="100" y="${top + 240}" width="210" height="20" fill="none" stroke="${palette.gold}" stroke-width="1" opacity="0.6"/>` +
    d`<rect x="490" y="${top + 240}" width="210" height="20" fill="none" stroke="${palette.gold}" stroke-width="1" opacity="0.6"/>` +
    door(345, top + 14, 110, base - top - 14)
  );
}

function door(x: number, y: number, w: number, h: number): string {
  const r = w / 2;
  const glass = d`M ${x + 12} ${y + h - 20} L ${x + 12} ${y + r + 6} A ${r - 12} ${r - 12} 0 0 1 ${x + w - 12} ${y + r + 6} L ${x + w - 12} ${y + h - 20} Z`;
  const clip = uid("dc");
  const warm = uid("dw");
  return (
    defs(
      `<clipPath id="${clip}"><path d="${glass}"/></clipPath>`,
      linear(warm, [
        [0, "#FBEBD9"],
        [1, "#EDC9B4"],
      ]),
    ) +
    d`<path d="M ${x} ${y + h} L ${x} ${y + r} A ${r} ${r} 0 0 1 ${x + w} ${y + r} L ${x + w} ${y + h} Z" fill="${shade(FRAME, 0.15)}"/>` +
    `<path d="${glass}" fill="url(#${warm})"/>` +
    g(pendant(x + w / 2, y + 20, 50, 13), `clip-path="url(#${clip})"`) +
    d`<rect x="${x + w - 26}" y="${y + h * 0.5}" width="6" height="60" rx="3" fill="${palette.gold}"/>` +
    d`<path d="M ${x + 12} ${y + r + 40} L ${x + w - 12} ${y + r + 40}" stroke="${shade(FRAME, 0.15)}" stroke-width="4"/>`
  );
}
