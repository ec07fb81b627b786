// The lobby: choose the game, its rules and format, and who plays each seat. What can
// be chosen comes from the server (each game's rule sets, options and formats); the
// seats and their colours are asked of the server for the setup chosen.

import { call, keepInvites, keepTokens } from "./api.js";
import { discIcon } from "./draw.js";
import { el } from "./panels.js";

const $ = (id) => document.getElementById(id);
let catalogue = null;
let seats = []; // [{seat, side, colour, hex}]
const chosen = new Map(); // seat -> {player, name, ai}

const PLAYER_COUNTS = {
  2: "2 players (singles)",
  3: "3 players, each their own colour",
  4: "4 players",
};

function game() {
  const name = document.querySelector("input[name=game]:checked").value;
  return catalogue.games.find((g) => g.name === name);
}

function ruleSet() {
  return game().rule_sets.find((r) => r.name === $("rules").value);
}

function buildGames() {
  $("games").replaceChildren(
    ...catalogue.games.map((g, k) =>
      el(
        "label",
        { class: "choice" },
        el("input", { type: "radio", name: "game", value: g.name, ...(k === 0 ? { checked: "" } : {}) }),
        el("span", { text: g.title[0].toUpperCase() + g.title.slice(1) }),
      ),
    ),
  );
  for (const input of document.querySelectorAll("input[name=game]")) {
    input.addEventListener("change", () => {
      buildRules();
      buildFormat();
      changed();
    });
  }
}

function buildRules() {
  $("rules").replaceChildren(...game().rule_sets.map((r) => el("option", { value: r.name, text: r.title })));
  buildOptions();
}

function buildOptions() {
  const box = $("options");
  box.replaceChildren(
    ...ruleSet().options.map((o) => {
      const id = `opt-${o.name}`;
      if (o.type === "bool") {
        return el("label", {}, el("input", { type: "checkbox", id, "data-option": o.name, "data-type": o.type }), el("span", { text: ` ${o.label}` }));
      }
      if (o.type === "select") {
        const select = el("select", { id, "data-option": o.name, "data-type": o.type }, ...o.choices.map((c) => el("option", { value: c, text: c })));
        select.value = o.default;
        return el("label", {}, el("span", { text: `${o.label} ` }), select);
      }
      return el("label", {}, el("span", { text: `${o.label} ` }), el("input", { type: "number", id, value: String(o.default), "data-option": o.name, "data-type": o.type, min: "5", step: "5" }));
    }),
  );
  for (const input of box.querySelectorAll("[data-option]")) input.addEventListener("change", changed);
}

function options() {
  const out = {};
  const defaults = Object.fromEntries(ruleSet().options.map((o) => [o.name, o.default]));
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    let value = input.value;
    if (input.dataset.type === "bool") value = input.checked;
    if (input.dataset.type === "int") value = Number.parseInt(input.value, 10);
    if (value !== defaults[name]) out[name] = value;
  }
  return out;
}

function buildFormat() {
  const g = game();
  const counts = [];
  for (const n of g.players) {
    if (n === 4) {
      counts.push(["4-teams", "4 players: doubles (two teams)"]);
      if (g.players.includes(3)) counts.push(["4-alone", "4 players, each their own colour"]);
    } else {
      counts.push([String(n), PLAYER_COUNTS[n]]);
    }
  }
  $("players").replaceChildren(...counts.map(([value, text]) => el("option", { value, text })));
  const f = g.formats;
  const rows = [el("label", {}, el("input", { type: "radio", name: "format", value: "one", checked: "" }), el("span", { text: " One game" }))];
  if (f.match) {
    rows.push(el("label", {}, el("input", { type: "radio", name: "format", value: "match" }), el("span", { text: " A match of " }), el("input", { type: "number", id: "games-count", value: "2", min: "2", max: "20" }), el("span", { text: " games" })));
  }
  if (f.best_of_three) rows.push(el("label", {}, el("input", { type: "radio", name: "format", value: "best" }), el("span", { text: " Best of three games" })));
  if (f.timed) {
    rows.push(el("label", {}, el("input", { type: "radio", name: "format", value: "timed" }), el("span", { text: " Timed game: " }), el("input", { type: "number", id: "minutes", value: "20", min: "1", max: "180" }), el("span", { text: " minutes" })));
    rows.push(el("label", {}, el("input", { type: "radio", name: "format", value: "shots" }), el("span", { text: " Quick game: time is up after " }), el("input", { type: "number", id: "shots", value: "8", min: "1", max: "500" }), el("span", { text: " shots" })));
  }
  if (f.target) rows.push(el("label", {}, el("span", { text: "Play to " }), el("input", { type: "number", id: "target", placeholder: "the rules' target", min: "1", max: "1000" }), el("span", { text: " points" })));
  $("formats").replaceChildren(...rows);
  for (const input of $("formats").querySelectorAll("input")) input.addEventListener("change", changed);
}

