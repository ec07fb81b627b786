// The table page: shows the game as the server tells it (every shot animated in turn,
// for both browsers alike), and lets the seats this browser holds aim and shoot.

import { AimControl } from "./aim.js";
import { animateShot, finalDiscs, rulingMarks } from "./animate.js";
import { ApiError, call, heldInvites, heldTokens, keepTokens, listen } from "./api.js";
import { BoardView } from "./board.js";
import { el, logShot, renderRuling, renderScore, showSummary } from "./panels.js";

const page = document.getElementById("table-page");
const gameId = page.dataset.game;
const $ = (id) => document.getElementById(id);
const api = `/api/play/games/${gameId}`;

let tokens = heldTokens(gameId);
let state = null; // the state on screen
let view = null;
let aim = null;
let shown = 0; // shots shown on screen
let lastShot = null;
let lastHuman = null; // seat of the last shot a person played
const queue = [];
let busy = false;
const control = { skip: false };
let clockTimer = null;
let offline = null;

const held = (seat) => Boolean(tokens[String(seat)]);
const seatOf = (seat) => state.seats.find((s) => s.seat === seat);
const replayHref = (n) => `/play/${gameId}/replay?shot=${n}`;

function say(message) {
  // the server's sentences start in lower case, to be read inside others
  $("error").textContent = message ? message[0].toUpperCase() + message.slice(1) : "";
}

function banner(text) {
  $("banner").textContent = text;
}

// The seat the board turns to: the shooter if this browser holds it, else this
// browser's own seat, else the shooter.
function orientation(s) {
  const mine = s.seats.filter((seat) => held(seat.seat)).map((seat) => seat.seat);
  if (s.turn) {
    const shooter = s.turn.choices.find((seat) => held(seat));
    if (shooter !== undefined) return shooter;
  }
  if (mine.length) return mine[0];
  return s.turn ? s.turn.seat : 0;
}

// The seat this browser aims for now (null: not this browser's turn).
function aimingSeat(s) {
  if (!s.turn || s.status !== "playing") return null;
  const mine = s.turn.choices.filter((seat) => held(seat));
  if (!mine.length) return null;
  const chosen = Number.parseInt($("seat-choice").dataset.seat ?? "", 10);
  return mine.includes(chosen) ? chosen : mine[0];
}

function describeTurn(s) {
  if (s.status !== "playing") return `${s.result}.`;
  const seat = seatOf(s.turn.seat);
  const colour = s.side_names[s.turn.side];
  const aiming = aimingSeat(s);
  if (aiming !== null) {
    const who = seatOf(aiming);
    const many = s.seats.filter((x) => held(x.seat)).length > 1;
    const what = s.speed_default === null
      ? "aim once the physics engine has warmed up"
      : "drag on the board to aim";
    return many
      ? `${who.name}'s shot (${s.side_names[who.side]}, seat ${aiming}): ${what}`
      : `Your shot (${colour}): ${what}`;
  }
  if (seat.player === "ai") return `${seat.name} is thinking…`;
  if (!seat.joined) return `Waiting for ${seat.name} (${colour}) to join by their link`;
  return `Waiting for ${seat.name} (${colour}) to shoot`;
}

function seatChoice(s) {
  const box = $("seat-choice");
  const mine = s.turn ? s.turn.choices.filter((seat) => held(seat)) : [];
  if (mine.length < 2) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const current = aimingSeat(s);
  box.replaceChildren(
    el("span", { text: "Who shoots: " }),
    ...mine.map((seat) => {
      const button = el("button", { type: "button", class: seat === current ? "" : "secondary", text: seatOf(seat).name });
      button.addEventListener("click", () => {
        box.dataset.seat = String(seat);
        apply(state);
      });
      return button;
    }),
  );
}

function invites(s) {
  const links = heldInvites(gameId);
  const waiting = s.seats.filter((seat) => seat.player === "remote" && !seat.joined && links[String(seat.seat)]);
  const box = $("invites");
  box.hidden = waiting.length === 0;
  box.replaceChildren(
    el("h2", { text: "Invite" }),
    ...waiting.map((seat) => {
      const url = new URL(links[String(seat.seat)], window.location.origin).href;
      const input = el("input", { type: "text", readonly: "", value: url, "aria-label": `Join link for ${seat.name}` });
      const copy = el("button", { type: "button", class: "secondary", text: "Copy" });
      copy.addEventListener("click", () => {
        input.select();
        navigator.clipboard?.writeText(url);
      });
      return el("p", {}, el("span", { text: `Send ${seat.name} (${s.side_names[seat.side]}) this link: ` }), input, copy);
    }),
  );
}

// A hint: the review engine's best shot from here, drawn as a ghost path (casual games).
async function hint() {
  const seat = aimingSeat(state);
  if (seat === null) return;
  $("hint").disabled = true;
  $("hint-words").hidden = false;
  $("hint-words").textContent = "Thinking of a hint…";
  try {
    const best = await call("POST", `${api}/hint`, { seat }, tokens[String(seat)]);
    $("hint-words").textContent = `Hint: ${best.words} (${(100 * best.value).toFixed(0)} % to win), the dashed green path.`;
    view.set({ paths: [{ kind: "best", points: best.path }] });
  } catch (err) {
    $("hint-words").textContent = err.message;
  } finally {
    $("hint").disabled = false;
  }
}

