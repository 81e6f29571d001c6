/** Blog illustrations: a line-up of manicure styles, and a celebration still life. */
import { palette, skins } from "../lib/palette";
import { d, defs, dropShadowFilter, g, uid } from "../lib/svg";
import { babysBreath, blossom } from "../motifs/botanical";
import { bow, coupe, ribbonCurl } from "../motifs/celebration";
import * as designs from "../motifs/designs";
import { hand } from "../motifs/hand";
import { type NailDesign, type NailShape, nail } from "../motifs/nail";
import * as nailArt from "../motifs/nail-art";
import { arch, disc, tableTop, wall } from "../motifs/setting";

export const BLOG = { w: 1600, h: 1000 };

const lineup: Array<[NailDesign, NailShape]> = [
  [designs.french, "squoval"],
  [designs.milkyOmbre, "almond"],
  [designs.burgundy, "oval"],
  [designs.marble, "coffin"],
  [designs.greenChrome, "stiletto"],
  [nailArt.minimalLines, "squoval"],
  [nailArt.lavenderGlitter, "coffin"],
  [nailArt.coralGold, "almond"],
];

export function blogManicures(): string {
  const { w, h } = BLOG;
  const shadow = uid("ns");
  const spacing = 168;
  const start = w / 2 - (spacing * (lineup.length - 1)) / 2;
  const tips = lineup
    .map(([design, shape], i) => {
      const x = start + i * spacing;
      const y = 790 - Math.sin((i / (lineup.length - 1)) * Math.PI) * 60;
      const tilt = (i - (lineup.length - 1) / 2) * 3;
      const width = shape === "squoval" ? 124 : 114;
      const len = shape === "squoval" ? 300 : 400;
      return g(
        nail({ shape, w: width, len, design, index: i + 1, seed: 40 + i }),
        d`transform="translate(${x} ${y}) rotate(${tilt})"`,
      );
    })
    .join("");
  return (
    wall(
      w,
      h,
      [
        [0, palette.ivory],
        [1, "#EFE2DA"],
      ],
      { x: 800, y: 420, r: 800, color: "#FFFFFF" },
    ) +
    arch(800, 880, 1300, 800, "#EEDDD6") +
    tableTop(880, w, h, "#E9DCD2") +
    defs(dropShadowFilter(shadow, { dx: 8, dy: 14, blur: 14, color: palette.plum, opacity: 0.2 })) +
    g(tips, `filter="url(#${shadow})"`) +
    d`<path d="M 200 850 C 600 828 1000 828 1400 850" fill="none" stroke="${palette.gold}" stroke-width="2" opacity="0.5"/>`
  );
}

/** A four-point sparkle. */
function sparkle(x: number, y: number, s: number, color: string = palette.gold): string {
  return d`<path d="M ${x} ${y - s} Q ${x} ${y} ${x + s * 0.7} ${y} Q ${x} ${y} ${x} ${y + s} Q ${x} ${y} ${x - s * 0.7} ${y} Q ${x} ${y} ${x} ${y - s} Z" fill="${color}" opacity="0.75"/>`;
}

export function blogOccasions(): string {
  const { w, h } = BLOG;
  const sparkles =
    sparkle(470, 250, 26) +
    sparkle(540, 330, 14) +
    sparkle(760, 210, 18) +
    sparkle(1460, 210, 22) +
    sparkle(300, 420, 12) +
    sparkle(1010, 150, 12) +
    (
      [
        [610, 180, 5],
        [700, 300, 4],
        [400, 330, 4],
        [880, 260, 5],
        [1360, 120, 5],
      ] as const
    )
      .map(
        ([x, y, r]) =>
          d`<circle cx="${x}" cy="${y}" r="${r}" fill="${palette.gold}" opacity="0.5"/>`,
      )
      .join("");
  return (
    wall(
      w,
      h,
      [
        [0, "#FAF3EA"],
        [1, "#EFD9CF"],
      ],
      { x: 1100, y: 380, r: 700, color: "#FFF7EC" },
    ) +
    disc(1160, 400, 320, "#F0D9B8", 0.5) +
    sparkles +
    tableTop(800, w, h, "#EFE3D6") +
    babysBreath({ x: 250, y: 820, length: 440, angle: -14, seed: 4 }) +
    babysBreath({ x: 300, y: 820, length: 360, angle: 16, seed: 9 }) +
    babysBreath({ x: 200, y: 820, length: 300, angle: -38, seed: 13 }) +
    coupe(640, 820, 330) +
    ribbonCurl(
      [
        [60, 960],
        [330, 850],
        [600, 910],
        [860, 970],
        [1000, 880],
        [1100, 810],
        [1300, 880],
      ],
      32,
      "#DDB2AA",
    ) +
    bow(840, 905, 95, "#D9B486") +
    blossom(150, 900, 34, "#FFFFFF", 12) +
    blossom(1010, 950, 26, "#F6DDE1", 32) +
    hand(
      {
        skin: skins.light,
        design: nailArt.champagne,
        shape: "almond",
        extension: 0.19,
        spread: 0.5,
        sleeve: "#F6EEE6",
        seed: 11,
      },
      d`transform="translate(1230 1130) rotate(-12) scale(2.05)"`,
    )
  );
}
