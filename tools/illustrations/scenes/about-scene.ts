/** The three "about" illustrations: nail care, self care and hygiene. */
import { palette, polish } from "../lib/palette";
import { d, defs, g, linear, uid } from "../lib/svg";
import { eucalyptus } from "../motifs/botanical";
import { bottle } from "../motifs/bottle";
import { archLamp, cushion, floorPlant, framedPrint, manicureTable } from "../motifs/furniture";
import { arch, tableTop, wall } from "../motifs/setting";
import { bowl, candle, foldedTowel, stoneStack } from "../motifs/spa";
import {
  nailFile,
  pottedLeaves,
  pouch,
  pusher,
  scissors,
  sprayBottle,
  tray,
} from "../motifs/tools";

export const ABOUT = { w: 1200, h: 900 };

export function aboutSelfCare(): string {
  const { w, h } = ABOUT;
  return (
    wall(
      w,
      h,
      [
        [0, "#F4ECE4"],
        [1, "#EAD8D0"],
      ],
      { x: 380, y: 260, r: 520, color: "#FBF4EE" },
    ) +
    arch(420, 660, 460, 560, "#E9DDD2") +
    tableTop(660, w, h, "#E7DACE") +
    eucalyptus({ x: 560, y: 660, length: 430, angle: -18, bend: 0.16, seed: 9 }) +
    stoneStack(420, 700, 330, ["#5D5359", "#766B72", "#655B62", "#8B8087"]) +
    foldedTowel({ x: 850, y: 730, w: 340, h: 78, color: "#C9D1C1", stripe: palette.gold }) +
    foldedTowel({ x: 838, y: 652, w: 310, h: 70, color: "#F3E9E1", stripe: palette.rose }) +
    candle(826, 578, 110, 136) +
    eucalyptus({ x: 140, y: 820, length: 380, angle: 72, bend: -0.1, seed: 12 }) +
    bottle({
      x: 1075,
      y: 760,
      w: 70,
      color: polish.milkyPink,
      shape: "round",
      cap: palette.gold,
      ring: false,
    })
  );
}

/** A round wall mirror with a thin gold frame. */
function mirror(x: number, y: number, r: number): string {
  const id = uid("mi");
  return (
    defs(
      linear(
        id,
        [
          [0, "#FFFFFF"],
          [0.55, "#F1F3EE"],
          [1, "#DCE3D8"],
        ],
        { x2: 1, y2: 1 },
      ),
    ) +
    d`<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${id})" stroke="${palette.gold}" stroke-width="5"/>` +
    d`<path d="M ${x - r * 0.55} ${y - r * 0.1} L ${x - r * 0.1} ${y - r * 0.55} M ${x - r * 0.5} ${y + r * 0.12} L ${x + r * 0.12} ${y - r * 0.5}" stroke="#FFFFFF" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`
  );
}

export function aboutHygiene(): string {
  const { w, h } = ABOUT;
  const toolsA =
    g(scissors(250), d`transform="translate(-28 -215) rotate(-6)"`) +
    g(pusher(300), d`transform="translate(38 -205) rotate(6)"`);
  const toolsB =
    g(pusher(280), d`transform="translate(-22 -190) rotate(-4)"`) +
    g(nailFile(300), d`transform="translate(30 -200) rotate(5)"`);
  return (
    wall(
      w,
      h,
      [
        [0, "#F6F2EC"],
        [1, "#E9ECE3"],
      ],
      { x: 900, y: 200, r: 600, color: "#FFFFFF" },
    ) +
    d`<rect x="90" y="90" width="420" height="520" rx="210" fill="#E4E9DF" opacity="0.8"/>` +
    mirror(1010, 205, 100) +
    tableTop(660, w, h, "#ECE6DE") +
    pottedLeaves(190, 680, 190) +
    g(pouch(200, 380, toolsA), d`transform="translate(400 650) rotate(-6)"`) +
    g(pouch(190, 350, toolsB), d`transform="translate(600 660) rotate(5)"`) +
    tray(540, 680, 520, 44, "#F7F5F1") +
    foldedTowel({ x: 960, y: 730, w: 280, h: 62, color: "#F9F7F3", stripe: palette.sage }) +
    sprayBottle(945, 672, 124)
  );
}

export function aboutNailCare(): string {
  const { w, h } = ABOUT;
  const tableY = 560;
  const shelf = [polish.burgundy, "#C46F7E", polish.nude, polish.milkyPink, polish.deepGreen]
    .map((color, i) =>
      bottle({
        x: 250 + i * 62,
        y: tableY,
        w: 46,
        color,
        shape: i % 2 ? "tall" : "square",
        cap: i === 3 ? palette.gold : palette.ink,
      }),
    )
    .join("");
  return (
    wall(
      w,
      h,
      [
        [0, "#F7F0EA"],
        [1, "#EEDFD8"],
      ],
      { x: 760, y: 380, r: 520, color: "#FFF6EA" },
    ) +
    d`<rect x="0" y="760" width="${w}" height="${h - 760}" fill="#E6D9CE"/>` +
    d`<rect x="0" y="760" width="${w}" height="2" fill="#FFFFFF" opacity="0.6"/>` +
    framedPrint(470, 120, 230, 290, { bg: palette.blush, arch: palette.rose, sun: palette.gold }) +
    floorPlant(1060, 770, 330) +
    manicureTable(600, tableY, 860, 790, "#FBF8F4", "#4A2C3A") +
    shelf +
    cushion(640, tableY, 200, palette.blush) +
    foldedTowel({
      x: 645,
      y: tableY - 54,
      w: 170,
      h: 30,
      color: "#FFFFFF",
      stripe: palette.gold,
      shadow: false,
    }) +
    bowl(810, tableY, 120, "#F4F0EA", true) +
    archLamp(960, tableY, 230, 330, palette.plum)
  );
}
