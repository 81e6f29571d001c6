/** Brand palette and polish colours shared by every drawing. */
export const palette = {
  ivory: "#FAF6F1",
  sand: "#EFE6DC",
  blush: "#E9D3CC",
  rose: "#9E4F5C",
  plum: "#4A2C3A",
  ink: "#2B2129",
  gold: "#B08D57",
  sage: "#A9B5A0",
  white: "#FFFFFF",
} as const;

export const polish = {
  nude: "#D9AE9A",
  burgundy: "#6E1F33",
  milkyPink: "#F1D2D3",
  deepGreen: "#1F4A3C",
  silver: "#C9CDD2",
  lavender: "#B9A7D6",
  coral: "#E7765F",
  champagne: "#E6CFA6",
  rose: "#C98793",
  berry: "#8C2F4A",
} as const;

export interface SkinTone {
  base: string;
  light: string;
  shadow: string;
  line: string;
}

export const skins = {
  fair: { base: "#F0D2C2", light: "#F8E3D7", shadow: "#DDB09C", line: "#C7907B" },
  light: { base: "#E8C0A6", light: "#F3D6C3", shadow: "#D29E82", line: "#B57C62" },
  medium: { base: "#C99072", light: "#DBA88B", shadow: "#AD7559", line: "#8E5A43" },
  deep: { base: "#8E5B43", light: "#A66F54", shadow: "#744532", line: "#5A3425" },
} as const satisfies Record<string, SkinTone>;
