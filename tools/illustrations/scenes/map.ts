/**
 * Map: a stylised Chicago street grid (Wicker Park style) with a diagonal avenue,
 * a six-corner intersection, a triangular park, an elevated trail and a rose pin at the centre.
 */
import { shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { between, seeded } from "../lib/random";
import { blurFilter, d, defs, linear, radial, uid } from "../lib/svg";

export const MAP = { w: 1600, h: 1000 };

const CX = 800;
const CY = 560;
const STREET = "#FBF8F4";
const BLOCK = "#EDE3D8";
/** Diagonal avenue direction (north-west to south-east). */
const DIAG = { dx: 1, dy: 0.56 };

function grid(w: number, h: number): string {
  let minor = "";
  let alleys = "";
  for (let x = CX - 93 * 9; x < w + 93; x += 93) {
    minor += d`<path d="M ${x} 0 L ${x} ${h}" stroke="${STREET}" stroke-width="7"/>`;
    alleys += d`<path d="M ${x + 46.5} 0 L ${x + 46.5} ${h}" stroke="${STREET}" stroke-width="2" opacity="0.3"/>`;
  }
  for (let y = CY - 70 * 8; y < h + 70; y += 70) {
    minor += d`<path d="M 0 ${y} L ${w} ${y}" stroke="${STREET}" stroke-width="6"/>`;
  }
  return alleys + minor;
}

function majors(w: number, h: number): string {
  const edge = shade(BLOCK, 0.08);
  const road = (path: string, width: number) =>
    `<path d="${path}" stroke="${edge}" stroke-width="${width + 4}" fill="none"/><path d="${path}" stroke="#FFFFFF" stroke-width="${width}" fill="none"/>`;
  const t = 1200;
  const diag = d`M ${CX - DIAG.dx * t} ${CY - DIAG.dy * t} L ${CX + DIAG.dx * t} ${CY + DIAG.dy * t}`;
  return (
    road(d`M ${CX} 0 L ${CX} ${h}`, 24) +
    road(d`M ${CX - 93 * 6} 0 L ${CX - 93 * 6} ${h}`, 18) +
    road(d`M ${CX + 93 * 6} 0 L ${CX + 93 * 6} ${h}`, 18) +
    road(d`M 0 ${CY} L ${w} ${CY}`, 24) +
    road(d`M 0 ${CY - 70 * 6} L ${w} ${CY - 70 * 6}`, 16) +
    road(d`M 0 ${CY + 70 * 5} L ${w} ${CY + 70 * 5}`, 16) +
    road(diag, 26)
  );
}

/** A triangular park with trees south-east of the intersection, plus a small square park. */
function parks(): string {
  const lawn = uid("lawn");
  const r = seeded(17);
  const x1 = CX + 93 + 6;
  const y1 = CY + 70 * 2 + 6;
  const x2 = CX + 93 * 5 - 6;
  const y2 = CY + 70 * 5 - 6;
  const tri = d`M ${x1} ${y1 + 10} L ${x1} ${y2 - 8} Q ${x1} ${y2} ${x1 + 8} ${y2} L ${x2 - 16} ${y2} Q ${x2} ${y2} ${x2 - 12} ${y2 - 8} L ${x1 + 10} ${y1 + 2} Q ${x1} ${y1} ${x1} ${y1 + 10} Z`;
  const inside = (x: number, y: number) =>
    x > x1 + 14 && y < y2 - 14 && (y - y1) / (y2 - y1) > (x - x1) / (x2 - x1) + 0.12;
  let trees = "";
  for (let i = 0; i < 60; i++) {
    const x = between(r, x1, x2);
    const y = between(r, y1, y2);
    if (!inside(x, y)) continue;
    const rr = between(r, 8, 13);
    trees += d`<circle cx="${x + 2}" cy="${y + 3}" r="${rr}" fill="${shade(palette.sage, 0.35)}" opacity="0.22"/><circle cx="${x}" cy="${y}" r="${rr}" fill="${shade(palette.sage, 0.12)}" opacity="0.8"/>`;
  }
  const sx = CX + 93 * 3 + 6;
  const sy = CY - 70 * 2 + 6;
  const square =
    d`<rect x="${sx}" y="${sy}" width="${93 * 2 - 12}" height="${70 - 12}" rx="6" fill="url(#${lawn})"/>` +
    d`<circle cx="${sx + 40}" cy="${sy + 29}" r="10" fill="${shade(palette.sage, 0.12)}" opacity="0.8"/><circle cx="${sx + 130}" cy="${sy + 27}" r="12" fill="${shade(palette.sage, 0.12)}" opacity="0.8"/>`;
  return (
    defs(
      linear(lawn, [
        [0, tint(palette.sage, 0.35)],
        [1, tint(palette.sage, 0.15)],
      ]),
    ) +
    `<path d="${tri}" fill="url(#${lawn})"/>` +
    d`<path d="M ${x1 + 6} ${y2 - 30} C ${x1 + 60} ${y2 - 80} ${x1 + 120} ${y2 - 40} ${x2 - 60} ${y2 - 12}" fill="none" stroke="#FFFFFF" stroke-width="3" opacity="0.85"/>` +
    d`<circle cx="${x1 + 95}" cy="${y2 - 52}" r="11" fill="#FFFFFF" opacity="0.85"/>` +
    trees +
    square
  );
}

/** Elevated linear trail running east-west, drawn as a green ribbon with a path line. */
function trail(w: number): string {
  const y = CY - 70 * 3 - 35;
  return (
    d`<rect x="0" y="${y - 10}" width="${w}" height="20" fill="${tint(palette.sage, 0.2)}"/>` +
    d`<path d="M 0 ${y} L ${w} ${y}" stroke="#FFFFFF" stroke-width="2" stroke-dasharray="10 8" opacity="0.9"/>`
  );
}

/** Elevated train line running beside the avenue, with a station near the intersection. */
function trainLine(): string {
  const t = 1200;
  const off = 22;
  const nx = -DIAG.dy / Math.hypot(DIAG.dx, DIAG.dy);
  const ny = DIAG.dx / Math.hypot(DIAG.dx, DIAG.dy);
  const path = d`M ${CX - DIAG.dx * t + nx * off} ${CY - DIAG.dy * t + ny * off} L ${CX + DIAG.dx * t + nx * off} ${CY + DIAG.dy * t + ny * off}`;
  const sx = CX - 150 + nx * off;
  const sy = CY - 150 * DIAG.dy + ny * off;
  return (
    `<path d="${path}" stroke="${palette.plum}" stroke-width="3" stroke-dasharray="14 7" opacity="0.45" fill="none"/>` +
    d`<rect x="${sx - 16}" y="${sy - 8}" width="32" height="16" rx="8" fill="#FFFFFF" stroke="${palette.plum}" stroke-width="3" opacity="0.8" transform="rotate(29.2 ${sx} ${sy})"/>`
  );
}

function compass(x: number, y: number): string {
  return (
    d`<circle cx="${x}" cy="${y}" r="34" fill="none" stroke="${palette.gold}" stroke-width="1.5" opacity="0.7"/>` +
    d`<path d="M ${x} ${y - 28} L ${x + 8} ${y} L ${x} ${y + 28} L ${x - 8} ${y} Z" fill="${palette.gold}" opacity="0.3"/>` +
    d`<path d="M ${x} ${y - 28} L ${x + 8} ${y} L ${x - 8} ${y} Z" fill="${palette.gold}"/>`
  );
}

function pin(x: number, y: number): string {
  const body = uid("pin");
  const pulse = uid("pulse");
  const shadow = uid("psh");
  const s = 1.35;
  const path = d`M ${x} ${y} C ${x - 14 * s} ${y - 30 * s} ${x - 34 * s} ${y - 44 * s} ${x - 34 * s} ${y - 70 * s} C ${x - 34 * s} ${y - 90 * s} ${x - 18 * s} ${y - 105 * s} ${x} ${y - 105 * s} C ${x + 18 * s} ${y - 105 * s} ${x + 34 * s} ${y - 90 * s} ${x + 34 * s} ${y - 70 * s} C ${x + 34 * s} ${y - 44 * s} ${x + 14 * s} ${y - 30 * s} ${x} ${y} Z`;
  return (
    defs(
      radial(pulse, [
        [0, palette.rose, 0.35],
        [0.6, palette.rose, 0.12],
        [1, palette.rose, 0],
      ]),
      linear(
        body,
        [
          [0, tint(palette.rose, 0.25)],
          [1, shade(palette.rose, 0.15)],
        ],
        { x2: 1, y2: 1 },
      ),
      blurFilter(shadow, 6),
    ) +
    d`<circle cx="${x}" cy="${y}" r="130" fill="url(#${pulse})"/>` +
    d`<circle cx="${x}" cy="${y}" r="62" fill="none" stroke="${palette.rose}" stroke-width="2" opacity="0.35"/>` +
    d`<ellipse cx="${x + 14}" cy="${y + 2}" rx="26" ry="8" fill="${palette.plum}" opacity="0.35" filter="url(#${shadow})"/>` +
    `<path d="${path}" fill="url(#${body})"/>` +
    d`<circle cx="${x}" cy="${y - 70 * s}" r="${14 * s}" fill="${palette.ivory}"/>` +
    d`<circle cx="${x}" cy="${y - 70 * s}" r="${5 * s}" fill="${palette.gold}"/>` +
    d`<path d="M ${x - 20 * s} ${y - 88 * s} C ${x - 14 * s} ${y - 98 * s} ${x - 4 * s} ${y - 101 * s} ${x + 6 * s} ${y - 100 * s}" stroke="#FFFFFF" stroke-width="${3 * s}" fill="none" stroke-linecap="round" opacity="0.45"/>`
  );
}

export function map(): string {
  const { w, h } = MAP;
  const vignette = uid("vig");
  return (
    d`<rect width="${w}" height="${h}" fill="${BLOCK}"/>` +
    grid(w, h) +
    parks() +
    trail(w) +
    majors(w, h) +
    trainLine() +
    defs(
      radial(
        vignette,
        [
          [0, "#FFFFFF", 0],
          [0.7, "#FFFFFF", 0],
          [1, palette.sand, 0.7],
        ],
        { r: 0.75 },
      ),
    ) +
    `<rect width="${w}" height="${h}" fill="url(#${vignette})"/>` +
    compass(1500, 110) +
    pin(CX, CY)
  );
}
