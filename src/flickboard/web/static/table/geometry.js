// Points on a start line as the server describes it, and the views that put the board
// on the canvas. The start line and the stretches a shot may start from come from the
// server (the referee); here they are only followed, never decided.

// The point at u (0 the shooter's left end, 1 the right end) of a start line.
export function linePoint(line, u) {
  if (line.shape === "arc") {
    const a = line.angles[0] + u * (line.angles[1] - line.angles[0]);
    return [line.radius * Math.cos(a), line.radius * Math.sin(a)];
  }
  const [[x0, y0], [x1, y1]] = line.points;
  return [x0 + u * (x1 - x0), y0 + u * (y1 - y0)];
}

// The direction straight into play from u (radians from +x).
export function lineInward(line, u) {
  if (line.shape === "arc") {
    return line.angles[0] + u * (line.angles[1] - line.angles[0]) + Math.PI;
  }
  const [[x0, y0], [x1, y1]] = line.points;
  return Math.atan2(y1 - y0, x1 - x0) + Math.PI / 2;
}

// The u of the point of the line nearest (x, y).
export function lineParam(line, x, y) {
  if (line.shape === "arc") {
    const [a0, a1] = line.angles;
    const mid = (a0 + a1) / 2;
    const a = mid + remainder(Math.atan2(y, x) - mid);
    return (a - a0) / (a1 - a0);
  }
  const [[x0, y0], [x1, y1]] = line.points;
  const dx = x1 - x0;
  const dy = y1 - y0;
  return ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy);
}

export function lineLength(line) {
  if (line.shape === "arc") return Math.abs(line.angles[1] - line.angles[0]) * line.radius;
  const [[x0, y0], [x1, y1]] = line.points;
  return Math.hypot(x1 - x0, y1 - y0);
}

// The allowed u nearest u (null when nothing is allowed).
export function nearestAllowed(line, u) {
  let best = null;
  for (const [a, b] of line.allowed) {
    const v = Math.min(Math.max(u, a), b);
    if (best === null || Math.abs(v - u) < Math.abs(best - u)) best = v;
  }
  return best;
}

// An angle in (-pi, pi].
export function remainder(a) {
  return a - 2 * Math.PI * Math.round(a / (2 * Math.PI));
}

// A view of part of the board in a rectangle of the canvas (CSS pixels), turned by
// `rotation` (radians, anticlockwise) so the shooter's side is where the page wants it.
export class Panel {
  constructor(rect, region, rotation) {
    this.rect = rect; // {x, y, w, h}
    this.region = region; // {x0, y0, x1, y1} in metres
    this.rotation = rotation;
    this.cx = (region.x0 + region.x1) / 2;
    this.cy = (region.y0 + region.y1) / 2;
    const w = region.x1 - region.x0;
    const h = region.y1 - region.y0;
    const c = Math.abs(Math.cos(rotation));
    const s = Math.abs(Math.sin(rotation));
    const sw = w * c + h * s;
    const sh = w * s + h * c;
    this.scale = Math.min(rect.w / sw, rect.h / sh);
  }

  // Board metres to canvas pixels.
  toScreen(x, y) {
    const dx = x - this.cx;
    const dy = y - this.cy;
    const c = Math.cos(this.rotation);
    const s = Math.sin(this.rotation);
    const X = c * dx - s * dy;
    const Y = s * dx + c * dy;
    return [this.rect.x + this.rect.w / 2 + X * this.scale, this.rect.y + this.rect.h / 2 - Y * this.scale];
  }

  // Canvas pixels to board metres.
  toBoard(px, py) {
    const X = (px - this.rect.x - this.rect.w / 2) / this.scale;
    const Y = -(py - this.rect.y - this.rect.h / 2) / this.scale;
    const c = Math.cos(-this.rotation);
    const s = Math.sin(-this.rotation);
    return [this.cx + c * X - s * Y, this.cy + s * X + c * Y];
  }

  // A screen vector (pixels) as a board vector (metres).
  vectorToBoard(dx, dy) {
    const X = dx / this.scale;
    const Y = -dy / this.scale;
    const c = Math.cos(-this.rotation);
    const s = Math.sin(-this.rotation);
    return [c * X - s * Y, s * X + c * Y];
  }

  contains(px, py) {
    const r = this.rect;
    return px >= r.x && px <= r.x + r.w && py >= r.y && py <= r.y + r.h;
  }

  // Draw in board metres from here on (call inside save/restore).
  apply(ctx) {
    ctx.beginPath();
    ctx.rect(this.rect.x, this.rect.y, this.rect.w, this.rect.h);
    ctx.clip();
    ctx.translate(this.rect.x + this.rect.w / 2, this.rect.y + this.rect.h / 2);
    ctx.scale(this.scale, -this.scale);
    ctx.rotate(this.rotation);
    ctx.translate(-this.cx, -this.cy);
  }
}
