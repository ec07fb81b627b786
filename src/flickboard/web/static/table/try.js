// Try it again: the position before a shot of the game, the table's aim, and the coach's
// word on the new shot against the best from there and the shot the game saw
// (docs/review.md, "Try it again"). The server simulates, rules and weighs; the game is
// not changed.

import { AimControl } from "./aim.js";
import { animateShot, rulingMarks } from "./animate.js";
import { call, heldTokens } from "./api.js";
import { BoardView } from "./board.js";
import { PATH_STYLES } from "./draw.js";
import { renderRuling } from "./panels.js";

const page = document.getElementById("try-page");
const gameId = page.dataset.game;
const api = `/api/play/games/${gameId}`;
const $ = (id) => document.getElementById(id);
const asked = new URL(window.location.href).searchParams;
const number = Number.parseInt(asked.get("shot") ?? "1", 10);
const level = asked.get("level") || "competitive";

let state = null;
let position = null;
let view = null;
let aim = null;
const control = { skip: false };

function say(message) {
  $("error").textContent = message ? message[0].toUpperCase() + message.slice(1) : "";
}

function ready() {
  view.set({ discs: position.before, marks: [], ghosts: [], paths: [] });
  aim.enable(position.seat, position.side, position.start, position.speed_range, position.speed_default);
}

async function tryShot(request) {
  const held = Object.entries(heldTokens(gameId));
  if (!held.length) {
    say("Only a player of this game (this browser holds no seat of it) can try its shots again.");
    return;
  }
  const [seat, token] = held[0];
  say("");
  $("try-coach").textContent = "Weighing your shot…";
  try {
    const tried = await call("POST", `${api}/try/${number}`, { ...request, seat: Number(seat), level }, token);
    view.set({ discs: tried.before, paths: [] });
    await animateShot(view, tried, control);
    const { marks, ghosts } = rulingMarks(tried.ruling);
    view.set({ discs: tried.after, marks, ghosts, paths: [{ kind: "best", points: tried.paths.best }] });
    renderRuling($("ruling"), { ...tried, by: "Your try", number }, state);
    $("try-coach").textContent = `${tried.coach.charAt(0).toUpperCase()}${tried.coach.slice(1)}.`;
    const c = tried.review.comment;
    $("try-words").textContent = `${c.charAt(0).toUpperCase()}${c.slice(1)}.`;
    $("try-legend").hidden = false;
    page.dataset.tries = String(Number(page.dataset.tries || "0") + 1);
  } catch (err) {
    say(err.message);
    $("try-coach").textContent = "";
  } finally {
    aim.update(); // the aim stays as it was, to change a little and try again
  }
}

async function start() {
  state = await call("GET", api);
  position = await call("GET", `${api}/try/${number}`);
  view = new BoardView($("board"), state.board, state.colours);
  view.turnTo(position.seat);
  aim = new AimControl(view, $("aim"), $("power"), tryShot);
  $("aim-help").textContent =
    `Place: drag the ${state.piece} along the green line. Aim: drag anywhere on the board and pull back, ` +
    "like a slingshot. Fine control: ←/→ aim, ↑/↓ power, Enter shoots.";
  $("replay-link").href = `/play/${gameId}/replay?shot=${number}`;
  const colour = state.side_names[position.side];
  $("banner").textContent = `Shot ${number} again: ${colour} to shoot, weighed at ${level}`;
  $("try-shot").textContent = `The position before shot ${number} of the game; ${colour} shoots.${position.realistic ? ` Played with the ${position.realistic} hand, as the game.` : ""}`;
  const style = PATH_STYLES.best;
  $("try-legend").textContent = "";
  $("try-legend").append(
    Object.assign(document.createElement("span"), { textContent: "The dashed path: the best shot from here." }),
  );
  $("try-legend").style.color = style.colour;
  $("try-legend").hidden = true;
  const status = await call("GET", `${api}/review`);
  const game = status.status === "done" && status.level === level ? status.review.shots.find((s) => s.index === number) : null;
  $("try-game").textContent = game
    ? `In the game: ${game.label}. ${game.comment.charAt(0).toUpperCase()}${game.comment.slice(1)}.`
    : "";
  $("try-reset").addEventListener("click", ready);
  ready();
  page.dataset.ready = "1";
}

start().catch((err) => say(err.message));
