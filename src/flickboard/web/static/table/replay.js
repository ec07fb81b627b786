// The replay page: a game shot by shot. The scrubber picks a shot; the board shows the
// position before it, plays it as the server simulated it, then the referee's marks.
// The address (?shot=N) is the link to share.

import { animateShot, rulingMarks } from "./animate.js";
import { call } from "./api.js";
import { BoardView } from "./board.js";
import { logShot, renderRuling } from "./panels.js";

const page = document.getElementById("replay-page");
const gameId = page.dataset.game;
const api = `/api/play/games/${gameId}`;
const $ = (id) => document.getElementById(id);

let state = null;
let view = null;
let shots = [];
let current = 0;
let token = 0; // the latest request wins when the scrubber moves fast
const control = { skip: false };

function link(n) {
  return `/play/${gameId}/replay?shot=${n}`;
}

function mark(n) {
  const url = new URL(link(n), window.location.origin).href;
  $("share").href = url;
  $("share").textContent = url;
  history.replaceState(null, "", link(n));
  for (const item of $("log").children) item.classList.toggle("current", item.dataset.number === String(n));
}

async function show(n, animate) {
  const mine = ++token;
  current = n;
  $("scrub").value = String(n);
  mark(n);
  if (n === 0) {
    $("where").textContent = `before the first shot (${shots.length} shots)`;
    view.set({ discs: [], marks: [], ghosts: [] });
    renderRuling($("ruling"), null, state);
    return;
  }
  const shot = await call("GET", `${api}/shots/${n}`);
  if (mine !== token) return;
  $("where").textContent = `shot ${n} of ${shots.length}: game ${shot.game}, ${state.score.round_word} ${shot.round}`;
  $("banner").textContent = `${shot.by} (${state.side_names[shot.side]}): ${shot.ruling.summary}`;
  renderRuling($("ruling"), shot, state);
  view.set({ discs: shot.before, marks: [], ghosts: [] });
  control.skip = !animate;
  await animateShot(view, shot, control);
  if (mine !== token) return;
  const { marks, ghosts } = rulingMarks(shot.ruling);
  view.set({ discs: shot.after, marks, ghosts });
}

async function start() {
  state = await call("GET", api);
  shots = await call("GET", `${api}/shots`);
  view = new BoardView($("board"), state.board, state.colours);
  const mine = state.seats[0];
  view.turnTo(mine ? mine.seat : 0);
  view.render();
  for (const shot of shots) logShot($("log"), shot, state, link);
  for (const a of $("log").querySelectorAll("a")) {
    a.addEventListener("click", (e) => {
      e.preventDefault();
      show(Number.parseInt(a.closest("li").dataset.number, 10), true);
    });
  }
  const scrub = $("scrub");
  scrub.max = String(shots.length);
  scrub.addEventListener("input", () => show(Number.parseInt(scrub.value, 10), false));
  $("prev").addEventListener("click", () => show(Math.max(0, current - 1), false));
  $("next").addEventListener("click", () => show(Math.min(shots.length, current + 1), true));
  $("again").addEventListener("click", () => show(current, true));
  const asked = Number.parseInt(new URL(window.location.href).searchParams.get("shot") ?? "", 10);
  const first = Number.isFinite(asked) ? Math.min(Math.max(asked, 0), shots.length) : shots.length;
  $("banner").textContent = `${state.result} · ${shots.length} shots`;
  await show(first, false);
}

start().catch((err) => {
  $("error").textContent = err.message;
});