// The setup as the API takes it (without the seats).
function setup() {
  const players = $("players").value;
  const out = {
    game: game().name,
    rules: $("rules").value,
    options: options(),
    players: Number.parseInt(players, 10),
    teams: players !== "4-alone",
  };
  const format = document.querySelector("input[name=format]:checked")?.value;
  const number = (id) => Number.parseFloat($(id).value);
  if (format === "match") out.games = number("games-count");
  if (format === "best") out.best_of_three = true;
  if (format === "timed") out.time_minutes = number("minutes");
  if (format === "shots") out.time_shots = number("shots");
  if ($("target") && $("target").value) out.target = number("target");
  return out;
}

function seatRow(seat, k) {
  const was = chosen.get(seat.seat) || { player: k === 0 ? "here" : "ai", name: "", ai: "ai:planner:competitive" };
  chosen.set(seat.seat, was);
  const [, kind = "planner", level = "competitive"] = was.ai.split(":");
  const player = el(
    "select",
    { "aria-label": `Who plays seat ${seat.seat} (${seat.colour})`, "data-seat": String(seat.seat), class: "player-kind" },
    el("option", { value: "here", text: "A person at this screen" }),
    el("option", { value: "remote", text: "A person at another browser (join link)" }),
    el("option", { value: "ai", text: "The AI" }),
  );
  player.value = was.player;
  const aiKind = el("select", { "aria-label": `AI kind, seat ${seat.seat}`, class: "ai-kind" }, ...catalogue.ai_kinds.map((x) => el("option", { value: x, text: x })));
  aiKind.value = kind;
  const aiLevel = el("select", { "aria-label": `AI level, seat ${seat.seat}`, class: "ai-level" }, ...catalogue.levels.map((x) => el("option", { value: x, text: `${x}: ${catalogue.tiers[x]}` })));
  aiLevel.value = level;
  const name = el("input", { type: "text", maxlength: "40", placeholder: "name (optional)", "aria-label": `Name, seat ${seat.seat}`, value: was.name, class: "name" });
  const ai = el("span", { class: "ai" }, aiKind, aiLevel);
  const sync = () => {
    chosen.set(seat.seat, { player: player.value, name: name.value, ai: `ai:${aiKind.value}:${aiLevel.value}` });
    ai.hidden = player.value !== "ai";
  };
  for (const input of [player, aiKind, aiLevel, name]) input.addEventListener("change", sync);
  sync();
  return el(
    "div",
    { class: "seat-row" },
    discIcon(seat.side, seat.hex, 24),
    el("span", { class: "seat-label", text: `${seat.colour[0].toUpperCase()}${seat.colour.slice(1)} · seat ${seat.seat}` }),
    player,
    ai,
    name,
  );
}

let asked = 0; // seating requests made; only the latest one's answer is shown

async function changed() {
  const mine = ++asked;
  $("lobby-error").textContent = "";
  try {
    const answer = await call("POST", "/api/play/seating", setup());
    if (mine !== asked) return; // a later change is on its way (answers can cross)
    seats = answer;
    $("seats").replaceChildren(...seats.map(seatRow));
    $("start").disabled = false;
  } catch (err) {
    if (mine !== asked) return;
    $("lobby-error").textContent = err.message;
    $("start").disabled = true;
  }
}

async function startGame(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const real = $("real-board").checked;
  const body = {
    ...setup(),
    // a real board's game is entered at this screen: every seat is played here
    seats: seats.map((s) => (real ? { player: "here", name: chosen.get(s.seat).name } : chosen.get(s.seat))),
    undo: $("undo").checked,
    realistic: real ? null : $("realistic").value || null,
    real_board: real,
  };
  try {
    const made = await call("POST", "/api/play/games", body);
    keepTokens(made.id, made.tokens);
    keepInvites(made.id, made.joins);
    window.location.assign(made.url);
  } catch (err) {
    $("lobby-error").textContent = err.message;
  }
}

async function start() {
  catalogue = await call("GET", "/api/play/catalogue");
  for (const level of catalogue.levels.filter((l) => l !== "perfect")) {
    $("realistic").append(el("option", { value: level, text: `${level}: shots go astray like a ${catalogue.tiers[level].split(":")[0]}'s` }));
  }
  buildGames();
  buildRules();
  buildFormat();
  $("rules").addEventListener("change", () => {
    buildOptions();
    changed();
  });
  $("players").addEventListener("change", changed);
  $("real-board").addEventListener("change", () => {
    $("realistic").disabled = $("real-board").checked;
  });
  $("lobby").addEventListener("submit", startGame);
  await changed();
}

start().catch((err) => {
  $("lobby-error").textContent = err.message;
});
