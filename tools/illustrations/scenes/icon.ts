/** The icon: a plum nail-polish bottle with a gold collar on ivory. */
import { palette } from "../lib/palette";

/** Icon glyph on a 64 x 64 grid; rounded = favicon tile, square = full-bleed app icons. */
export function icon(rounded: boolean): string {
  const tile = rounded ? ` rx="14"` : "";
  return (
    `<rect width="64" height="64"${tile} fill="${palette.ivory}"/>` +
    `<rect x="25" y="8" width="14" height="19" rx="2.5" fill="${palette.plum}"/>` +
    `<rect x="25" y="24" width="14" height="3.5" fill="${palette.gold}"/>` +
    `<rect x="27.5" y="27.5" width="9" height="3.5" fill="${palette.plum}"/>` +
    `<path d="M 22 31 L 42 31 Q 49 31 49 38 L 49 50 Q 49 57 42 57 L 22 57 Q 15 57 15 50 L 15 38 Q 15 31 22 31 Z" fill="${palette.plum}"/>` +
    `<path d="M 23 35 L 41 35 Q 45 35 45 39 L 45 49 Q 45 53 41 53 L 23 53 Q 19 53 19 49 L 19 39 Q 19 35 23 35 Z" fill="${palette.rose}"/>` +
    `<rect x="21.5" y="37.5" width="3.5" height="13" rx="1.75" fill="${palette.ivory}" opacity="0.7"/>`
  );
}
