/** Home hero: polish bottles on a plinth in an arch, a hand with almond nails, eucalyptus. */
import { palette, polish, skins } from "../lib/palette";
import { eucalyptus } from "../motifs/botanical";
import { bottle } from "../motifs/bottle";
import { solid } from "../motifs/designs";
import { hand } from "../motifs/hand";
import { arch, disc, plinth, tableTop, wall } from "../motifs/setting";

export const HERO = { w: 1600, h: 1000 };

export function hero(): string {
  const { w, h } = HERO;
  return (
    wall(
      w,
      h,
      [
        [0, palette.ivory],
        [0.45, "#F5EEE7"],
        [1, "#EBD7CF"],
      ],
      { x: 1250, y: 300, r: 700, color: "#F3DCD5" },
    ) +
    disc(1440, 215, 86, palette.gold, 0.16) +
    arch(1020, 790, 600, 640, "#E6CFC7", palette.gold) +
    tableTop(790, w, h, "#F1E6DD") +
    plinth(930, 768, 330, 46, "#F6EEE8") +
    bottle({ x: 850, y: 772, w: 118, color: polish.burgundy, cap: palette.ink }) +
    bottle({ x: 985, y: 772, w: 88, color: "#C46F7E", shape: "tall", cap: palette.plum }) +
    bottle({ x: 690, y: 836, w: 96, color: polish.nude, shape: "round", cap: "#F3ECE6" }) +
    eucalyptus({ x: 330, y: 905, length: 380, angle: 80, bend: -0.12, seed: 4 }) +
    hand(
      {
        skin: skins.light,
        design: solid("#B85E6E"),
        shape: "almond",
        spread: 0.55,
        sleeve: "#F2E8DF",
        seed: 2,
      },
      `transform="translate(1330 1075) rotate(-14) scale(1.62)"`,
    )
  );
}
