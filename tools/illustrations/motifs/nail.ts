/**
 * A single nail drawn in its own local space: cuticle at (0, 0), tip at (0, -length).
 * Shapes are smooth bezier outlines; designs are painted inside a clip of the shape.
 */
import { shade, tint } from "../lib/color";
import { type Random, seeded } from "../lib/random";
import { d, defs, linear, uid } from "../lib/svg";

export type NailShape = "almond" | "oval" | "squoval" | "coffin" | "stiletto";

export interface NailContext {
  /** Nail width at the widest point. */
  w: number;
  /** Distance from cuticle to tip. */
  len: number;
  /** Which finger (0 = thumb or first in a row). */
  index: number;
  random: Random;
}

export interface NailDesign {
  /** Main colour, used for the rim and bottle accents. */
  color: string;
  /** Markup painted inside the nail outline. */
  paint: (c: NailContext) => string;
  /** Glossy reflections on top (default true). */
  gloss?: boolean;
}

function nailPath(shape: NailShape, w: number, len: number): string {
  const h = w / 2;
  const base = d`M ${-h} ${-w * 0.2} C ${-h} ${w * 0.06} ${h} ${w * 0.06} ${h} ${-w * 0.2}`;
  switch (shape) {
    case "almond":
      return (
        base +
        d` C ${h * 1.04} ${-len * 0.5} ${h * 0.72} ${-len * 0.82} ${h * 0.14} ${-len * 0.985}` +
        d` Q 0 ${-len * 1.01} ${-h * 0.14} ${-len * 0.985}` +
        d` C ${-h * 0.72} ${-len * 0.82} ${-h * 1.04} ${-len * 0.5} ${-h} ${-w * 0.2} Z`
      );
    case "stiletto":
      return (
        base +
        d` C ${h * 1.02} ${-len * 0.42} ${h * 0.5} ${-len * 0.78} ${h * 0.06} ${-len * 0.99}` +
        d` Q 0 ${-len * 1.01} ${-h * 0.06} ${-len * 0.99}` +
        d` C ${-h * 0.5} ${-len * 0.78} ${-h * 1.02} ${-len * 0.42} ${-h} ${-w * 0.2} Z`
      );
    case "oval":
      return (
        base +
        d` C ${h * 1.02} ${-len * 0.55} ${h} ${-len + h * 0.9} ${h * 0.62} ${-len + h * 0.28}` +
        d` C ${h * 0.38} ${-len - h * 0.05} ${-h * 0.38} ${-len - h * 0.05} ${-h * 0.62} ${-len + h * 0.28}` +
        d` C ${-h} ${-len + h * 0.9} ${-h * 1.02} ${-len * 0.55} ${-h} ${-w * 0.2} Z`
      );
    case "squoval":
      return (
        base +
        d` C ${h * 1.01} ${-len * 0.6} ${h * 1.0} ${-len * 0.9} ${h * 0.88} ${-len * 0.985}` +
        d` C ${h * 0.6} ${-len * 1.01} ${-h * 0.6} ${-len * 1.01} ${-h * 0.88} ${-len * 0.985}` +
        d` C ${-h} ${-len * 0.9} ${-h * 1.01} ${-len * 0.6} ${-h} ${-w * 0.2} Z`
      );
    case "coffin":
      return (
        base +
        d` C ${h * 1.02} ${-len * 0.5} ${h * 0.7} ${-len * 0.86} ${h * 0.5} ${-len * 0.99}` +
        d` Q ${h * 0.46} ${-len} ${h * 0.36} ${-len} L ${-h * 0.36} ${-len} Q ${-h * 0.46} ${-len} ${-h * 0.5} ${-len * 0.99}` +
        d` C ${-h * 0.7} ${-len * 0.86} ${-h * 1.02} ${-len * 0.5} ${-h} ${-w * 0.2} Z`
      );
  }
}

/** Glossy reflections: a long soft streak on the left and a small glint at the right. */
function glossLayer(w: number, len: number): string {
  const id = uid("gl");
  const h = w / 2;
  return (
    defs(
      linear(id, [
        [0, "#FFFFFF", 0],
        [0.35, "#FFFFFF", 0.75],
        [1, "#FFFFFF", 0.1],
      ]),
    ) +
    d`<path d="M ${-h * 0.62} ${-len * 0.12} C ${-h * 0.72} ${-len * 0.4} ${-h * 0.6} ${-len * 0.66} ${-h * 0.32} ${-len * 0.82} C ${-h * 0.46} ${-len * 0.6} ${-h * 0.5} ${-len * 0.36} ${-h * 0.42} ${-len * 0.12} Z" fill="url(#${id})"/>` +
    d`<ellipse cx="${h * 0.42}" cy="${-len * 0.3}" rx="${w * 0.05}" ry="${len * 0.08}" fill="#FFFFFF" opacity="0.28"/>`
  );
}

interface NailOptions {
  shape: NailShape;
  w: number;
  len: number;
  design: NailDesign;
  index?: number;
  seed?: number;
}

/** Full nail: design clipped to the outline, rim, gloss and a soft cuticle line. */
export function nail(o: NailOptions): string {
  const clip = uid("nc");
  const outline = nailPath(o.shape, o.w, o.len);
  const context: NailContext = {
    w: o.w,
    len: o.len,
    index: o.index ?? 0,
    random: seeded(o.seed ?? 7 + (o.index ?? 0) * 31),
  };
  const gloss = o.design.gloss === false ? "" : glossLayer(o.w, o.len);
  const rim = shade(o.design.color, 0.35);
  return (
    defs(`<clipPath id="${clip}"><path d="${outline}"/></clipPath>`) +
    `<g clip-path="url(#${clip})">${o.design.paint(context)}${gloss}</g>` +
    `<path d="${outline}" fill="none" stroke="${rim}" stroke-opacity="0.35" stroke-width="${Math.max(0.5, o.w * 0.025)}"/>`
  );
}

/** Shared helper: a full-cover fill with a subtle vertical gradient of a polish colour. */
export function polishFill(c: NailContext, color: string, depth = 0.18): string {
  const id = uid("pf");
  const side = uid("ps");
  return (
    defs(
      linear(
        id,
        [
          [0, tint(color, 0.08)],
          [0.6, color],
          [1, shade(color, depth)],
        ],
        { y1: 1, y2: 0 },
      ),
      linear(
        side,
        [
          [0, shade(color, depth), 0.5],
          [0.25, color, 0],
          [0.75, color, 0],
          [1, shade(color, depth), 0.6],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    d`<rect x="${-c.w}" y="${-c.len * 1.1}" width="${c.w * 2}" height="${c.len * 1.3}" fill="url(#${id})"/>` +
    d`<rect x="${-c.w / 2}" y="${-c.len * 1.1}" width="${c.w}" height="${c.len * 1.3}" fill="url(#${side})"/>`
  );
}
