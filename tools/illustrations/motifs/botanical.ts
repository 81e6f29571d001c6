/** Leaves, sprigs and flowers used as quiet accents. */
import { mix, shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { between, type Random, seeded } from "../lib/random";
import { d, defs, g, linear, radial, softShadow, uid } from "../lib/svg";

interface Stem {
  x: number;
  y: number;
  length: number;
  /** Direction in degrees, 0 = up, positive = clockwise. */
  angle: number;
  /** Sideways bow of the stem relative to its length. */
  bend?: number;
  seed?: number;
}

/** Point and tangent on a quadratic stem in local space (base at origin, pointing up). */
function stemPoint(length: number, bend: number, t: number): { x: number; y: number; a: number } {
  const cx = length * bend;
  const cy = -length / 2;
  const x = 2 * (1 - t) * t * cx;
  const y = 2 * (1 - t) * t * cy + t * t * -length;
  const dx = 2 * (1 - t) * cx + 2 * t * (0 - cx);
  const dy = 2 * (1 - t) * cy + 2 * t * (-length - cy);
  return { x, y, a: (Math.atan2(dx, -dy) * 180) / Math.PI };
}

function stemLine(length: number, bend: number, color: string, width: number): string {
  return d`<path d="M 0 0 Q ${length * bend} ${-length / 2} 0 ${-length}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/** Round, silvery eucalyptus leaves in pairs along a gently bowed stem. */
export function eucalyptus(s: Stem, base: string = palette.sage): string {
  const r = seeded(s.seed ?? 11);
  const bend = s.bend ?? 0.12;
  const leaves: string[] = [];
  const count = Math.max(4, Math.round(s.length / 48));
  for (let i = 0; i < count; i++) {
    const t = 0.12 + (0.86 * i) / count;
    const p = stemPoint(s.length, bend, t);
    const size = ((0.86 * s.length) / count) * (0.7 - 0.3 * t) * between(r, 0.88, 1.08);
    for (const side of [-1, 1]) {
      const color = mix(base, i % 2 ? "#8FA6A0" : "#C3CDBB", between(r, 0.1, 0.45));
      const a = p.a + side * between(r, 58, 82);
      const ox = Math.sin((a * Math.PI) / 180) * size * 0.92;
      const oy = -Math.cos((a * Math.PI) / 180) * size * 0.92;
      const fill = uid("eu");
      leaves.push(
        defs(
          linear(fill, [
            [0, tint(color, 0.18)],
            [1, shade(color, 0.08)],
          ]),
        ) +
          d`<g transform="translate(${p.x + ox} ${p.y + oy}) rotate(${a})">` +
          d`<path d="M 0 ${size} C ${size * 1.1} ${size * 0.95} ${size * 1.05} ${-size * 0.7} ${size * 0.08} ${-size * 1.08} C ${-size * 1.05} ${-size * 0.8} ${-size * 1.1} ${size * 0.9} 0 ${size} Z" fill="url(#${fill})"/>` +
          d`<path d="M 0 ${size * 0.95} L 0 ${-size * 0.7}" stroke="${shade(color, 0.12)}" stroke-width="${size * 0.05}" opacity="0.5"/>` +
          d`<path d="M ${-size * 0.55} ${-size * 0.2} C ${-size * 0.45} ${-size * 0.7} ${-size * 0.15} ${-size * 0.85} ${size * 0.05} ${-size * 0.88}" fill="none" stroke="#FFFFFF" stroke-width="${size * 0.08}" opacity="0.25" stroke-linecap="round"/>` +
          "</g>",
      );
    }
  }
  return g(
    stemLine(s.length, bend, mix(base, "#7D6A5E", 0.5), s.length * 0.012) + leaves.join(""),
    d`transform="translate(${s.x} ${s.y}) rotate(${s.angle})"`,
  );
}

/** Slender olive-like leaves alternating along a stem. */
export function sprig(s: Stem, base: string = palette.sage): string {
  const r = seeded(s.seed ?? 5);
  const bend = s.bend ?? 0.1;
  const leaves: string[] = [];
  const count = Math.max(5, Math.round(s.length / 32));
  for (let i = 0; i < count; i++) {
    const t = 0.1 + (0.9 * i) / count;
    const p = stemPoint(s.length, bend, t);
    const side = i % 2 ? 1 : -1;
    const len = s.length * (0.2 - 0.08 * t) * between(r, 0.85, 1.15);
    const wid = len * 0.26;
    const a = p.a + side * between(r, 30, 48);
    const color = mix(base, side > 0 ? "#7F9477" : "#C4CDB7", between(r, 0.15, 0.5));
    leaves.push(
      d`<g transform="translate(${p.x} ${p.y}) rotate(${a})">` +
        d`<path d="M 0 0 C ${wid} ${-len * 0.25} ${wid} ${-len * 0.7} 0 ${-len} C ${-wid} ${-len * 0.7} ${-wid} ${-len * 0.25} 0 0 Z" fill="${color}"/>` +
        d`<path d="M 0 0 L 0 ${-len * 0.85}" stroke="${shade(color, 0.15)}" stroke-width="${wid * 0.08}" opacity="0.45"/></g>`,
    );
  }
  const tip = stemPoint(s.length, bend, 1);
  const tl = s.length * 0.12;
  const tipLeaf = d`<path d="M 0 0 C ${tl * 0.26} ${-tl * 0.25} ${tl * 0.26} ${-tl * 0.7} 0 ${-tl} C ${-tl * 0.26} ${-tl * 0.7} ${-tl * 0.26} ${-tl * 0.25} 0 0 Z" fill="${base}" transform="translate(${tip.x.toFixed(1)} ${tip.y.toFixed(1)}) rotate(${tip.a.toFixed(1)})"/>`;
  return g(
    stemLine(s.length, bend, mix(base, "#6E5E50", 0.45), s.length * 0.012) +
      leaves.join("") +
      tipLeaf,
    d`transform="translate(${s.x} ${s.y}) rotate(${s.angle})"`,
  );
}

/** Five rounded petals with a gold centre. */
export function blossom(x: number, y: number, r: number, color: string, rotate = 0): string {
  const id = uid("bl");
  let petals = "";
  for (let i = 0; i < 5; i++) {
    const a = i * 72 + rotate;
    petals += d`<path d="M 0 0 C ${-r * 0.55} ${-r * 0.25} ${-r * 0.6} ${-r * 0.95} 0 ${-r} C ${r * 0.6} ${-r * 0.95} ${r * 0.55} ${-r * 0.25} 0 0 Z" fill="url(#${id})" transform="rotate(${a})"/>`;
  }
  const dots = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const a = (i * 60 * Math.PI) / 180;
      return d`<circle cx="${Math.cos(a) * r * 0.17}" cy="${Math.sin(a) * r * 0.17}" r="${r * 0.05}" fill="${shade(palette.gold, 0.15)}"/>`;
    })
    .join("");
  return g(
    defs(
      radial(
        id,
        [
          [0, shade(color, 0.12)],
          [0.45, color],
          [1, tint(color, 0.35)],
        ],
        { cx: 0.5, cy: 1, r: 1 },
      ),
    ) +
      petals +
      d`<circle r="${r * 0.14}" fill="${palette.gold}"/>` +
      dots,
    d`transform="translate(${x} ${y})"`,
  );
}

/** One rose petal pointing up from an inner radius to an outer radius. */
function rosePetal(
  inner: number,
  outer: number,
  width: number,
  fill: string,
  edge: string,
): string {
  const len = outer - inner;
  return (
    d`<path d="M ${-width * 0.3} ${-inner} C ${-width} ${-inner - len * 0.35} ${-width * 0.95} ${-outer} ${-width * 0.1} ${-outer} C ${width * 0.2} ${-outer - len * 0.06} ${width * 0.95} ${-outer + len * 0.05} ${width * 0.95} ${-inner - len * 0.5} C ${width * 0.9} ${-inner - len * 0.2} ${width * 0.6} ${-inner} ${width * 0.3} ${-inner} Z" fill="url(#${fill})"/>` +
    d`<path d="M ${-width * 0.8} ${-inner - len * 0.72} C ${-width * 0.6} ${-outer + len * 0.02} ${width * 0.3} ${-outer - len * 0.02} ${width * 0.8} ${-outer + len * 0.25}" fill="none" stroke="${edge}" stroke-width="${len * 0.05}" stroke-linecap="round" opacity="0.6"/>`
  );
}

/** A rose seen from above: rings of cupped petals around a tight spiral centre. */
export function rose(x: number, y: number, r: number, color: string, seed = 3): string {
  const rand = seeded(seed);
  let out = "";
  const rings = [
    { count: 5, inner: 0.35, outer: 1.0, width: 0.55, depth: 0 },
    { count: 5, inner: 0.25, outer: 0.8, width: 0.45, depth: 0.12 },
    { count: 4, inner: 0.15, outer: 0.58, width: 0.36, depth: 0.24 },
    { count: 3, inner: 0.08, outer: 0.38, width: 0.26, depth: 0.36 },
  ];
  out += softShadow(r * 0.12, r * 0.2, r * 0.95, r * 0.85, 0.18);
  out += d`<circle r="${r * 0.45}" fill="${mix(color, "#8C2F4A", 0.35)}"/>`;
  rings.forEach((ring, k) => {
    const id = uid("rp");
    const base = mix(color, "#9A3A55", ring.depth * 1.1);
    out += defs(
      linear(id, [
        [0, tint(base, 0.35)],
        [0.55, base],
        [1, shade(base, 0.25)],
      ]),
    );
    for (let i = 0; i < ring.count; i++) {
      const a = (360 / ring.count) * i + k * 31 + between(rand, -8, 8);
      out += `<g transform="rotate(${a.toFixed(1)})">${rosePetal(r * ring.inner, r * ring.outer, r * ring.width, id, tint(base, 0.45))}</g>`;
    }
  });
  const core = mix(color, "#5E1F33", 0.6);
  out +=
    d`<circle r="${r * 0.12}" fill="${mix(color, "#8C2F4A", 0.45)}"/>` +
    d`<path d="M ${-r * 0.1} ${r * 0.02} C ${-r * 0.1} ${-r * 0.12} ${r * 0.1} ${-r * 0.12} ${r * 0.09} ${r * 0.02} C ${r * 0.08} ${r * 0.1} ${-r * 0.02} ${r * 0.1} ${-r * 0.02} ${r * 0.02}" fill="none" stroke="${core}" stroke-width="${r * 0.025}" stroke-linecap="round"/>`;
  return g(out, d`transform="translate(${x} ${y}) rotate(${between(rand, 0, 60)})"`);
}

/** A cluster of tiny florets around an end point. */
function florets(r: Random, ex: number, ey: number, floret: string, stemColor: string): string {
  let out = "";
  for (let j = 0; j < 7; j++) {
    const fx = ex + between(r, -14, 14);
    const fy = ey + between(r, -14, 8);
    const fr = between(r, 4, 6.5);
    out +=
      d`<path d="M ${ex} ${ey} L ${fx} ${fy}" stroke="${stemColor}" stroke-width="0.8"/>` +
      d`<circle cx="${fx}" cy="${fy}" r="${fr}" fill="${floret}" stroke="#D9CFC6" stroke-width="0.8"/>` +
      d`<circle cx="${fx}" cy="${fy}" r="${fr * 0.3}" fill="#E8DCCB"/>`;
  }
  return out;
}

/** Airy baby's breath: forking stems ending in clusters of tiny white florets. */
export function babysBreath(s: Stem, floret = "#FFFFFF"): string {
  const r = seeded(s.seed ?? 21);
  const stemColor = "#9AA88F";
  const bend = s.bend ?? 0.05;
  let out = stemLine(s.length, bend, stemColor, 1.6);
  for (let i = 0; i < 7; i++) {
    const p = stemPoint(s.length, bend, 0.35 + i * 0.1);
    const a = ((p.a + (i % 2 ? 1 : -1) * between(r, 25, 55)) * Math.PI) / 180;
    const len = s.length * between(r, 0.15, 0.3);
    const ex = p.x + Math.sin(a) * len;
    const ey = p.y - Math.cos(a) * len;
    out += d`<path d="M ${p.x} ${p.y} Q ${(p.x + ex) / 2 + len * 0.1} ${(p.y + ey) / 2} ${ex} ${ey}" fill="none" stroke="${stemColor}" stroke-width="1.1"/>`;
    out += florets(r, ex, ey, floret, stemColor);
  }
  const tip = stemPoint(s.length, bend, 1);
  out += florets(r, tip.x, tip.y, floret, stemColor);
  return g(out, d`transform="translate(${s.x} ${s.y}) rotate(${s.angle})"`);
}
