/** Gallery: nine close-ups of a hand showing a different nail design each. */
import { tint } from "../lib/color";
import { palette, polish, type SkinTone, skins } from "../lib/palette";
import { between, type Random, seeded } from "../lib/random";
import { blurFilter, d, defs, g, radial, type Stop, uid } from "../lib/svg";
import { blossom, eucalyptus, sprig } from "../motifs/botanical";
import { bottle } from "../motifs/bottle";
import * as designs from "../motifs/designs";
import { hand } from "../motifs/hand";
import type { NailDesign, NailShape } from "../motifs/nail";
import * as nailArt from "../motifs/nail-art";
import { disc, wall } from "../motifs/setting";

export const GALLERY = { w: 1200, h: 1200 };

interface GalleryItem {
  design: NailDesign;
  shape: NailShape;
  extension: number;
  skin: SkinTone;
  background: Stop[];
  glow: string;
  /** Hand placement: wrist x, rotation. */
  x: number;
  rotate: number;
  props: () => string;
  alt: string;
}

/** A strand of pearls along a gentle curve from (x, y), bowing downwards. */
function pearls(x: number, y: number, count: number, r: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const px = x + t * 330;
    const py = y + Math.sin(t * Math.PI) * 90 - t * 60;
    out += d`<circle cx="${px + 3}" cy="${py + 5}" r="${r}" fill="#4A2C3A" opacity="0.08"/><circle cx="${px}" cy="${py}" r="${r}" fill="#F6EFE9"/><circle cx="${px - r * 0.35}" cy="${py - r * 0.35}" r="${r * 0.35}" fill="#FFFFFF" opacity="0.9"/>`;
  }
  return out;
}

/** Blurred palm-like leaf shadows falling across the backdrop, for a summery light. */
function leafShadows(): string {
  const id = uid("ls");
  const leaves = [-60, -40, -22, -6, 10]
    .map((a, i) => {
      const len = 420 + i * 30;
      return d`<path d="M 0 0 C 40 ${-len * 0.3} 34 ${-len * 0.7} 0 ${-len} C -34 ${-len * 0.7} -40 ${-len * 0.3} 0 0 Z" transform="translate(1260 80) rotate(${a - 110})"/>`;
    })
    .join("");
  return (
    defs(blurFilter(id, 10)) +
    `<g fill="${palette.plum}" opacity="0.07" filter="url(#${id})">${leaves}</g>`
  );
}

/** A wandering vein across a disc: a chain of smooth segments with random drift. */
function vein(rand: Random, x0: number, y0: number, angle: number, length: number): string {
  let x = x0;
  let y = y0;
  let a = angle;
  let path = d`M ${x} ${y}`;
  const steps = 5;
  for (let i = 0; i < steps; i++) {
    const step = length / steps;
    a += between(rand, -0.5, 0.5);
    const nx = x + Math.cos(a) * step;
    const ny = y + Math.sin(a) * step;
    const bend = between(rand, -0.35, 0.35) * step;
    path += d` Q ${(x + nx) / 2 - Math.sin(a) * bend} ${(y + ny) / 2 + Math.cos(a) * bend} ${nx} ${ny}`;
    x = nx;
    y = ny;
  }
  return path;
}

/** A round marble slab with soft grey veins and one gold vein, used as a backdrop. */
function marbleDisc(x: number, y: number, r: number): string {
  const clip = uid("md");
  const fill = uid("mf");
  const soft = uid("mb");
  const rand = seeded(77);
  let veins = "";
  for (let i = 0; i < 7; i++) {
    const start = between(rand, 0, Math.PI * 2);
    const sx = x + Math.cos(start) * r;
    const sy = y + Math.sin(start) * r;
    const path = vein(
      rand,
      sx,
      sy,
      start + Math.PI + between(rand, -0.6, 0.6),
      r * between(rand, 1.2, 1.9),
    );
    veins +=
      `<path d="${path}" fill="none" stroke="#B3ADB0" stroke-width="${between(rand, 10, 22).toFixed(1)}" opacity="0.22" filter="url(#${soft})"/>` +
      `<path d="${path}" fill="none" stroke="#8F8A8D" stroke-width="${between(rand, 0.8, 2.2).toFixed(1)}" opacity="${between(rand, 0.3, 0.6).toFixed(2)}"/>`;
  }
  const gold = vein(rand, x - r, y + r * 0.3, -0.35, r * 2.2);
  return (
    defs(
      `<clipPath id="${clip}"><circle cx="${x}" cy="${y}" r="${r}"/></clipPath>`,
      radial(
        fill,
        [
          [0, "#FFFFFF"],
          [0.7, "#F3F1EE"],
          [1, "#E2DDD8"],
        ],
        { cx: 0.4, cy: 0.35, r: 0.75 },
      ),
      blurFilter(soft, 7),
    ) +
    d`<circle cx="${x + 10}" cy="${y + 18}" r="${r}" fill="${palette.plum}" opacity="0.08"/>` +
    d`<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${fill})"/>` +
    g(
      `${veins}<path d="${gold}" fill="none" stroke="${palette.gold}" stroke-width="3"/>`,
      `clip-path="url(#${clip})"`,
    )
  );
}

