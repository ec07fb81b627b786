// The crokinole board on the canvas, from the figures the server sends
// (geometry.CrokinoleBoard.drawing): its drawing, labels, views and aim lengths.

import { Panel } from "./geometry.js";
import { DITCH, INK, RAIL, WOOD, circle, px, textStyle } from "./paint.js";

export function draw(ctx, panel, f) {
  ctx.fillStyle = RAIL;
  circle(ctx, 0, 0, f.rail);
  ctx.fill();
  ctx.fillStyle = DITCH;
  circle(ctx, 0, 0, f.ditch);
  ctx.fill();
  ctx.fillStyle = WOOD;
  circle(ctx, 0, 0, f.surface);
  ctx.fill();
  // the 15 region a shade darker, so the scoring regions read at a glance
  ctx.fillStyle = "rgba(120, 80, 30, 0.10)";
  circle(ctx, 0, 0, f.rings[0].radius);
  ctx.fill();
  ctx.strokeStyle = INK;
  for (const ring of f.rings) {
    ctx.lineWidth = Math.max(ring.width, px(panel, 1.2));
    circle(ctx, 0, 0, ring.radius);
    ctx.stroke();
  }
  const q = f.quadrant_lines;
  ctx.lineWidth = Math.max(q.width, px(panel, 1.2));
  for (const a of q.angles) {
    ctx.beginPath();
    ctx.moveTo(q.from * Math.cos(a), q.from * Math.sin(a));
    ctx.lineTo(q.to * Math.cos(a), q.to * Math.sin(a));
    ctx.stroke();
  }
  for (const [x, y] of f.pegs) {
    ctx.fillStyle = "#3a3a3a";
    circle(ctx, x, y, f.peg_radius);
    ctx.fill();
    ctx.strokeStyle = "#111";
    ctx.lineWidth = px(panel, 1);
    ctx.stroke();
  }
  ctx.fillStyle = "#2b1d10";
  circle(ctx, 0, 0, f.hole);
  ctx.fill();
}

export function label(ctx, panel, f) {
  // point values up and to the right of the centre, upright whatever the turn
  const size = Math.max(10, Math.min(16, panel.scale * 0.018));
  ctx.save();
  textStyle(ctx, size, "rgba(60, 40, 20, 0.45)");
  const a = Math.PI / 4 - panel.rotation + 0.26;
  for (const region of f.regions) {
    const r = (region.inner + region.outer) / 2 + (region.points === 15 ? 0.01 : 0);
    const [sx, sy] = panel.toScreen(r * Math.cos(a), r * Math.sin(a));
    ctx.fillText(String(region.points), sx, sy);
  }
  ctx.restore();
}

// One view of the whole board turned to `seat`, as large as fits: [panels, height].
export function panels(figures, seat, width, tall) {
  const r = figures.rail;
  const size = Math.min(width, tall || width);
  const rect = { x: (width - size) / 2, y: 0, w: size, h: size };
  return [[new Panel(rect, { x0: -r, y0: -r, x1: r, y1: r }, (Math.PI / 2) * seat)], size];
}

// How long the aim line is drawn at no power (metres), and how far it points.
export function aimReach(f) {
  return 2 * f.surface;
}

export function aimFar(f) {
  return 2 * f.rail;
}

// Where a disc a scorer drops at (x, y) rests: in the 20 hole (centred on it), in the
// ditch (on the ditch's middle, straight out from where it was dropped), or on the
// surface, pushed clear of a peg it was dropped on (the entry page, enter.js).
export function restingPlace(f, x, y) {
  const r = Math.hypot(x, y);
  if (r < f.hole) return { x: 0, y: 0, state: "in_hole" };
  if (r > f.surface) {
    const k = (f.surface + f.ditch) / 2 / r;
    return { x: x * k, y: y * k, state: "in_ditch" };
  }
  for (const [px, py] of f.pegs) {
    const d = Math.hypot(x - px, y - py);
    const clear = f.disc + f.peg_radius + 1e-4;
    if (d < clear) {
      const k = d > 0 ? clear / d : 1;
      return { x: px + (x - px) * k, y: py + (y - py) * k, state: "on_surface" };
    }
  }
  return { x, y, state: "on_surface" };
}