function actions(s) {
  const mine = s.seats.some((seat) => held(seat.seat));
  $("resign").hidden = !(mine && s.status === "playing");
  $("undo").hidden = !(s.undo && s.status !== "resigned" && lastHuman !== null && held(lastHuman));
  $("replay-link").href = `/play/${gameId}/replay`;
  // the review at the end of a game; hints only in casual games (undo allowed), on my turn
  $("review-link").href = `/play/${gameId}/replay?review=1`;
  $("review-link").hidden = !(mine && s.status !== "playing" && s.shots > 0);
  $("hint").hidden = !(s.undo && aimingSeat(s) !== null);
  if ($("hint").hidden) {
    $("hint-words").hidden = true;
  }
  $("json-link").href = `${api}/record.json`;
  $("cmn-link").href = `${api}/record.cmn.json`;
  // the game kind says which records it exports now (CMN: finished crokinole games)
  $("cmn-link").hidden = !s.exports.includes("cmn");
}

function tickClock(s) {
  clearInterval(clockTimer);
  const c = s.score.clock;
  if (!c || c.kind !== "seconds" || s.status !== "playing") return;
  const end = Date.now() + c.left * 1000;
  clockTimer = setInterval(() => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    const node = document.querySelector("#score .clock");
    if (node) node.textContent = `Time: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
    if (left <= 0) {
      clearInterval(clockTimer);
      refresh();
    }
  }, 1000);
}

// Show a state: the position, the score, whose turn; aim if it is this browser's.
function apply(s, { keepMarks = false } = {}) {
  state = s;
  shown = s.shots;
  page.dataset.shown = String(shown);
  page.dataset.status = s.status;
  if (!view) {
    const piece = s.piece;
    $("aim-help").textContent =
      `Place: drag your ${piece} along the green line (or A/D). Aim: drag anywhere on the board ` +
      "and pull back, like a slingshot: the further you pull, the harder the shot. Fine " +
      "control: ←/→ aim, ↑/↓ or +/− power, [ ] spin, Enter shoots.";
    view = new BoardView($("board"), s.board, s.colours);
    aim = new AimControl(view, $("aim"), $("power"), shoot);
  }
  view.turnTo(orientation(s));
  view.canvas.dataset.seat = String(view.seat);
  const changes = { discs: s.discs, paths: [] };
  if (!keepMarks) Object.assign(changes, { marks: [], ghosts: [] });
  view.set(changes);
  renderScore($("score"), s, tokens);
  seatChoice(s);
  invites(s);
  actions(s);
  tickClock(s);
  banner(describeTurn(s));
  if (queue.length || busy) {
    aim.disable();
    $("aim-help").hidden = true;
    return;
  }
  // null while the physics engine warms up: nothing to aim until the page reloads ready
  const seat = s.speed_default === null ? null : aimingSeat(s);
  $("aim-help").hidden = seat === null;
  if (seat === null) {
    aim.disable();
  } else {
    aim.enable(seat, seatOf(seat).side, s.turn.starts[String(seat)], s.speed_range, s.speed_default);
  }
}

async function refresh() {
  try {
    apply(await call("GET", api));
  } catch (err) {
    say(err.message);
  }
}

async function showShot(shot) {
  aim.disable();
  lastShot = shot;
  banner(`${shot.by} (${state.side_names[shot.side]}) shoots…`);
  $("skip").hidden = false;
  control.skip = pace() === 0;
  control.speed = pace() || 1;
  view.set({ marks: [], ghosts: [] });
  await animateShot(view, shot, control);
  $("skip").hidden = true;
  const { marks, ghosts } = rulingMarks(shot.ruling);
  view.set({ discs: finalDiscs(shot), marks, ghosts: [] });
  renderRuling($("ruling"), shot, state);
  logShot($("log"), shot, state, replayHref);
  const person = seatOf(shot.seat).player !== "ai";
  if (person) lastHuman = shot.seat;
  await pause(control.skip ? 100 : 900 / control.speed);
  // the board as the referee leaves it, the removed discs as ghosts where they lay
  view.set({ discs: shot.after, ghosts, marks });
  // The end of a one-game match says its verdict once (with the totals), not the game's
  // line beside the match's: a game tied on points that the 20s decide is not "tied" too.
  const single = shot.over && shot.state.score.games === 1 && shot.state.status === "over";
  const lines = [...shot.rounds_ended.map((r) => r.summary), ...(single ? [] : shot.games_ended.map((g) => g.summary))];
  if (shot.over) lines.push(single ? `Result: ${shot.state.result}.` : `Match: ${shot.state.result}.`);
  if (lines.length) {
    renderScore($("score"), shot.state, tokens);
    banner(shot.over ? shot.state.result : lines[lines.length - 1]);
    const word = shot.state.score.round_word;
    const title = shot.over ? "Game over" : shot.games_ended.length ? "End of the game" : `End of the ${word}`;
    await showSummary($("summary"), title, lines);
  }
  // a new round starts on an empty board: the last one's marks go with it
  apply(shot.state, { keepMarks: !shot.rounds_ended.length || shot.over });
  if (!shot.rounds_ended.length || shot.over) view.set({ discs: shot.over ? shot.after : shot.state.discs, ghosts, marks });
}

function pace() {
  return Number.parseFloat(localStorage.getItem("flickboard.pace") ?? "1");
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function enqueue(item) {
  queue.push(item);
  pump();
}

async function pump() {
  if (busy) return;
  busy = true;
  try {
    while (queue.length) {
      const item = queue.shift();
      if (item.kind === "shot") {
        if (item.data.number <= shown) continue; // already shown (answer and event)
        if (item.data.number !== shown + 1) {
          await refresh();
          continue;
        }
        await showShot(item.data);
      } else if (item.data.version >= state.version) {
        if (item.data.shots < shown) lastHuman = null; // taken back
        apply(item.data);
        await reloadLog();
      }
    }
  } catch (err) {
    say(err.message);
  } finally {
    busy = false;
  }
  if (state) apply(state, { keepMarks: true });
}

async function shoot(request) {
  say("");
  const token = tokens[String(request.seat)];
  aim.disable();
  banner("Shooting…");
  try {
    const shot = await call("POST", `${api}/shots`, request, token);
    enqueue({ kind: "shot", data: shot });
  } catch (err) {
    say(err.message);
    apply(state, { keepMarks: true });
  }
}

async function undo() {
  say("");
  try {
    const s = await call("POST", `${api}/undo`, { seat: lastHuman }, tokens[String(lastHuman)]);
    lastHuman = null;
    enqueue({ kind: "state", data: s });
  } catch (err) {
    say(err.message);
  }
}

async function resign() {
  const seat = state.seats.find((s) => held(s.seat));
  if (!seat || !window.confirm(`Resign for ${state.side_names[seat.side]}? The game ends and the other side wins.`)) return;
  try {
    enqueue({ kind: "state", data: await call("POST", `${api}/resign`, { seat: seat.seat }, tokens[String(seat.seat)]) });
  } catch (err) {
    say(err.message);
  }
}

async function reloadLog() {
  const shots = await call("GET", `${api}/shots`);
  const list = $("log");
  list.replaceChildren();
  for (const shot of shots) logShot(list, shot, state, replayHref);
  const people = shots.filter((shot) => seatOf(shot.seat).player !== "ai");
  lastHuman = people.length ? people[people.length - 1].seat : null;
  if (!shots.length) renderRuling($("ruling"), null, state);
  actions(state);
}

async function join(code) {
  const joined = await call("POST", `${api}/join`, { code });
  keepTokens(gameId, { [String(joined.seat)]: joined.token });
  tokens = heldTokens(gameId);
  const url = new URL(window.location.href);
  url.searchParams.delete("join");
  history.replaceState(null, "", url.pathname + url.search);
}

async function start() {
  $("skip").addEventListener("click", () => (control.skip = true));
  $("pace").value = String(pace());
  $("pace").addEventListener("change", () => localStorage.setItem("flickboard.pace", $("pace").value));
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("resign").addEventListener("click", resign);
  const code = new URL(window.location.href).searchParams.get("join");
  let refused = "";
  if (code) {
    try {
      await join(code);
    } catch (err) {
      refused = err.message; // shown below; the game is still there to watch
    }
  }
  try {
    const first = await call("GET", api);
    if (first.real_board) {
      window.location.replace(`/play/${gameId}/enter`); // shots are entered, not aimed
      return;
    }
    apply(first);
    say(refused);
    await reloadLog();
    if (state.shots > 0) {
      const last = await call("GET", `${api}/shots/${state.shots}`);
      renderRuling($("ruling"), last, state);
      if (!last.rounds_ended.length || state.status !== "playing") {
        const { marks, ghosts } = rulingMarks(last.ruling);
        view.set({ discs: state.status === "playing" ? state.discs : last.after, marks, ghosts });
      }
    }
    apply(state, { keepMarks: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) banner("There is no such game on this server.");
    say(err.message);
    return;
  }
  listen(
    gameId,
    {
      shot: (data) => enqueue({ kind: "shot", data }),
      state: (data) => enqueue({ kind: "state", data }),
      thinking: (data) => {
        if (!busy && !queue.length) banner(`${data.name} is thinking…`);
      },
      problem: (data) => say(data.detail),
    },
    (connected) => {
      // a stream ends now and then and reconnects at once: say so only if it stays down
      clearTimeout(offline);
      if (connected) page.classList.remove("offline");
      else offline = setTimeout(() => page.classList.add("offline"), 3000);
    },
  );
}

start();
