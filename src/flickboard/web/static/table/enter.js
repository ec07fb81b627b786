// The entry page of a game played on a real board: after each shot the scorer drags the
// discs from the last position to where they stopped (touch or mouse), taps the disc the
// shooter struck first, and records the shot; the server's referee rules on it as on any
// hand-entered shot (docs/web.md, "Games from a real board"). The page only places discs:
// the board module says where a dropped disc rests (the hole, the ditch, a gutter).

import { rulingMarks } from "./animate.js";
import { call, heldTokens } from "./api.js";
import { BoardView } from "./board.js";
import { restingPlace } from "./boards.js";
import { linePoint, nearestAllowed } from "./geometry.js";
import { logShot, renderRuling, renderScore } from "./panels.js";

const page = document.getElementById("enter-page");
const gameId = page.dataset.game;
const api = `/api/play/games/${gameId}`;
const $ = (id) => document.getElementById(id);
const TAP = 8; // pixels: a shorter drag is a tap (the disc struck first)
const GAP = 1e-4; // metres left between discs pushed apart

let state = null;
let view = null;
const tokens = heldTokens(gameId);
let moved = new Map(); // disc id -> {x, y, state}: where the scorer put it
let first = null; // the disc the shooter struck first
let drag = null;
let lastSeat = null; // the seat of the last shot entered (to take it back)
let marks = { marks: [], ghosts: [] }; // the referee's marks on the last shot

const replayHref = (n) => `/play/${gameId}/replay?shot=${n}`;

function say(message) {
  $("error").textContent = message ? message[0].toUpperCase() + message.slice(1) : "";
}

// The new disc's start: the allowed point of the shooter's line nearest its middle.
function startPoint() {
  const line = state.turn.starts[String(state.turn.seat)];
  const [x, y] = linePoint(line, nearestAllowed(line, 0.5) ?? 0.5);
  return { x, y, state: "on_surface" };
}

function picture(id, side, at, isNew) {
  const off = at.state !== "on_surface";
  return {
    id,
    side,
    x: at.x,
    y: at.y,
    state: at.state,
    where: at.state === "in_hole" ? 3 : 0,
    alpha: off ? 0.55 : undefined,
    ring: id === first ? "#e8590c" : isNew ? "rgba(11, 83, 148, 0.9)" : undefined,
  };
}

// The discs on the picture: the position now with the moves made, and the new disc.
function discs() {
  if (!state) return [];
  const out = state.discs.map((d) => picture(d.id, d.side, moved.get(d.id) ?? { ...d, state: "on_surface" }, false));
  if (state.turn) {
    const { disc, side } = state.turn;
    out.push(picture(disc, side, moved.get(disc) ?? startPoint(), true));
  }
  return out;
}

function render() {
  view.set({ discs: discs(), ...marks });
  const status = $("entry-status");
  if (!state.turn) {
    status.textContent = `${state.result}. The game is entered: review it, replay it or share its link.`;
    return;
  }
  const colour = state.side_names[state.turn.side];
  const who = state.seats.find((s) => s.seat === state.turn.seat);
  const struck = first === null ? "nothing (tap the disc it struck first)" : describe(first);
  const twenties = [...moved.values()].filter((m) => m.state === "in_hole").length;
  const outs = [...moved.values()].filter((m) => m.state !== "on_surface" && m.state !== "in_hole").length;
  status.textContent = `${who.name} (${colour}) shot disc ${state.turn.disc}. Struck first: ${struck}. 20s: ${twenties}. Off the board: ${outs}.`;
}

function describe(id) {
  const d = state.discs.find((x) => x.id === id);
  return d ? `${state.side_names[d.side]} disc ${id}` : `disc ${id}`;
}

function point(e) {
  const box = view.canvas.getBoundingClientRect();
  return [e.clientX - box.left, e.clientY - box.top];
}

// The disc under the pointer (the new disc first: it starts on the line, where others may lie).
function discAt(panel, px, py) {
  const r = Math.max(view.figures.disc * panel.scale * 1.25, 14);
  let best = null;
  for (const d of discs().reverse()) {
    const [sx, sy] = panel.toScreen(d.x, d.y);
    const dist = Math.hypot(px - sx, py - sy);
    if (dist <= r && (best === null || dist < best.dist - 1)) best = { id: d.id, dist };
  }
  return best && best.id;
}

function down(e) {
  if (!state || !state.turn) return;
  const [px, py] = point(e);
  const panel = view.panelAt(px, py);
  if (!panel) return;
  const id = discAt(panel, px, py);
  if (id === null) return;
  marks = { marks: [], ghosts: [] };
  drag = { id, panel, x0: px, y0: py, pointer: e.pointerId, far: false };
  try {
    view.canvas.setPointerCapture(e.pointerId);
  } catch (err) {
    // a pointer the browser no longer tracks: the drag still works on the board
  }
  e.preventDefault();
}

