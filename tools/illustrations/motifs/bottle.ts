/** Nail polish bottles: thick glass body, polish inside, highlights and a tall cap. */
import { mix, shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { d, defs, g, linear, softShadow, uid } from "../lib/svg";

type BottleShape = "square" | "round" | "tall";

interface BottleOptions {
  x: number;
  /** Baseline (where the bottle stands). */
  y: number;
  /** Body width. */
  w: number;
  color: string;
  shape?: BottleShape;
  cap?: string;
  /** Gold ring at the bottom of the cap. */
  ring?: boolean;
  /** Draw the contact shadow (default true). */
  shadow?: boolean;
  /** Rotation in degrees around the base (for lying/tilted bottles). */
  rotate?: number;
}

interface Body {
  h: number;
  capW: number;
  capH: number;
  neckW: number;
}

function proportions(shape: BottleShape, w: number): Body {
  switch (shape) {
    case "round":
      return { h: w * 0.92, capW: w * 0.4, capH: w * 0.78, neckW: w * 0.34 };
    case "tall":
      return { h: w * 1.45, capW: w * 0.5, capH: w * 0.95, neckW: w * 0.4 };
    default:
      return { h: w * 1.02, capW: w * 0.44, capH: w * 0.88, neckW: w * 0.36 };
  }
}

/** Outline of a body of width w and height h standing on y = 0. */
function bodyPath(shape: BottleShape, w: number, h: number): string {
  const x = w / 2;
  if (shape === "round") {
    return (
      d`M ${-x * 0.55} 0 L ${x * 0.55} 0 C ${x * 1.08} 0 ${x * 1.08} ${-h * 0.62} ${x * 0.78} ${-h * 0.86}` +
      d` C ${x * 0.6} ${-h * 1.0} ${-x * 0.6} ${-h * 1.0} ${-x * 0.78} ${-h * 0.86}` +
      d` C ${-x * 1.08} ${-h * 0.62} ${-x * 1.08} 0 ${-x * 0.55} 0 Z`
    );
  }
  const rb = w * 0.12;
  const rt = shape === "tall" ? w * 0.16 : w * 0.24;
  return (
    d`M ${-x + rb} 0 L ${x - rb} 0 Q ${x} 0 ${x} ${-rb} L ${x} ${-h + rt}` +
    d` C ${x} ${-h + rt * 0.35} ${x - rt * 0.35} ${-h} ${x - rt} ${-h} L ${-x + rt} ${-h}` +
    d` C ${-x + rt * 0.35} ${-h} ${-x} ${-h + rt * 0.35} ${-x} ${-h + rt} L ${-x} ${-rb} Q ${-x} 0 ${-x + rb} 0 Z`
  );
}

function cylinder(id: string, color: string, light = 0.35, dark = 0.4): string {
  return linear(
    id,
    [
      [0, shade(color, dark * 0.8)],
      [0.22, tint(color, light)],
      [0.42, color],
      [0.85, shade(color, dark * 0.7)],
      [1, shade(color, dark)],
    ],
    { x2: 1, y2: 0 },
  );
}

function cap(o: BottleOptions, b: Body): string {
  const color = o.cap ?? palette.ink;
  const top = -b.h - b.h * 0.07 - b.capH;
  const id = uid("cap");
  const ringId = uid("ring");
  const x = -b.capW / 2;
  const r = b.capW * 0.1;
  const ringH = b.capH * 0.1;
  const ring =
    o.ring === false
      ? ""
      : d`<rect x="${x}" y="${top + b.capH - ringH}" width="${b.capW}" height="${ringH}" fill="url(#${ringId})"/>`;
  return (
    defs(cylinder(id, color, 0.28, 0.5), cylinder(ringId, palette.gold, 0.45, 0.35)) +
    d`<rect x="${x}" y="${top}" width="${b.capW}" height="${b.capH}" rx="${r}" fill="url(#${id})"/>` +
    ring +
    d`<rect x="${x + b.capW * 0.16}" y="${top + b.capH * 0.06}" width="${b.capW * 0.09}" height="${b.capH * 0.76}" rx="${b.capW * 0.045}" fill="#FFFFFF" opacity="0.22"/>`
  );
}

function glassBody(o: BottleOptions, shape: BottleShape, b: Body): string {
  const wall = o.w * 0.07;
  const outer = bodyPath(shape, o.w, b.h);
  const innerW = o.w - wall * 2;
  const innerH = b.h - wall * 2.6;
  const inner = bodyPath(shape, innerW, innerH);
  const level = -innerH * 0.8;
  const clip = uid("bc");
  const paint = uid("bp");
  const streak = uid("bs");
  const glass = mix(o.color, "#FFFFFF", 0.72);
  const neckH = b.h * 0.08;
  return (
    defs(
      `<clipPath id="${clip}"><path d="${inner}" transform="translate(0 ${-wall * 1.7})"/></clipPath>`,
      linear(
        paint,
        [
          [0, shade(o.color, 0.32)],
          [0.2, tint(o.color, 0.18)],
          [0.48, o.color],
          [0.86, shade(o.color, 0.28)],
          [1, shade(o.color, 0.45)],
        ],
        { x2: 1, y2: 0 },
      ),
      linear(streak, [
        [0, "#FFFFFF", 0.15],
        [0.4, "#FFFFFF", 0.8],
        [1, "#FFFFFF", 0.25],
      ]),
    ) +
    d`<rect x="${-b.neckW / 2}" y="${-b.h - neckH}" width="${b.neckW}" height="${neckH + 2}" fill="${glass}" opacity="0.9"/>` +
    `<path d="${outer}" fill="${glass}" fill-opacity="0.78" stroke="${shade(o.color, 0.2)}" stroke-opacity="0.25"/>` +
    g(
      d`<rect x="${-o.w}" y="${-b.h * 1.2}" width="${o.w * 2}" height="${b.h * 1.3}" fill="${tint(o.color, 0.82)}" opacity="0.6"/>` +
        d`<rect x="${-o.w}" y="${level - wall * 1.7}" width="${o.w * 2}" height="${b.h}" fill="url(#${paint})"/>` +
        d`<ellipse cx="0" cy="${level - wall * 1.7}" rx="${innerW / 2}" ry="${wall * 0.35}" fill="${tint(o.color, 0.35)}" opacity="0.7"/>` +
        d`<rect x="${-o.w * 0.025}" y="${-b.h}" width="${o.w * 0.05}" height="${b.h * 0.5}" fill="${shade(o.color, 0.4)}" opacity="0.35"/>`,
      `clip-path="url(#${clip})"`,
    ) +
    d`<rect x="${-o.w / 2 + wall * 1.25}" y="${-b.h * 0.84}" width="${o.w * 0.075}" height="${b.h * 0.68}" rx="${o.w * 0.037}" fill="url(#${streak})"/>` +
    d`<rect x="${o.w / 2 - wall * 2.1}" y="${-b.h * 0.7}" width="${o.w * 0.03}" height="${b.h * 0.42}" rx="${o.w * 0.015}" fill="#FFFFFF" opacity="0.35"/>`
  );
}

/** A polish bottle standing with its base centred on (x, y). */
export function bottle(o: BottleOptions): string {
  const shape = o.shape ?? "square";
  const b = proportions(shape, o.w);
  const glow = uid("bg");
  const reflection =
    defs(
      `<filter id="${glow}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${o.w * 0.06}"/></filter>`,
    ) +
    d`<ellipse cx="${o.w * 0.28}" cy="${o.w * 0.05}" rx="${o.w * 0.45}" ry="${o.w * 0.06}" fill="${o.color}" opacity="0.22" filter="url(#${glow})"/>`;
  const shadow =
    o.shadow === false ? "" : softShadow(o.w * 0.12, 0, o.w * 0.7, o.w * 0.07, 0.28) + reflection;
  const rotate = o.rotate ? d` rotate(${o.rotate})` : "";
  return g(
    shadow + glassBody(o, shape, b) + cap(o, b),
    d`transform="translate(${o.x} ${o.y})${rotate}"`,
  );
}
