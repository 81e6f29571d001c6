/**
 * The back of a right hand with shaped nails, drawn in local space:
 * wrist centre at (0, 0), fingers pointing up (negative y), thumb on the left.
 */
import { shade, tint } from "../lib/color";
import type { SkinTone } from "../lib/palette";
import { d, defs, dropShadowFilter, g, linear, radial, uid } from "../lib/svg";
import { type NailDesign, type NailShape, nail } from "./nail";

interface Finger {
  x: number;
  y: number;
  angle: number;
  length: number;
  baseW: number;
  tipW: number;
}

const FINGERS: Finger[] = [
  { x: -70, y: -78, angle: -40, length: 116, baseW: 50, tipW: 37 },
  { x: -50, y: -176, angle: -9, length: 150, baseW: 41, tipW: 33 },
  { x: -12, y: -186, angle: -2, length: 166, baseW: 41, tipW: 34 },
  { x: 25, y: -179, angle: 5, length: 152, baseW: 39, tipW: 32 },
  { x: 58, y: -160, angle: 13, length: 118, baseW: 34, tipW: 28 },
];

interface HandOptions {
  skin: SkinTone;
  design: NailDesign;
  shape?: NailShape;
  /** Nail free-edge length relative to finger length (0.1 short, 0.22 long). */
  extension?: number;
  /** Multiplies the fan angle of the fingers. */
  spread?: number;
  /** Optional sleeve colour covering the wrist. */
  sleeve?: string;
  seed?: number;
}

function fingerOutline(f: Finger): string {
  const b = f.baseW / 2;
  const t = f.tipW / 2;
  const c = -(f.length - t);
  return (
    d`M ${-b} 36 C ${-b} ${-f.length * 0.3} ${-t * 1.04} ${-f.length * 0.55} ${-t} ${c}` +
    d` C ${-t} ${c - t * 1.33} ${t} ${c - t * 1.33} ${t} ${c}` +
    d` C ${t * 1.04} ${-f.length * 0.55} ${b} ${-f.length * 0.3} ${b} 36 Z`
  );
}

function fingerEdge(f: Finger): string {
  const b = f.baseW / 2;
  const t = f.tipW / 2;
  const c = -(f.length - t);
  return (
    d`M ${-b * 0.99} ${-f.length * 0.12} C ${-b * 0.98} ${-f.length * 0.35} ${-t * 1.04} ${-f.length * 0.55} ${-t} ${c}` +
    d` C ${-t} ${c - t * 1.33} ${t} ${c - t * 1.33} ${t} ${c}` +
    d` C ${t * 1.04} ${-f.length * 0.55} ${b * 0.98} ${-f.length * 0.35} ${b * 0.99} ${-f.length * 0.12}`
  );
}

function creases(f: Finger, skin: SkinTone): string {
  const at = (k: number, w: number, op: number) => {
    const y = -f.length * k;
    return d`<path d="M ${-w * 0.22} ${y} Q 0 ${y - w * 0.09} ${w * 0.22} ${y}" fill="none" stroke="${skin.line}" stroke-width="1.1" stroke-linecap="round" opacity="${op}"/>`;
  };
  const mid = (f.baseW + f.tipW) / 2;
  return at(0.44, mid, 0.35) + at(0.47, mid * 0.8, 0.22) + at(0.68, f.tipW, 0.2);
}