function move(e) {
  if (!drag || e.pointerId !== drag.pointer) return;
  const [px, py] = point(e);
  if (!drag.far && Math.hypot(px - drag.x0, py - drag.y0) < TAP) return;
  drag.far = true;
  const panel = view.panelAt(px, py) || drag.panel;
  const [x, y] = panel.toBoard(px, py);
  moved.set(drag.id, { x, y, state: "on_surface" });
  render();
  e.preventDefault();
}

function up(e) {
  if (!drag || e.pointerId !== drag.pointer) return;
  const { id, far } = drag;
  drag = null;
  if (!far) {
    if (id !== state.turn.disc) first = first === id ? null : id;
  } else {
    const at = moved.get(id);
    moved.set(id, settle(id, restingPlace(view.figures, at.x, at.y)));
  }
  render();
}

// A disc left on the surface overlapping another is pushed to just touch it.
function settle(id, at) {
  if (at.state !== "on_surface") return at;
  const reach = 2 * view.figures.disc + GAP;
  let { x, y } = at;
  for (let pass = 0; pass < 6; pass += 1) {
    let clear = true;
    for (const d of discs()) {
      if (d.id === id || d.state !== "on_surface") continue;
      const dist = Math.hypot(x - d.x, y - d.y);
      if (dist < reach) {
        const k = dist > 0 ? reach / dist : 1;
        x = d.x + (x - d.x) * k + (dist > 0 ? 0 : reach);
        y = d.y + (y - d.y) * k;
        clear = false;
      }
    }
    if (clear) break;
  }
  return restingPlace(view.figures, x, y);
}

async function record() {
  if (!state.turn) return;
  say("");
  const seat = state.turn.seat;
  const shooter = state.turn.disc;
  const places = [...moved.entries()].map(([id, at]) => ({ id, x: at.x, y: at.y, state: at.state }));
  if (!moved.has(shooter)) places.push({ id: shooter, ...startPoint() });
  $("entry-record").disabled = true;
  try {
    const shot = await call("POST", `${api}/hand`, { seat, first, places }, tokens[String(seat)]);
    lastSeat = shot.seat;
    renderRuling($("ruling"), shot, state);
    logShot($("log"), shot, state, replayHref);
    marks = rulingMarks(shot.ruling);
    const ended = [...shot.rounds_ended.map((r) => r.summary), ...shot.games_ended.map((g) => g.summary)];
    apply(shot.state);
    $("banner").textContent = ended.length ? ended[ended.length - 1] : `Shot ${shot.number}: ${shot.ruling.summary}`;
  } catch (err) {
    say(err.message);
  } finally {
    $("entry-record").disabled = false;
  }
}

function reset() {
  moved = new Map();
  first = null;
  render();
}

async function undo() {
  if (lastSeat === null) return;
  say("");
  try {
    const s = await call("POST", `${api}/undo`, { seat: lastSeat }, tokens[String(lastSeat)]);
    lastSeat = null;
    marks = { marks: [], ghosts: [] };
    apply(s);
    await reloadLog();
  } catch (err) {
    say(err.message);
  }
}

function apply(s) {
  state = s;
  page.dataset.shots = String(s.shots);
  moved = new Map();
  first = null;
  renderScore($("score"), s, tokens);
  if (s.turn) $("banner").textContent = `${s.side_names[s.turn.side]} to shoot: enter where the discs stopped`;
  else $("banner").textContent = s.result;
  $("undo").hidden = !(s.undo && lastSeat !== null && tokens[String(lastSeat)] && s.status === "playing");
  $("review-link").hidden = !(s.status !== "playing" && s.shots > 0);
  $("review-link").href = `/play/${gameId}/replay?review=1`;
  $("replay-link").href = `/play/${gameId}/replay`;
  $("json-link").href = `${api}/record.json`;
  $("cmn-link").href = `${api}/record.cmn.json`;
  $("cmn-link").hidden = !s.exports.includes("cmn");
  $("entry-record").disabled = !s.turn;
  $("entry-reset").disabled = !s.turn;
  render();
}

async function reloadLog() {
  const shots = await call("GET", `${api}/shots`);
  $("log").replaceChildren();
  for (const shot of shots) logShot($("log"), shot, state, replayHref);
  lastSeat = shots.length ? shots[shots.length - 1].seat : null;
  apply(state);
}

async function start() {
  const s = await call("GET", api);
  if (!s.real_board) {
    window.location.replace(`/play/${gameId}`);
    return;
  }
  view = new BoardView($("board"), s.board, s.colours);
  view.render();
  $("entry-help").textContent =
    `Drag the ringed new ${s.piece} from its start to where it stopped, then each ${s.piece} that moved. ` +
    "Into the hole: a 20. Off the board: out. Tap the disc it struck first (tap again to clear). Then record the shot.";
  const canvas = view.canvas;
  canvas.addEventListener("pointerdown", down);
  canvas.addEventListener("pointermove", move);
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", () => {
    drag = null;
    render();
  });
  $("entry-record").addEventListener("click", record);
  $("entry-reset").addEventListener("click", reset);
  $("undo").addEventListener("click", undo);
  state = s;
  await reloadLog();
  page.dataset.ready = "1";
}

start().catch((err) => say(err.message));
