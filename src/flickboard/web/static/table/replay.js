// The replay page: a game shot by shot. The scrubber picks a shot; the board shows the
// position before it, plays it as the server simulated it, then the referee's marks.
// The address (?shot=N) is the link to share.

import { animateShot, rulingMarks } from "./animate.js";
import { call, heldTokens } from "./api.js";
import { BoardView } from "./board.js";
import { el, logShot, renderRuling } from "./panels.js";
import { renderGraph, renderMoments, renderPlayers, renderShot } from "./review.js";

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
// ?review=1 (the table's Review link) starts the review; read before the address changes
const reviewAsked = new URL(window.location.href).searchParams.get("review") === "1";
let review = null; // the game review once done: its shots by number in the game
let polling = null;

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
    view.set({ discs: [], marks: [], ghosts: [], paths: [] });
    renderRuling($("ruling"), null, state);
    return;
  }
  const shot = await call("GET", `${api}/shots/${n}`);
  if (mine !== token) return;
  $("where").textContent = `shot ${n} of ${shots.length}: game ${shot.game}, ${state.score.round_word} ${shot.round}`;
  $("banner").textContent = `${shot.by} (${state.side_names[shot.side]}): ${shot.ruling.summary}`;
  renderRuling($("ruling"), shot, state);
  view.set({ discs: shot.before, marks: [], ghosts: [], paths: [] });
  control.skip = !animate;
  await animateShot(view, shot, control);
  if (mine !== token) return;
  const { marks, ghosts } = rulingMarks(shot.ruling);
  view.set({ discs: shot.after, marks, ghosts });
  showReview(n, shot);
}

// The review of shot n beside the board (its label, the coach's words, the paths'
// legend, try it again) and on the board, over the position before, the shot played,
// the best shot as a ghost path and the shot meant; the graph marks the shot.
function showReview(n, shot) {
  const box = $("review-shot");
  const reviewed = review && review.shots.find((s) => s.index === n);
  if (review) renderGraph($("review-graph"), review, state, n, (k) => show(k, true));
  if (!reviewed) {
    box.replaceChildren();
    view.set({ paths: [] });
    return;
  }
  renderShot(box, reviewed, `/play/${gameId}/try?shot=${n}&level=${encodeURIComponent(review.level)}`);
  const p = reviewed.paths || {};
  view.set({
    discs: shot.before,
    marks: [],
    ghosts: [],
    paths: ["played", "meant", "best"].filter((kind) => p[kind]).map((kind) => ({ kind, points: p[kind] })),
  });
}

function showPlayers() {
  renderGraph($("review-graph"), review, state, current, (k) => show(k, true));
  renderPlayers($("review-players"), review);
  renderMoments($("review-moments"), review, state, (k) => show(k, true));
}

function reviewed(status) {
  const progress = $("review-progress");
  if (status.status === "running") {
    progress.textContent = `Reviewing at ${status.level}… ${status.done} of ${status.total || "?"} shots weighed (the table stays usable).`;
    return false;
  }
  if (status.status === "failed") {
    progress.textContent = "The review failed; try again.";
    return true;
  }
  if (status.status === "done") {
    review = { ...status.review, level: status.level };
    showPlayers();
    // Said once the shot on show carries its review, so the words never run ahead of it.
    const done = `Reviewed at ${status.level}: ${review.shots.length} shots.`;
    show(current, false).finally(() => {
      progress.textContent = done;
    });
    return true;
  }
  progress.textContent = "";
  return true;
}

async function poll() {
  const status = await call("GET", `${api}/review`);
  if (reviewed(status)) {
    clearInterval(polling);
    polling = null;
  }
}

async function startReview() {
  const tokens = Object.entries(heldTokens(gameId));
  if (!tokens.length) {
    $("error").textContent = "Only a player of this game (this browser holds no seat of it) can ask for its review.";
    return;
  }
  const [seat, token] = tokens[0];
  const body = { seat: Number.parseInt(seat, 10), level: $("review-level").value };
  const status = await call("POST", `${api}/review`, body, token);
  if (!reviewed(status) && !polling) polling = setInterval(() => poll().catch(() => {}), 1000);
}

async function levels() {
  const catalogue = await call("GET", "/api/play/catalogue");
  const choices = catalogue.levels.filter((level) => level !== "perfect");
  $("review-level").replaceChildren(
    ...choices.map((level) => el("option", { value: level, text: level, ...(level === "competitive" ? { selected: "" } : {}) })),
  );
}

async function start() {
  await levels();
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
  $("review-start").addEventListener("click", () => {
    startReview().catch((err) => {
      $("error").textContent = err.message;
    });
  });
  const asked = Number.parseInt(new URL(window.location.href).searchParams.get("shot") ?? "", 10);
  const first = Number.isFinite(asked) ? Math.min(Math.max(asked, 0), shots.length) : shots.length;
  $("banner").textContent = `${state.result} · ${shots.length} shots`;
  await show(first, false);
  const status = await call("GET", `${api}/review`);
  if (!reviewed(status) && !polling) polling = setInterval(() => poll().catch(() => {}), 1000);
  if (reviewAsked && status.status === "none") {
    await startReview();
  }
}

start().catch((err) => {
  $("error").textContent = err.message;
});
