/** Contact: the salon's storefront on a brick building, awning, warm lit windows and planters. */
import { shade, tint } from "../lib/color";
import { palette } from "../lib/palette";
import { d, defs, linear, radial, softShadow, uid } from "../lib/svg";
import { FRAME, storefront } from "./storefront";

export const CONTACT = { w: 800, h: 1000 };

const BRICK = "#DCC3B3";

function sky(w: number, h: number): string {
  const id = uid("sky");
  return (
    defs(
      linear(id, [
        [0, "#F3E3DD"],
        [0.5, palette.ivory],
        [1, "#F6EFE8"],
      ]),
    ) + d`<rect width="${w}" height="${h}" fill="url(#${id})"/>`
  );
}

function facade(): string {
  const id = uid("fa");
  let courses = "";
  for (let y = 122; y < 470; y += 16) {
    courses += d`<path d="M 40 ${y} L 760 ${y}" stroke="${shade(BRICK, 0.12)}" stroke-width="1" opacity="0.22"/>`;
  }
  return (
    defs(
      linear(
        id,
        [
          [0, tint(BRICK, 0.1)],
          [1, shade(BRICK, 0.05)],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    softShadow(400, 80, 380, 10, 0.12) +
    d`<rect x="40" y="70" width="720" height="820" fill="url(#${id})"/>` +
    courses +
    d`<rect x="28" y="62" width="744" height="34" fill="${palette.ivory}"/>` +
    d`<rect x="28" y="92" width="744" height="6" fill="${shade(palette.sand, 0.08)}"/>` +
    Array.from(
      { length: 30 },
      (_, i) =>
        d`<rect x="${44 + i * 24.4}" y="98" width="12" height="10" fill="${palette.ivory}"/>`,
    ).join("")
  );
}

function upperWindow(x: number, y: number, w: number, h: number): string {
  const glass = uid("uw");
  const r = w / 2;
  const arch = d`M ${x} ${y + h} L ${x} ${y + r} A ${r} ${r} 0 0 1 ${x + w} ${y + r} L ${x + w} ${y + h} Z`;
  return (
    defs(
      linear(glass, [
        [0, "#F7EEE9"],
        [0.6, "#E4D6D3"],
        [1, "#CDBDBC"],
      ]),
    ) +
    d`<path d="M ${x - 10} ${y + h} L ${x - 10} ${y + r} A ${r + 10} ${r + 10} 0 0 1 ${x + w + 10} ${y + r} L ${x + w + 10} ${y + h} Z" fill="${palette.ivory}"/>` +
    `<path d="${arch}" fill="url(#${glass})"/>` +
    d`<path d="M ${x + r} ${y} L ${x + r} ${y + h} M ${x} ${y + h * 0.55} L ${x + w} ${y + h * 0.55}" stroke="${palette.ivory}" stroke-width="5"/>` +
    d`<path d="M ${x + w * 0.15} ${y + h * 0.75} L ${x + w * 0.42} ${y + h * 0.45}" stroke="#FFFFFF" stroke-width="6" opacity="0.5" stroke-linecap="round"/>` +
    d`<rect x="${x - 16}" y="${y + h}" width="${w + 32}" height="10" fill="${palette.ivory}"/>` +
    d`<rect x="${x - 12}" y="${y + h + 10}" width="${w + 24}" height="4" fill="${shade(palette.sand, 0.1)}"/>`
  );
}

function signBand(): string {
  const id = uid("sg");
  const cx = 400;
  const cy = 500;
  return (
    defs(
      linear(id, [
        [0, tint(FRAME, 0.12)],
        [1, shade(FRAME, 0.1)],
      ]),
    ) +
    d`<rect x="70" y="468" width="660" height="64" fill="url(#${id})"/>` +
    d`<rect x="80" y="476" width="640" height="48" fill="none" stroke="${palette.gold}" stroke-width="1.5" opacity="0.85"/>` +
    d`<path d="M ${cx} ${cy - 18} C ${cx + 12} ${cy - 4} ${cx + 12} ${cy + 12} ${cx} ${cy + 16} C ${cx - 12} ${cy + 12} ${cx - 12} ${cy - 4} ${cx} ${cy - 18} Z" fill="${palette.gold}"/>` +
    d`<path d="M ${cx - 120} ${cy} L ${cx - 30} ${cy} M ${cx + 30} ${cy} L ${cx + 120} ${cy}" stroke="${palette.gold}" stroke-width="1.5"/>` +
    d`<circle cx="${cx - 126}" cy="${cy}" r="3" fill="${palette.gold}"/><circle cx="${cx + 126}" cy="${cy}" r="3" fill="${palette.gold}"/>`
  );
}

function awning(): string {
  const id = uid("aw");
  const top = 532;
  const bottom = 588;
  let scallops = d`M 60 ${bottom}`;
  const n = 14;
  const step = 680 / n;
  for (let i = 0; i < n; i++) {
    const x = 60 + i * step;
    scallops += d` Q ${x + step / 2} ${bottom + 26} ${x + step} ${bottom}`;
  }
  let stripes = "";
  for (let i = 1; i < n; i += 2) {
    const x = 60 + i * step;
    stripes += d`<path d="M ${x + 4 - (x - 400) * 0.04} ${top} L ${x} ${bottom} L ${x + step} ${bottom} L ${x + step - 4 - (x + step - 400) * 0.04} ${top} Z" fill="#FFFFFF" opacity="0.1"/>`;
  }
  return (
    softShadow(400, 620, 330, 14, 0.22) +
    defs(
      linear(id, [
        [0, tint(palette.rose, 0.15)],
        [1, shade(palette.rose, 0.12)],
      ]),
    ) +
    d`<path d="M 76 ${top} L 724 ${top} L 740 ${bottom} L 60 ${bottom} Z" fill="url(#${id})"/>` +
    stripes +
    `<path d="${scallops} L 60 ${bottom} Z" fill="${shade(palette.rose, 0.12)}"/>` +
    d`<path d="M 60 ${bottom} L 740 ${bottom}" stroke="${palette.gold}" stroke-width="2"/>`
  );
}

function sconce(x: number, y: number): string {
  const glow = uid("sc");
  return (
    defs(
      radial(glow, [
        [0, "#FFE3B0", 0.7],
        [1, "#FFE3B0", 0],
      ]),
    ) +
    d`<circle cx="${x}" cy="${y}" r="40" fill="url(#${glow})"/>` +
    d`<rect x="${x - 3}" y="${y + 6}" width="6" height="16" fill="${palette.gold}"/>` +
    d`<path d="M ${x - 9} ${y + 8} L ${x - 6} ${y - 14} L ${x + 6} ${y - 14} L ${x + 9} ${y + 8} Z" fill="#FFF2D6" stroke="${palette.gold}" stroke-width="2"/>`
  );
}

function topiary(x: number, y: number, size: number): string {
  const leaf = uid("tp");
  const pot = uid("tq");
  return (
    softShadow(x + 6, y, size * 0.42, 7, 0.3) +
    defs(
      radial(
        leaf,
        [
          [0, tint(palette.sage, 0.3)],
          [0.7, palette.sage],
          [1, shade(palette.sage, 0.25)],
        ],
        { cx: 0.4, cy: 0.35 },
      ),
      linear(
        pot,
        [
          [0, "#E8E2DA"],
          [0.35, "#FFFFFF"],
          [1, "#CFC7BD"],
        ],
        { x2: 1, y2: 0 },
      ),
    ) +
    d`<rect x="${x - 2}" y="${y - size * 1.2}" width="4" height="${size * 0.6}" fill="#7D6A5E"/>` +
    d`<circle cx="${x}" cy="${y - size * 1.25}" r="${size * 0.42}" fill="url(#${leaf})"/>` +
    d`<path d="M ${x - size * 0.36} ${y - size * 0.62} L ${x + size * 0.36} ${y - size * 0.62} L ${x + size * 0.28} ${y} L ${x - size * 0.28} ${y} Z" fill="url(#${pot})"/>` +
    d`<rect x="${x - size * 0.4}" y="${y - size * 0.66}" width="${size * 0.8}" height="${size * 0.08}" fill="#FFFFFF"/>`
  );
}

function sidewalk(w: number, h: number): string {
  const id = uid("sw");
  let joints = "";
  for (let x = -40; x < w + 80; x += 110) {
    joints += d`<path d="M ${x} 890 L ${x - 60} ${h - 40}" stroke="#D8CCC0" stroke-width="1.5"/>`;
  }
  return (
    defs(
      linear(id, [
        [0, "#EDE4DA"],
        [1, "#E2D6CA"],
      ]),
    ) +
    d`<rect x="0" y="880" width="${w}" height="${h - 880}" fill="url(#${id})"/>` +
    d`<rect x="0" y="880" width="${w}" height="4" fill="#D9CDC1"/>` +
    joints +
    d`<rect x="0" y="${h - 40}" width="${w}" height="40" fill="#D6C9BC"/>` +
    d`<rect x="0" y="${h - 40}" width="${w}" height="3" fill="#F4EEE7"/>`
  );
}

export function contact(): string {
  const { w, h } = CONTACT;
  return (
    sky(w, h) +
    d`<rect x="0" y="40" width="40" height="850" fill="#E4E2DA"/><rect x="0" y="40" width="40" height="10" fill="#F4F1EA"/>` +
    d`<rect x="760" y="120" width="40" height="770" fill="#E7DCD3"/><rect x="760" y="120" width="40" height="10" fill="#F6F0EA"/>` +
    facade() +
    upperWindow(130, 170, 170, 230) +
    upperWindow(500, 170, 170, 230) +
    signBand() +
    sidewalk(w, h) +
    storefront() +
    awning() +
    sconce(335, 650) +
    sconce(465, 650) +
    topiary(300, 920, 90) +
    topiary(500, 920, 90)
  );
}
