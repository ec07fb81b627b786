// The panels beside the board: the score, the referee's ruling, the list of shots and
// the summaries at the end of a round or game. Plain DOM, read aloud as it changes.

import { discIcon } from "./draw.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function clock(score) {
  const c = score.clock;
  if (!c) return null;
  if (c.kind === "shots") {
    return el("p", { class: "clock", text: `Time: ${c.left} shot${c.left === 1 ? "" : "s"} left` });
  }
  const left = Math.max(0, Math.round(c.left));
  const text = `Time: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
  return el("p", { class: "clock", text, "data-seconds": String(left) });
}

// The score panel: game and round, each side's score, 20s, discs left and the hammer.
export function renderScore(box, state, held) {
  const s = state.score;
  const word = s.round_word[0].toUpperCase() + s.round_word.slice(1);
  const games = s.games > 1 ? `Game ${s.game} of ${s.games}` : `Game ${s.game}`;
  const over = state.status !== "playing";
  const head = el("h2", { text: over ? (s.games > 1 ? "Match over" : "Final score") : `${games} · ${word} ${s.round}` });
  // "(you)" tells this browser's seats from the others' (not needed when all are here)
  const mine = state.seats.filter((seat) => held[String(seat.seat)]).length;
  const you = mine > 0 && mine < state.seats.length;
  const table = el("table", { class: "sides" });
  const twenties = s.twenties !== null;
  table.append(
    el(
      "tr",
      {},
      el("th", { scope: "col", text: "Side" }),
      el("th", { scope: "col", text: "Game" }),
      twenties ? el("th", { scope: "col", text: "20s" }) : null,
      el("th", { scope: "col", text: "Left" }),
      s.games > 1 ? el("th", { scope: "col", text: "Match" }) : null,
    ),
  );
  state.side_names.forEach((name, side) => {
    const seats = state.seats.filter((seat) => seat.side === side);
    const left = seats.reduce((sum, seat) => sum + (s.discs_left[String(seat.seat)] || 0), 0);
    const who = seats
      .map((seat) => seat.name + (you && held[String(seat.seat)] ? " (you)" : ""))
      .join(" & ");
    const label = el(
      "th",
      { scope: "row" },
      discIcon(side, state.colours[side]),
      el("span", { class: "side-name", text: ` ${name}` }),
      el("span", { class: "who", text: who }),
      s.hammer === side ? el("span", { class: "hammer", text: "hammer", title: "shoots last this round" }) : null,
    );
    const turn = state.turn && state.turn.side === side && state.status === "playing";
    table.append(
      el(
        "tr",
        { class: turn ? "to-shoot" : "" },
        label,
        el("td", { class: "num", text: String(s.scores[side] ?? 0) }),
        twenties ? el("td", { class: "num", text: String(s.twenties[side] ?? 0) }) : null,
        el("td", { class: "num", text: String(left) }),
        s.games > 1 ? el("td", { class: "num", text: String(s.match[side] ?? 0) }) : null,
      ),
    );
  });
  const parts = [head, table, clock(s), el("p", { class: "small", text: state.result })];
  box.replaceChildren(...parts.filter(Boolean));
}

// The ruling of a shot: who shot, the AI's reasons, the summary and each disc's fate,
// numbered as the marks on the board.
export function renderRuling(box, shot, state) {
  if (!shot) {
    box.replaceChildren(el("h2", { text: "Referee" }), el("p", { class: "small", text: "No shot yet." }));
    return;
  }
  const colour = state.side_names[shot.side];
  const parts = [el("h2", { text: `Shot ${shot.number}: ${shot.by} (${colour})` })];
  if (shot.explanation) parts.push(el("p", { class: "explain", text: `AI: ${shot.explanation}` }));
  if (shot.meant) {
    const d = (a) => ((a * 180) / Math.PI).toFixed(1);
    parts.push(
      el("p", {
        class: "small",
        text: `Realistic: meant ${d(shot.meant.angle)}° at ${shot.meant.speed.toFixed(2)} m/s, played ${d(shot.shot.angle)}° at ${shot.shot.speed.toFixed(2)} m/s.`,
      }),
    );
  }
  parts.push(el("p", { class: shot.ruling.valid ? "summary" : "summary foul", text: shot.ruling.summary }));
  const list = el("ul", { class: "decisions" });
  let badge = 0;
  for (const d of shot.ruling.decisions) {
    const marked = d.fate !== "in_play";
    if (marked) badge += 1;
    list.append(
      el(
        "li",
        { class: `fate-${d.fate}` },
        marked ? el("span", { class: "badge", text: String(badge) }) : null,
        el("span", { text: d.reason }),
        el("code", { class: "clause", text: d.clause }),
      ),
    );
  }
  parts.push(list);
  box.replaceChildren(...parts);
}

export function logShot(list, shot, state, href) {
  const colour = state.side_names[shot.side];
  const item = el(
    "li",
    { "data-number": String(shot.number) },
    el("a", { href: href(shot.number), text: `${shot.by} (${colour})` }),
    document.createTextNode(`: ${shot.summary ?? shot.ruling.summary}`),
  );
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

// End of a round or a game: a dialog that waits for the players.
export function showSummary(dialog, title, lines) {
  dialog.querySelector("#summary-title").textContent = title;
  dialog.querySelector("#summary-body").replaceChildren(...lines.map((line) => el("p", { text: line })));
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(), { once: true });
    dialog.showModal();
    dialog.querySelector("#summary-ok").focus();
  });
}