export const galleryItems: GalleryItem[] = [
  {
    design: designs.french,
    shape: "squoval",
    extension: 0.12,
    skin: skins.light,
    background: [
      [0, palette.ivory],
      [1, "#EEDCD5"],
    ],
    glow: "#FFFFFF",
    x: 560,
    rotate: -6,
    props: () => pearls(740, 160, 13, 17) + blossom(712, 200, 36, "#FFFFFF", 10),
    alt: "Illustration of a classic French manicure: sheer pink nails with crisp white tips",
  },
  {
    design: designs.milkyOmbre,
    shape: "almond",
    extension: 0.2,
    skin: skins.medium,
    background: [
      [0, "#F7ECE8"],
      [1, "#EBCBCB"],
    ],
    glow: "#FFF6F4",
    x: 520,
    rotate: 4,
    props: () =>
      bottle({
        x: 1020,
        y: 690,
        w: 160,
        color: "#EFC9CF",
        shape: "round",
        cap: palette.gold,
        ring: false,
      }),
    alt: "Illustration of milky pink ombre almond nails fading to a deeper pink at the tips",
  },
  {
    design: designs.burgundy,
    shape: "oval",
    extension: 0.17,
    skin: skins.fair,
    background: [
      [0, "#EFE2DC"],
      [1, "#D9B9B7"],
    ],
    glow: "#F9EFEA",
    x: 540,
    rotate: -8,
    props: () => bottle({ x: 1010, y: 700, w: 165, color: polish.burgundy, cap: palette.ink }),
    alt: "Illustration of glossy burgundy oval nails with a polish bottle in the same shade",
  },
  {
    design: designs.marble,
    shape: "coffin",
    extension: 0.2,
    skin: skins.deep,
    background: [
      [0, "#EEE8E2"],
      [1, "#D6CDC5"],
    ],
    glow: "#FFFFFF",
    x: 600,
    rotate: 4,
    props: () => marbleDisc(560, 470, 360),
    alt: "Illustration of white and grey marble coffin nails with a fine gold vein",
  },
  {
    design: designs.greenChrome,
    shape: "almond",
    extension: 0.21,
    skin: skins.light,
    background: [
      [0, "#EEF0E9"],
      [1, "#C9D2C3"],
    ],
    glow: "#FAFBF7",
    x: 620,
    rotate: -6,
    props: () => eucalyptus({ x: 930, y: 620, length: 460, angle: -12, bend: 0.14, seed: 31 }),
    alt: "Illustration of deep green chrome almond nails with a mirror-like shine",
  },
  {
    design: nailArt.minimalLines,
    shape: "squoval",
    extension: 0.1,
    skin: skins.medium,
    background: [
      [0, palette.ivory],
      [1, "#E9E0D6"],
    ],
    glow: "#FFFFFF",
    x: 600,
    rotate: 10,
    props: () =>
      d`<circle cx="300" cy="300" r="150" fill="none" stroke="${palette.gold}" stroke-width="3" opacity="0.6"/>` +
      d`<circle cx="372" cy="236" r="10" fill="${palette.plum}" opacity="0.85"/>`,
    alt: "Illustration of minimalist nude nails with fine plum lines and small gold dots",
  },
  {
    design: nailArt.floral,
    shape: "oval",
    extension: 0.15,
    skin: skins.deep,
    background: [
      [0, "#F8EFEA"],
      [1, "#E8CFC8"],
    ],
    glow: "#FFFFFF",
    x: 640,
    rotate: -10,
    props: () =>
      blossom(230, 330, 44, "#FFFFFF", 8) +
      blossom(990, 860, 36, "#FFFFFF", 50) +
      blossom(1060, 800, 22, "#F6DDE1", 20) +
      sprig({ x: 120, y: 520, length: 260, angle: 35, bend: -0.1, seed: 14 }),
    alt: "Illustration of nude oval nails hand-painted with tiny white flowers and sage leaves",
  },
  {
    design: nailArt.lavenderGlitter,
    shape: "coffin",
    extension: 0.21,
    skin: skins.fair,
    background: [
      [0, "#F3EFF6"],
      [1, "#D9CFE6"],
    ],
    glow: "#FFFFFF",
    x: 520,
    rotate: 8,
    props: () =>
      bottle({ x: 1050, y: 660, w: 130, color: polish.lavender, shape: "tall", cap: "#E9E4EE" }),
    alt: "Illustration of lavender coffin nails with silver glitter fading from the tips",
  },
  {
    design: nailArt.coralGold,
    shape: "almond",
    extension: 0.16,
    skin: skins.medium,
    background: [
      [0, "#FBF1E8"],
      [1, "#F3D2C2"],
    ],
    glow: "#FFF8EE",
    x: 620,
    rotate: -4,
    props: () => disc(960, 260, 120, "#F4B99A", 0.55) + leafShadows(),
    alt: "Illustration of coral summer nails with small gold half-moons and star accents",
  },
];

export function galleryImage(index: number): string {
  const item = galleryItems[index];
  if (!item) throw new Error(`No gallery item ${index}`);
  const { w, h } = GALLERY;
  return (
    wall(w, h, item.background, { x: 600, y: 420, r: 640, color: item.glow }) +
    disc(item.x - 30, 470, 330, tint(item.background[1]?.[1] ?? palette.blush, 0.2), 0.6) +
    item.props() +
    hand(
      {
        skin: item.skin,
        design: item.design,
        shape: item.shape,
        extension: item.extension,
        spread: 0.55,
        seed: index + 1,
      },
      d`transform="translate(${item.x} 1420) rotate(${item.rotate}) scale(3.1)"`,
    )
  );
}
