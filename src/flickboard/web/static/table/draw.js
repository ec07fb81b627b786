// Drawing the board, the discs, the start line, the aim and the referee's marks on a
// canvas, from the figures the server sends (to scale, in metres).

import { boardOf } from "./boards.js";
import { linePoint } from "./geometry.js";
import { circle, textStyle } from "./paint.js";

const SHAPES = ["circle", "triangle", "square", "diamond"];

export const SHAPE_NAMES = ["ring", "triangle", "square", "diamond"];

// A canvas sized for the screen's pixel density: drawing is in CSS pixels.
export function fitCanvas(canvas, width, height) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

export function drawBoard(ctx, panel, f) {
  const board = boardOf(f);
  ctx.save();
  panel.apply(ctx);
  board.draw(ctx, panel, f);
  ctx.restore();
  board.label(ctx, panel, f);
}

// One disc in screen pixels: its colour, a white shape telling its side without colour,
// its number when there is room; leaning: dashed rim; in the hole or out: faded.
export function drawDisc(ctx, sx, sy, r, side, colour, label, opts = {}) {
  ctx.save();
  ctx.globalAlpha = opts.alpha ?? 1;
  if (opts.airborne) {
    ctx.fillStyle = "rgba(0,0,0,0.25)";
    circle(ctx, sx + r * 0.25, sy + r * 0.3, r);
    ctx.fill();
    r *= 1.12;
  }
  ctx.fillStyle = colour;
  circle(ctx, sx, sy, r);
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = "#111";
  if (opts.leaning) ctx.setLineDash([r * 0.35, r * 0.25]);
  ctx.stroke();
  ctx.setLineDash([]);
  const mark = side === 3 ? "#3b2a00" : "#fff";
  ctx.strokeStyle = mark;
  ctx.lineWidth = Math.max(1, r * 0.11);
  const k = r * 0.62;
  ctx.beginPath();
  switch (SHAPES[side % SHAPES.length]) {
    case "circle":
      ctx.arc(sx, sy, k, 0, 2 * Math.PI);
      break;
    case "triangle":
      ctx.moveTo(sx, sy - k);
      ctx.lineTo(sx + k * 0.87, sy + k * 0.5);
      ctx.lineTo(sx - k * 0.87, sy + k * 0.5);
      ctx.closePath();
      break;
    case "square":
      ctx.rect(sx - k * 0.72, sy - k * 0.72, k * 1.44, k * 1.44);
      break;
    default:
      ctx.moveTo(sx, sy - k);
      ctx.lineTo(sx + k, sy);
      ctx.lineTo(sx, sy + k);
      ctx.lineTo(sx - k, sy);
      ctx.closePath();
  }
  ctx.stroke();
  if (label !== undefined && label !== null && r >= 8) {
    textStyle(ctx, Math.round(r * (String(label).length > 1 ? 0.62 : 0.78)), mark);
    ctx.fillText(String(label), sx, sy + (SHAPES[side % 4] === "triangle" ? r * 0.1 : 0));
  }
  if (opts.ring) {
    ctx.globalAlpha = 1;
    ctx.strokeStyle = opts.ring;
    ctx.lineWidth = 3;
    circle(ctx, sx, sy, r + 4);
    ctx.stroke();
  }
  ctx.restore();
}

// Discs [{id, side, x, y, leaning, where, alpha, ring}] in one panel.
export function drawDiscs(ctx, panel, f, discs, colours) {
  const r = f.disc * panel.scale;
  for (const d of discs) {
    const [sx, sy] = panel.toScreen(d.x, d.y);
    const where = d.where || 0;
    drawDisc(ctx, sx, sy, where === 3 ? r * 0.92 : r, d.side, colours[d.side], d.id, {
      leaning: d.leaning || where === 4,
      airborne: where === 1,
      alpha: d.alpha ?? (where === 3 ? 0.75 : 1),
      ring: d.ring,
    });
  }
}

// The start line: the stretches the referee allows in green, the rest dashed.
export function drawStartLine(ctx, panel, line) {
  const path = (u0, u1) => {
    const steps = line.shape === "arc" ? Math.max(2, Math.ceil((u1 - u0) * 48)) : 1;
    ctx.beginPath();
    for (let k = 0; k <= steps; k += 1) {
      const [x, y] = linePoint(line, u0 + ((u1 - u0) * k) / steps);
      const [sx, sy] = panel.toScreen(x, y);
      if (k === 0) ctx.moveTo(sx, sy);
      else ctx.lineTo(sx, sy);
    }
  };
  ctx.save();
  ctx.lineCap = "round";
  path(0, 1);
  ctx.strokeStyle = "rgba(176, 0, 32, 0.7)";
  ctx.setLineDash([4, 5]);
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.setLineDash([]);
  for (const [a, b] of line.allowed) {
    path(a, b);
    ctx.strokeStyle = "rgba(27, 122, 60, 0.55)";
    ctx.lineWidth = Math.max(6, panel.scale * 0.012);
    ctx.stroke();
  }
  ctx.restore();
}

