/**
 * Nail finishes (plain polish, french, ombre, marble, chrome); the painted art is in nail-art.ts.
 * Each paints inside the nail's local space (cuticle at 0, tip at -len).
 */
import { mix, shade } from "../lib/color";
import { palette, polish } from "../lib/palette";
import { between } from "../lib/random";
import { d, defs, linear, uid } from "../lib/svg";
import { type NailContext, type NailDesign, polishFill } from "./nail";

/** A plain polish colour with gloss. */
export function solid(color: string): NailDesign {
  return { color, paint: (c) => polishFill(c, color) };
}

export const french: NailDesign = {
  color: "#EBC3BD",
  paint: (c) => {
    const tip = uid("ft");
    const smile = d`M ${-c.w} ${-c.len * 0.74} Q 0 ${-c.len * 0.5} ${c.w} ${-c.len * 0.74} L ${c.w} ${-c.len * 1.2} L ${-c.w} ${-c.len * 1.2} Z`;
    return (
      polishFill(c, "#F2D3CE", 0.08) +
      defs(
        linear(
          tip,
          [
            [0, "#FFFFFF"],
            [1, "#F4ECE8"],
          ],
          { y1: 0, y2: 1 },
        ),
      ) +
      `<path d="${smile}" fill="url(#${tip})"/>` +
      d`<path d="M ${-c.w} ${-c.len * 0.74} Q 0 ${-c.len * 0.5} ${c.w} ${-c.len * 0.74}" fill="none" stroke="#E6D3CD" stroke-width="${c.w * 0.03}"/>`
    );
  },
};

export const milkyOmbre: NailDesign = {
  color: "#E8A9B6",
  paint: (c) => {
    const id = uid("om");
    return (
      defs(
        linear(
          id,
          [
            [0, "#F8E9E7"],
            [0.45, "#F3D3D5"],
            [1, "#E395A8"],
          ],
          { y1: 1, y2: 0 },
        ),
      ) +
      d`<rect x="${-c.w}" y="${-c.len * 1.1}" width="${c.w * 2}" height="${c.len * 1.3}" fill="url(#${id})"/>`
    );
  },
};

export const burgundy: NailDesign = {
  color: polish.burgundy,
  paint: (c) => {
    const id = uid("bg");
    return (
      polishFill(c, polish.burgundy, 0.35) +
      defs(
        linear(
          id,
          [
            [0, "#FFFFFF", 0],
            [0.5, "#FFB3C1", 0.35],
            [1, "#FFFFFF", 0],
          ],
          { x2: 1, y2: 0 },
        ),
      ) +
      d`<rect x="${c.w * 0.05}" y="${-c.len * 0.9}" width="${c.w * 0.28}" height="${c.len * 0.7}" rx="${c.w * 0.14}" fill="url(#${id})"/>`
    );
  },
};

/** Soft grey marble with a single gold vein. */
export const marble: NailDesign = {
  color: "#D9D6D3",
  paint: (c) => {
    const r = c.random;
    const veins: string[] = [];
    for (let i = 0; i < 3; i++) {
      const x0 = between(r, -c.w * 0.6, c.w * 0.2);
      const y0 = between(r, -c.len * 0.05, -c.len * 0.4);
      const x1 = between(r, -c.w * 0.2, c.w * 0.7);
      const y1 = between(r, -c.len * 0.6, -c.len * 1.05);
      const k = between(r, -c.w * 0.6, c.w * 0.6);
      const width = between(r, 0.03, 0.07) * c.w;
      veins.push(
        d`<path d="M ${x0} ${y0} C ${x0 + k} ${(y0 + y1) / 2} ${x1 - k} ${(y0 + y1) / 2} ${x1} ${y1}" fill="none" stroke="#8F8C8F" stroke-opacity="${between(r, 0.25, 0.45)}" stroke-width="${width * 0.7}" stroke-linecap="round"/>`,
      );
    }
    const gx = between(r, -c.w * 0.4, c.w * 0.1);
    const gold = d`<path d="M ${gx} ${0} C ${gx + c.w * 0.5} ${-c.len * 0.3} ${gx - c.w * 0.2} ${-c.len * 0.6} ${gx + c.w * 0.4} ${-c.len * 1.05}" fill="none" stroke="${palette.gold}" stroke-width="${c.w * 0.05}" stroke-linecap="round"/>`;
    const cloud = uid("mc");
    return (
      polishFill(c, "#F5F2EF", 0.06) +
      defs(
        `<filter id="${cloud}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${c.w * 0.08}"/></filter>`,
      ) +
      d`<ellipse cx="${between(r, -c.w * 0.3, c.w * 0.3)}" cy="${-c.len * 0.55}" rx="${c.w * 0.35}" ry="${c.len * 0.2}" fill="#B9B5B6" opacity="0.35" filter="url(#${cloud})"/>` +
      veins.join("") +
      gold
    );
  },
};

/** Deep green chrome: sharp reflective bands across the width. */
export const greenChrome: NailDesign = {
  color: polish.deepGreen,
  paint: (c) => {
    const id = uid("gc");
    const glow = uid("gg");
    return (
      defs(
        linear(
          id,
          [
            [0, "#0B211B"],
            [0.18, "#2F6B58"],
            [0.32, "#A9D8C5"],
            [0.42, "#2A5D4C"],
            [0.7, "#143A2F"],
            [0.86, "#5E9C86"],
            [1, "#0B211B"],
          ],
          { x2: 1, y2: 0.15 },
        ),
        linear(glow, [
          [0, "#FFFFFF", 0],
          [0.5, "#E4FFF4", 0.35],
          [1, "#FFFFFF", 0],
        ]),
      ) +
      d`<rect x="${-c.w / 2}" y="${-c.len * 1.1}" width="${c.w}" height="${c.len * 1.3}" fill="url(#${id})"/>` +
      d`<rect x="${-c.w / 2}" y="${-c.len * 0.75}" width="${c.w}" height="${c.len * 0.3}" fill="url(#${glow})"/>`
    );
  },
};

/** Convenience: accent colour for bottles matching a design. */
export function bottleColor(design: NailDesign): string {
  return mix(design.color, shade(design.color, 0.2), 0.3);
}

export type { NailContext };
