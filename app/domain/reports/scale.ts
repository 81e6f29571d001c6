// The few scale lines the report's charts need (no chart library: the SVG is drawn on the
// server, docs/product.md#reports).

/** A linear scale from [0, max] onto [0, length]; an empty domain maps everything to 0. */
export function linearScale(max: number, length: number): (value: number) => number {
  return (value) => (max > 0 ? (Math.max(0, value) / max) * length : 0);
}

/** The smallest 1, 2 or 5 times a power of ten at or above `value`: an axis's round top. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** Mixes two "#rrggbb" colours: t = 0 gives `from`, 1 gives `to`. */
export function mixColour(from: string, to: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const clamped = Math.min(1, Math.max(0, t));
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(from, i) + (channel(to, i) - channel(from, i)) * clamped)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