// The aim: the disc placed on the line, the line it will go along and, while pulling,
// the band back to the pointer.
export function drawAim(ctx, panel, f, aim, colour, side) {
  const [sx, sy] = panel.toScreen(aim.x, aim.y);
  const board = boardOf(f);
  const reach = board.aimReach(f) * (0.1 + 0.5 * aim.power);
  const far = board.aimFar(f);
  const [tx, ty] = panel.toScreen(aim.x + reach * Math.cos(aim.direction), aim.y + reach * Math.sin(aim.direction));
  const [gx, gy] = panel.toScreen(aim.x + far * Math.cos(aim.direction), aim.y + far * Math.sin(aim.direction));
  ctx.save();
  ctx.lineCap = "round";
  ctx.strokeStyle = "rgba(20, 20, 20, 0.45)";
  ctx.setLineDash([6, 6]);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(sx, sy);
  ctx.lineTo(gx, gy);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.strokeStyle = "#0b5394";
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(sx, sy);
  ctx.lineTo(tx, ty);
  ctx.stroke();
  const head = Math.atan2(ty - sy, tx - sx);
  ctx.fillStyle = "#0b5394";
  ctx.beginPath();
  ctx.moveTo(tx + 10 * Math.cos(head), ty + 10 * Math.sin(head));
  ctx.lineTo(tx + 10 * Math.cos(head + 2.5), ty + 10 * Math.sin(head + 2.5));
  ctx.lineTo(tx + 10 * Math.cos(head - 2.5), ty + 10 * Math.sin(head - 2.5));
  ctx.closePath();
  ctx.fill();
  if (aim.pull) {
    ctx.strokeStyle = "rgba(138, 59, 18, 0.8)";
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.lineTo(sx + aim.pull[0], sy + aim.pull[1]);
    ctx.stroke();
  }
  ctx.restore();
  const r = f.disc * panel.scale;
  drawDisc(ctx, sx, sy, r, side, colour, null, { ring: "rgba(11, 83, 148, 0.8)" });
  if (aim.spin) {
    ctx.save();
    ctx.strokeStyle = "#0b5394";
    ctx.lineWidth = 2;
    const ccw = aim.spin > 0;
    ctx.beginPath();
    ctx.arc(sx, sy, r + 8, ccw ? 0.3 : -0.3, ccw ? -1.6 : 1.6, ccw);
    ctx.stroke();
    ctx.restore();
  }
}

// Paths of the game review and hints: the shot played (solid), the best shot (a ghost:
// dashed) and the shot meant (dotted), each with a faded disc where it stops. No words
// on the board (they would cover each other and the ring numbers): the page's legend
// says which is which (PATH_STYLES).
export const PATH_STYLES = {
  played: { colour: "rgba(20, 20, 20, 0.85)", dash: [] },
  best: { colour: "rgba(30, 140, 60, 0.9)", dash: [10, 6] },
  meant: { colour: "rgba(11, 83, 148, 0.9)", dash: [2, 5] },
};

export function drawPaths(ctx, panel, f, paths) {
  for (const path of paths || []) {
    const style = PATH_STYLES[path.kind] || PATH_STYLES.played;
    if (!path.points || !path.points.length) continue;
    const points = path.points.map(([x, y]) => panel.toScreen(x, y));
    ctx.save();
    ctx.strokeStyle = style.colour;
    ctx.setLineDash(style.dash);
    ctx.lineWidth = 3;
    ctx.lineCap = "round";
    ctx.beginPath();
    points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.stroke();
    ctx.setLineDash([]);
    const [ex, ey] = points[points.length - 1];
    ctx.globalAlpha = 0.45;
    ctx.fillStyle = style.colour;
    ctx.beginPath();
    ctx.arc(ex, ey, f.disc * panel.scale, 0, 2 * Math.PI);
    ctx.fill();
    ctx.restore();
  }
}

// Contacts flash where they happen; a drop into the hole says 20.
export function drawFlash(ctx, panel, event, age) {
  const [sx, sy] = panel.toScreen(event.x, event.y);
  ctx.save();
  ctx.globalAlpha = Math.max(0, 1 - age / 0.35);
  if (event.kind === "dropped") {
    textStyle(ctx, 18, "#b8860b");
    ctx.fillText("20!", sx, sy - 14 - age * 30);
  } else {
    ctx.strokeStyle = event.kind === "left_surface" || event.kind === "landed" ? "#b00020" : "#f0b429";
    ctx.lineWidth = 3;
    circle(ctx, sx, sy, 6 + age * 60);
    ctx.stroke();
  }
  ctx.restore();
}

// The referee's marks on the discs a ruling names: out (a cross), a 20 (gold), put back.
export function drawMarks(ctx, panel, f, marks) {
  const r = f.disc * panel.scale;
  for (const m of marks) {
    const [sx, sy] = panel.toScreen(m.x, m.y);
    ctx.save();
    if (m.fate === "out") {
      ctx.strokeStyle = "#b00020";
      ctx.lineWidth = 3;
      const k = r * 1.05;
      ctx.beginPath();
      ctx.moveTo(sx - k, sy - k);
      ctx.lineTo(sx + k, sy + k);
      ctx.moveTo(sx + k, sy - k);
      ctx.lineTo(sx - k, sy + k);
      ctx.stroke();
    } else {
      ctx.strokeStyle = m.fate === "twenty" ? "#d4a017" : "#0b5394";
      ctx.lineWidth = 3;
      circle(ctx, sx, sy, r + 5);
      ctx.stroke();
    }
    // the badge ties the disc to its sentence in the ruling panel
    ctx.fillStyle = "#1d1b16";
    circle(ctx, sx + r + 2, sy - r - 2, 8);
    ctx.fill();
    textStyle(ctx, 11, "#fff");
    ctx.fillText(String(m.badge), sx + r + 2, sy - r - 2);
    ctx.restore();
  }
}

// A small picture of a side's disc (score panel, legend).
export function discIcon(side, colour, size = 22) {
  const canvas = document.createElement("canvas");
  const ctx = fitCanvas(canvas, size, size);
  drawDisc(ctx, size / 2, size / 2, size / 2 - 2, side, colour, null);
  canvas.className = "disc-icon";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", `${SHAPE_NAMES[side % 4]} disc`);
  return canvas;
}