function drawFinger(f: Finger, o: HandOptions, index: number, spread: number): string {
  const fill = uid("fg");
  const edge = uid("fe");
  const knuckle = uid("fk");
  const fade = uid("fm");
  const fadeGrad = uid("fmg");
  const extension = o.extension ?? 0.18;
  const nailW = f.tipW * 0.8;
  const bed = f.length * (index === 0 ? 0.24 : 0.21);
  const nailLen = bed + f.length * extension;
  const design = nail({
    shape: o.shape ?? "almond",
    w: nailW,
    len: nailLen,
    design: o.design,
    index,
    seed: (o.seed ?? 3) * 97 + index * 13,
  });
  const nailY = -(f.length - bed);
  const cuticleShadow = d`<ellipse cx="0" cy="${nailY - bed * 0.5}" rx="${nailW * 0.56}" ry="${bed * 0.68}" fill="${o.skin.shadow}" opacity="0.2"/>`;
  const body =
    defs(
      linear(
        fill,
        [
          [0, o.skin.shadow],
          [0.28, o.skin.light],
          [0.62, o.skin.base],
          [1, o.skin.shadow],
        ],
        { x2: 1, y2: 0 },
      ),
      linear(edge, [
        [0, o.skin.line, 0.55],
        [0.8, o.skin.line, 0.45],
        [1, o.skin.line, 0],
      ]),
      radial(knuckle, [
        [0, tint(o.skin.light, 0.3), 0.7],
        [1, o.skin.light, 0],
      ]),
      linear(
        fadeGrad,
        [
          [0, "#FFFFFF", 0],
          [1, "#FFFFFF", 1],
        ],
        { y1: 30, y2: index === 0 ? -30 : -12, user: true },
      ),
      d`<mask id="${fade}" maskUnits="userSpaceOnUse" x="-60" y="${-f.length - 40}" width="120" height="${f.length + 90}">` +
        d`<rect x="-60" y="${-f.length - 40}" width="120" height="${f.length + 90}" fill="url(#${fadeGrad})"/></mask>`,
    ) +
    `<path d="${fingerOutline(f)}" fill="url(#${fill})" mask="url(#${fade})"/>` +
    d`<ellipse cx="0" cy="${-f.length * 0.45}" rx="${f.baseW * 0.3}" ry="${f.length * 0.07}" fill="url(#${knuckle})"/>` +
    creases(f, o.skin) +
    `<path d="${fingerEdge(f)}" fill="none" stroke="url(#${edge})" stroke-width="1.3"/>` +
    cuticleShadow +
    g(design, d`transform="translate(0 ${nailY})"`);
  return g(body, d`transform="translate(${f.x} ${f.y}) rotate(${f.angle * spread})"`);
}

function backOfHand(skin: SkinTone): string {
  const fill = uid("bh");
  const glow = uid("bk");
  const outline =
    d`M -56 90 L -55 0 C -60 -30 -76 -52 -96 -74 C -84 -100 -80 -140 -74 -168 C -62 -206 72 -200 76 -152` +
    d` C 82 -110 64 -50 56 0 L 56 90 Z`;
  const knuckles = (
    [
      [-50, -172],
      [-12, -182],
      [25, -175],
      [57, -156],
    ] as const
  )
    .map(([x, y]) => d`<ellipse cx="${x}" cy="${y}" rx="15" ry="11" fill="url(#${glow})"/>`)
    .join("");
  return (
    defs(
      linear(
        fill,
        [
          [0, skin.base],
          [0.55, skin.light],
          [1, skin.shadow],
        ],
        { x2: 1, y2: 0.2 },
      ),
      radial(glow, [
        [0, tint(skin.light, 0.35), 0.8],
        [1, skin.light, 0],
      ]),
    ) +
    `<path d="${outline}" fill="url(#${fill})"/>` +
    knuckles +
    d`<path d="M -96 -74 C -76 -52 -60 -30 -55 0" fill="none" stroke="${skin.line}" stroke-opacity="0.3" stroke-width="1.3"/>` +
    d`<path d="M 76 -152 C 82 -110 64 -50 56 0" fill="none" stroke="${skin.line}" stroke-opacity="0.3" stroke-width="1.3"/>`
  );
}

function sleeveCuff(color: string): string {
  const id = uid("sl");
  let ribs = "";
  for (let x = -66; x <= 66; x += 11) {
    ribs += d`<path d="M ${x} ${-2 + Math.abs(x) * 0.05} L ${x * 1.12} 150" stroke="${shade(color, 0.15)}" stroke-width="1.4" opacity="0.5"/>`;
  }
  return (
    defs(
      linear(
        id,
        [
          [0, tint(color, 0.12)],
          [0.5, color],
          [1, shade(color, 0.12)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    d`<path d="M -72 6 C -60 -14 60 -14 72 6 L 84 160 L -84 160 Z" fill="url(#${id})"/>` +
    ribs +
    d`<path d="M -72 6 C -60 -14 60 -14 72 6" fill="none" stroke="${tint(color, 0.25)}" stroke-width="2"/>`
  );
}

/** Draw the whole hand; place it with a transform on the returned group. */
export function hand(o: HandOptions, transform = ""): string {
  const shadow = uid("hs");
  const spread = o.spread ?? 1;
  const [thumb, ...others] = FINGERS;
  const fingers = [...others]
    .reverse()
    .map((f, i) => drawFinger(f, o, others.length - i, spread))
    .join("");
  const thumbMarkup = thumb ? drawFinger(thumb, o, 0, spread) : "";
  const cuff = o.sleeve ? sleeveCuff(o.sleeve) : "";
  return (
    defs(dropShadowFilter(shadow, { dx: 6, dy: 10, blur: 12, color: "#4A2C3A", opacity: 0.18 })) +
    g(g(backOfHand(o.skin) + fingers + thumbMarkup + cuff, `filter="url(#${shadow})"`), transform)
  );
}
