/**
 * Painted nail art (fine lines, blossoms, glitter, gold accents), as opposed to the finishes of
 * designs.ts: each paints inside the nail's local space (cuticle at 0, tip at -len).
 */
import { tint } from "../lib/color";
import { palette, polish } from "../lib/palette";
import { between } from "../lib/random";
import { d, defs, linear, uid } from "../lib/svg";
import { type NailDesign, polishFill } from "./nail";

/** Minimal nude with fine plum lines and gold dots, varying per finger. */
export const minimalLines: NailDesign = {
  color: "#E3C2B2",
  paint: (c) => {
    const base = polishFill(c, "#EBCFC2", 0.08);
    const line = palette.plum;
    const sw = c.w * 0.045;
    const dot = (x: number, y: number, r: number, fill: string) =>
      d`<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;
    switch (c.index % 4) {
      case 0:
        return (
          base +
          d`<path d="M ${-c.w * 0.05} ${c.w * 0.1} L ${-c.w * 0.05} ${-c.len * 1.1}" stroke="${line}" stroke-width="${sw}"/>` +
          dot(c.w * 0.18, -c.len * 0.45, c.w * 0.07, palette.gold)
        );
      case 1:
        return (
          base +
          dot(-c.w * 0.16, -c.len * 0.56, c.w * 0.07, line) +
          dot(0, -c.len * 0.56, c.w * 0.07, palette.gold) +
          dot(c.w * 0.16, -c.len * 0.56, c.w * 0.07, line)
        );
      case 2:
        return (
          base +
          d`<path d="M ${-c.w} ${-c.len * 0.35} L ${c.w} ${-c.len * 0.85}" stroke="${line}" stroke-width="${sw}"/>` +
          d`<path d="M ${-c.w} ${-c.len * 0.5} L ${c.w} ${-c.len * 1.0}" stroke="${palette.gold}" stroke-width="${sw * 0.8}"/>`
        );
      default:
        return (
          base +
          d`<path d="M ${-c.w * 0.42} ${-c.len * 0.18} C ${-c.w * 0.42} ${-c.len * 0.08} ${c.w * 0.42} ${-c.len * 0.08} ${c.w * 0.42} ${-c.len * 0.18}" fill="none" stroke="${line}" stroke-width="${sw}" stroke-linecap="round"/>` +
          dot(0, -c.len * 0.62, c.w * 0.06, line)
        );
    }
  },
};

function flower(cx: number, cy: number, r: number, petal: string, centre: string): string {
  let petals = "";
  for (let i = 0; i < 5; i++) {
    const a = (i * 72 - 90) * (Math.PI / 180);
    petals += d`<ellipse cx="${cx + Math.cos(a) * r * 0.62}" cy="${cy + Math.sin(a) * r * 0.62}" rx="${r * 0.48}" ry="${r * 0.34}" transform="rotate(${i * 72 - 90} ${cx + Math.cos(a) * r * 0.62} ${cy + Math.sin(a) * r * 0.62})" fill="${petal}"/>`;
  }
  return petals + d`<circle cx="${cx}" cy="${cy}" r="${r * 0.22}" fill="${centre}"/>`;
}

function tinyLeaf(x: number, y: number, size: number, angle: number, fill: string): string {
  return d`<path d="M 0 0 C ${size * 0.35} ${-size * 0.3} ${size * 0.35} ${-size * 0.75} 0 ${-size} C ${-size * 0.35} ${-size * 0.75} ${-size * 0.35} ${-size * 0.3} 0 0 Z" fill="${fill}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle})"/>`;
}

/** Nude base with tiny white blossoms, gold centres and sage leaves on accent nails. */
export const floral: NailDesign = {
  color: "#E2BBA8",
  paint: (c) => {
    const base = polishFill(c, "#E9C7B7", 0.08);
    if (c.index % 2 === 1) {
      return base + flower(c.w * 0.12, -c.len * 0.8, c.w * 0.17, "#FFFFFF", palette.gold);
    }
    return (
      base +
      tinyLeaf(-c.w * 0.05, -c.len * 0.34, c.w * 0.34, -40, "#8FA287") +
      tinyLeaf(c.w * 0.05, -c.len * 0.42, c.w * 0.28, 35, "#A9B5A0") +
      flower(-c.w * 0.12, -c.len * 0.55, c.w * 0.24, "#FFFFFF", palette.gold) +
      flower(c.w * 0.2, -c.len * 0.78, c.w * 0.16, "#F6E3E6", palette.gold)
    );
  },
};

/** Lavender base with glitter that gathers at the tip and fades towards the cuticle. */
export const lavenderGlitter: NailDesign = {
  color: polish.lavender,
  paint: (c) => {
    const r = c.random;
    const dots: string[] = [];
    const colors = ["#FFFFFF", "#E9E1F7", "#CFC2EA", "#D8D9E0"];
    for (let i = 0; i < 70; i++) {
      const t = r() ** 0.55;
      const y = -c.len * (0.05 + 1.0 * t);
      const x = between(r, -c.w * 0.55, c.w * 0.55);
      const size = c.w * between(r, 0.018, 0.05);
      const color = colors[Math.floor(r() * colors.length)] ?? "#FFFFFF";
      dots.push(
        d`<circle cx="${x}" cy="${y}" r="${size}" fill="${color}" opacity="${(0.35 + 0.6 * t).toFixed(2)}"/>`,
      );
    }
    const fade = uid("lf");
    return (
      polishFill(c, "#C8B8E2", 0.12) +
      defs(
        linear(
          fade,
          [
            [0, "#FFFFFF", 0],
            [1, "#F2ECFA", 0.75],
          ],
          { y1: 1, y2: 0 },
        ),
      ) +
      d`<rect x="${-c.w}" y="${-c.len * 1.1}" width="${c.w * 2}" height="${c.len * 1.3}" fill="url(#${fade})"/>` +
      dots.join("")
    );
  },
};

/** Coral with small gold accents: half-moon line on some, tiny star dot on others. */
export const coralGold: NailDesign = {
  color: polish.coral,
  paint: (c) => {
    const base = polishFill(c, polish.coral, 0.2);
    const gold = palette.gold;
    if (c.index % 3 === 1) {
      return (
        base +
        d`<path d="M ${-c.w * 0.42} ${-c.len * 0.16} C ${-c.w * 0.4} ${-c.len * 0.34} ${c.w * 0.4} ${-c.len * 0.34} ${c.w * 0.42} ${-c.len * 0.16}" fill="none" stroke="${gold}" stroke-width="${c.w * 0.09}" stroke-linecap="round"/>`
      );
    }
    if (c.index % 3 === 2) {
      const s = c.w * 0.2;
      const cy = -c.len * 0.62;
      return (
        base +
        d`<path d="M 0 ${cy - s} Q 0 ${cy} ${s} ${cy} Q 0 ${cy} 0 ${cy + s} Q 0 ${cy} ${-s} ${cy} Q 0 ${cy} 0 ${cy - s} Z" fill="${tint(gold, 0.2)}"/>`
      );
    }
    return base;
  },
};

/** Champagne shimmer for celebrations. */
export const champagne: NailDesign = {
  color: polish.champagne,
  paint: (c) => {
    const id = uid("ch");
    const dots: string[] = [];
    for (let i = 0; i < 30; i++) {
      dots.push(
        d`<circle cx="${between(c.random, -c.w * 0.5, c.w * 0.5)}" cy="${between(c.random, -c.len * 1.05, 0)}" r="${c.w * between(c.random, 0.015, 0.035)}" fill="#FFF7E6" opacity="${between(c.random, 0.4, 0.9).toFixed(2)}"/>`,
      );
    }
    return (
      defs(
        linear(
          id,
          [
            [0, "#C9A97A"],
            [0.35, "#F3E2C2"],
            [0.6, "#E2C79B"],
            [1, "#B8955F"],
          ],
          { x2: 1, y2: 0.3 },
        ),
      ) +
      d`<rect x="${-c.w / 2}" y="${-c.len * 1.1}" width="${c.w}" height="${c.len * 1.3}" fill="url(#${id})"/>` +
      dots.join("")
    );
  },
};
