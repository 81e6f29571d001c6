/** Backdrops shared by the still lifes: wall gradients, arches, table tops and plinths. */
import { shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { d, defs, linear, radial, type Stop, softShadow, uid } from "../lib/svg";

/** Full-canvas gradient wall, with an optional soft glow. */
export function wall(
  w: number,
  h: number,
  stops: Stop[],
  glow?: { x: number; y: number; r: number; color: string },
): string {
  const id = uid("wall");
  let out =
    defs(linear(id, stops, { x2: 1, y2: 0.35 })) +
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>`;
  if (glow) {
    const gid = uid("glow");
    out +=
      defs(
        radial(
          gid,
          [
            [0, glow.color, 0.55],
            [1, glow.color, 0],
          ],
          { user: true, cx: glow.x, cy: glow.y, r: glow.r },
        ),
      ) + d`<rect width="${w}" height="${h}" fill="url(#${gid})"/>`;
  }
  return out;
}

/** A tall arch (semicircular top) standing on baseline y. */
export function arch(
  x: number,
  baseY: number,
  w: number,
  h: number,
  fill: string,
  outline?: string,
): string {
  const r = w / 2;
  const id = uid("arch");
  const path = d`M ${x - r} ${baseY} L ${x - r} ${baseY - h + r} A ${r} ${r} 0 0 1 ${x + r} ${baseY - h + r} L ${x + r} ${baseY} Z`;
  let out =
    defs(
      linear(id, [
        [0, tint(fill, 0.25)],
        [1, fill],
      ]),
    ) + d`<path d="${path}" fill="url(#${id})"/>`;
  if (outline) {
    const o = 18;
    out += d`<path d="M ${x - r - o} ${baseY} L ${x - r - o} ${baseY - h + r} A ${r + o} ${r + o} 0 0 1 ${x + r + o} ${baseY - h + r} L ${x + r + o} ${baseY}" fill="none" stroke="${outline}" stroke-width="2" opacity="0.55"/>`;
  }
  return out;
}

/** Table top from y to the bottom with a light front edge. */
export function tableTop(y: number, w: number, h: number, color: string): string {
  const id = uid("tab");
  return (
    defs(
      linear(id, [
        [0, tint(color, 0.3)],
        [0.06, color],
        [1, shade(color, 0.06)],
      ]),
    ) +
    d`<rect x="0" y="${y}" width="${w}" height="${h - y}" fill="url(#${id})"/>` +
    d`<rect x="0" y="${y}" width="${w}" height="2" fill="#FFFFFF" opacity="0.6"/>`
  );
}

/** A round plinth (short cylinder) whose top surface is centred at (x, y). */
export function plinth(x: number, y: number, w: number, h: number, color: string): string {
  const side = uid("pl");
  const top = uid("pt");
  const ry = w * 0.09;
  return (
    softShadow(x + w * 0.08, y + h + ry * 0.4, w * 0.58, ry * 1.3, 0.22) +
    defs(
      linear(
        side,
        [
          [0, shade(color, 0.08)],
          [0.3, tint(color, 0.25)],
          [0.7, color],
          [1, shade(color, 0.14)],
        ],
        { x2: 1, y2: 0 },
      ),
      radial(
        top,
        [
          [0, tint(color, 0.45)],
          [1, tint(color, 0.12)],
        ],
        { cx: 0.4, cy: 0.4, r: 0.7 },
      ),
    ) +
    d`<path d="M ${x - w / 2} ${y} L ${x - w / 2} ${y + h} A ${w / 2} ${ry} 0 0 0 ${x + w / 2} ${y + h} L ${x + w / 2} ${y} Z" fill="url(#${side})"/>` +
    d`<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${ry}" fill="url(#${top})"/>`
  );
}

/** A soft circle (sun/moon disc) for editorial depth. */
export function disc(
  x: number,
  y: number,
  r: number,
  color: string = palette.gold,
  opacity = 0.18,
): string {
  const id = uid("disc");
  return (
    defs(
      radial(id, [
        [0, tint(color, 0.3)],
        [1, color],
      ]),
    ) + d`<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${id})" opacity="${opacity}"/>`
  );
}
