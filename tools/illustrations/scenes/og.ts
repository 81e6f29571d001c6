/** Social sharing card: the logo set in serif type beside a small still life. */
import { fonts } from "../lib/fonts";
import { palette, polish } from "../lib/palette";
import { d } from "../lib/svg";
import { eucalyptus } from "../motifs/botanical";
import { bottle } from "../motifs/bottle";
import { arch, plinth, wall } from "../motifs/setting";

export const OG = { w: 1200, h: 630 };

function logo(x: number, y: number): string {
  return (
    d`<text x="${x}" y="${y}" font-family="${fonts.numerals}" font-size="148" fill="${palette.plum}">2 x 10</text>` +
    d`<text x="${x + 4}" y="${y + 96}" font-family="${fonts.display}" font-size="88" fill="${palette.rose}">Nails <tspan font-style="italic">&amp;</tspan> Spa</text>` +
    d`<rect x="${x + 6}" y="${y + 136}" width="90" height="2" fill="${palette.gold}"/>` +
    d`<text x="${x + 118}" y="${y + 145}" font-family="${fonts.display}" font-size="26" letter-spacing="7" fill="${palette.gold}">CHICAGO</text>`
  );
}

export function og(): string {
  const { w, h } = OG;
  return (
    wall(
      w,
      h,
      [
        [0, palette.ivory],
        [0.55, "#F6EEE8"],
        [1, "#EDD9D1"],
      ],
      { x: 920, y: 260, r: 520, color: "#F6E2DB" },
    ) +
    arch(900, 630, 400, 520, "#E8D2CA", palette.gold) +
    plinth(900, 520, 300, 60, "#F7F0EA") +
    bottle({ x: 830, y: 524, w: 100, color: polish.burgundy, cap: palette.ink }) +
    bottle({ x: 950, y: 524, w: 78, color: "#C46F7E", shape: "tall", cap: palette.plum }) +
    bottle({ x: 1045, y: 560, w: 72, color: polish.nude, shape: "round", cap: "#F3ECE6" }) +
    eucalyptus({ x: 560, y: 610, length: 250, angle: 76, bend: -0.1, seed: 6 }) +
    logo(96, 300)
  );
}
