/** Welcome overlay: a gift-like arrangement of folded towels tied with a bow, a polish bottle and a rose. */
import { palette } from "../lib/palette";
import { d } from "../lib/svg";
import { blossom, rose, sprig } from "../motifs/botanical";
import { bottle } from "../motifs/bottle";
import { bow } from "../motifs/celebration";
import { disc, tableTop, wall } from "../motifs/setting";
import { foldedTowel } from "../motifs/spa";

export const WELCOME = { w: 1200, h: 900 };

export function welcome(): string {
  const { w, h } = WELCOME;
  const ribbonX = 560;
  return (
    wall(
      w,
      h,
      [
        [0, palette.ivory],
        [1, "#F0DDD6"],
      ],
      { x: 600, y: 380, r: 560, color: "#FFF8F2" },
    ) +
    disc(600, 360, 250, palette.blush, 0.55) +
    tableTop(640, w, h, "#EFE4DA") +
    sprig({ x: 110, y: 790, length: 330, angle: 66, bend: -0.12, seed: 8 }) +
    foldedTowel({ x: 560, y: 730, w: 420, h: 92, color: "#F6EFE8", stripe: palette.gold }) +
    foldedTowel({ x: 555, y: 630, w: 380, h: 84, color: "#E7CFC7", stripe: palette.rose }) +
    d`<rect x="${ribbonX - 16}" y="546" width="32" height="184" fill="${palette.rose}" opacity="0.92"/>` +
    d`<rect x="${ribbonX - 16}" y="546" width="6" height="184" fill="#FFFFFF" opacity="0.18"/>` +
    bow(ribbonX, 540, 92, palette.rose) +
    bottle({ x: 700, y: 545, w: 96, color: "#B85E6E", cap: palette.plum }) +
    rose(930, 690, 78, "#E3A9B2", 5) +
    rose(1040, 735, 54, "#F0C9C9", 8) +
    blossom(860, 780, 22, "#FFFFFF", 12) +
    blossom(330, 680, 16, "#F6E3E6", 40)
  );
}
