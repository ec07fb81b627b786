// The shared paint of the table's drawings: colours and canvas primitives (board
// metres or screen pixels, as the caller has set the canvas up).

export const WOOD = "#e9cf9c";
export const DITCH = "#3e2a18";
export const RAIL = "#6b4423";
export const INK = "#222";
export const GUTTER = "#4a4a4a";
export const WAX = "#f1e2c2";

// Centred bold text of a size and colour from here on.
export function textStyle(ctx, size, colour) {
  ctx.font = `bold ${size}px "DejaVu Sans", sans-serif`;
  ctx.fillStyle = colour;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
}

export function px(panel, pixels) {
  return pixels / panel.scale;
}

export function circle(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
}
