// The shuffleboard table on the canvas, from the figures the server sends
// (geometry.ShuffleboardTable.drawing): its drawing, labels, views and aim lengths.

import { Panel } from "./geometry.js";
import { GUTTER, INK, WAX, px, textStyle } from "./paint.js";

export function draw(ctx, panel, f) {
  const half = f.width / 2;
  const g = f.side_gutter;
  ctx.fillStyle = GUTTER;
  ctx.fillRect(-half - g, -f.end_gutter, f.width + 2 * g, f.length + 2 * f.end_gutter);
  ctx.fillStyle = WAX;
  ctx.fillRect(-half, 0, f.width, f.length);
  const tints = ["rgba(46,125,50,0.10)", "rgba(21,101,192,0.12)", "rgba(198,40,40,0.12)"];
  f.zones.forEach((zone, k) => {
    ctx.fillStyle = tints[k % tints.length];
    ctx.fillRect(-half, zone.from, f.width, zone.to - zone.from);
  });
  for (const line of f.lines) {
    const w = Math.max(line.width, px(panel, 1.2));
    ctx.fillStyle = line.name === "foul" ? "#8a3b12" : INK;
    ctx.fillRect(-half, line.y - w / 2, f.width, w);
  }
  // the far end's edge: a weight over it is a hanger
  ctx.fillStyle = "#111";
  ctx.fillRect(-half, f.length - px(panel, 1), f.width, px(panel, 2));
}

export function label(ctx, panel, f) {
  if (panel.scale < 150) return; // too small to read: the zoomed view carries them
  const size = Math.max(12, Math.min(28, panel.scale * 0.05));
  ctx.save();
  textStyle(ctx, size, "rgba(40, 40, 40, 0.35)");
  for (const zone of f.zones) {
    const [sx, sy] = panel.toScreen(0, (zone.from + zone.to) / 2);
    ctx.fillText(String(zone.points), sx, sy);
  }
  const foul = f.lines[0];
  const [fx, fy] = panel.toScreen(0, foul.y);
  ctx.font = `${Math.max(10, size * 0.45)}px "DejaVu Sans", sans-serif`;
  ctx.fillText("foul line", fx, fy - 10);
  ctx.restore();
}

// The whole table with the delivering end nearest the player and the far end zoomed:
// landscape (the far end below) or portrait on phones (on the right): [panels, height].
export function panels(figures, seat, width, tall) {
  const half = figures.width / 2 + figures.side_gutter;
  const far = figures.length + figures.end_gutter;
  const whole = { x0: -half, y0: -figures.end_gutter, x1: half, y1: far };
  // the zoomed view ends at the far end and reaches back at least to before the one line
  const zoomed = (length) => ({ x0: -half, y0: far - length, x1: half, y1: far });
  const reach = far - (figures.lines[1].y - 0.25);
  if (width >= 560) {
    // landscape: the delivering end on the left, the far end zoomed in below
    const mainH = Math.round((width * (2 * half)) / (far + figures.end_gutter));
    const zoomH = Math.round(Math.min(440, (width * 2 * half) / reach));
    const main = new Panel({ x: 0, y: 0, w: width, h: mainH }, whole, -Math.PI / 2);
    const length = (width * 2 * half) / zoomH;
    const near = new Panel({ x: 0, y: mainH + 6, w: width, h: zoomH }, zoomed(length), -Math.PI / 2);
    return [[main, near], mainH + 6 + zoomH];
  }
  // portrait (phones): the whole table up the left, the far end zoomed on the right
  const height = Math.max(tall || 0, 520);
  const mainW = Math.round((height * (2 * half)) / (far + figures.end_gutter));
  const zoomW = width - mainW - 6;
  const length = Math.max(reach, (height * 2 * half) / zoomW);
  const near = new Panel({ x: mainW + 6, y: 0, w: zoomW, h: height }, zoomed(length), 0);
  const main = new Panel({ x: 0, y: 0, w: mainW, h: height }, whole, 0);
  return [[main, near], height];
}

// How long the aim line is drawn at no power (metres), and how far it points.
export function aimReach(f) {
  return f.length;
}

export function aimFar(f) {
  return f.length + f.end_gutter;
}

// Where a weight a scorer drops at (x, y) rests: in a gutter (the end gutter beyond the
// far or near end, else the side gutter it was dropped towards) or on the surface (the
// entry page, enter.js).
export function restingPlace(f, x, y) {
  const half = f.width / 2;
  if (y > f.length) return { x: Math.max(-half, Math.min(half, x)), y: f.length + f.end_gutter / 2, state: "in_gutter" };
  if (y < 0) return { x: Math.max(-half, Math.min(half, x)), y: -f.end_gutter / 2, state: "in_gutter" };
  if (Math.abs(x) > half) return { x: Math.sign(x) * (half + f.side_gutter / 2), y, state: "in_gutter" };
  return { x, y, state: "on_surface" };
}
