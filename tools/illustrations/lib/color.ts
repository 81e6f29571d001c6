/** Small colour helpers working on #RRGGBB strings. */
type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

/** Linear mix of two colours, t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = toRgb(a);
  const cb = toRgb(b);
  const lerp = (from: number, to: number) => from + (to - from) * t;
  return toHex([lerp(ca[0], cb[0]), lerp(ca[1], cb[1]), lerp(ca[2], cb[2])]);
}

/** Lighter version of a colour (towards white). */
export function tint(color: string, t: number): string {
  return mix(color, "#FFFFFF", t);
}

/** Darker version of a colour (towards a warm near-black). */
export function shade(color: string, t: number): string {
  return mix(color, "#1E1419", t);
}
