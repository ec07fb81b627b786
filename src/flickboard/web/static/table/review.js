// The game review on the replay page (docs/review.md): the story of the game (both sides'
// winning chances, shot by shot, a click on the graph goes to that shot), the key moments
// with the best alternative, each player's label counts, and one shot's verdict with the
// legend of the paths drawn on the board and a link to try it again. Plain DOM and SVG.

import { PATH_STYLES } from "./draw.js";
import { el } from "./panels.js";

// SVG's namespace, as the HTML parser gives an <svg> element (no address in the script)
const SVG = (() => {
  const template = document.createElement("template");
  template.innerHTML = "<svg></svg>";
  return template.content.firstElementChild.namespaceURI;
})();
export const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
const SHORT = { best: "best", good: "good", inaccuracy: "inacc.", mistake: "mist.", blunder: "blund." };
const LABEL_COLOURS = { inaccuracy: "#c99a00", mistake: "#d9480f", blunder: "#c92a2a" };
const pct = (v) => `${Math.round(100 * v)} %`;
const points = (v) => {
  const n = Math.round(100 * Math.abs(v));
  return n < 1 ? "under 1 point" : `${n} point${n === 1 ? "" : "s"}`;
};

// Where the shot meant comes from, as the panel says it.
export const MEANT_FROM = {
  ai: "the AI's choice, as recorded",
  aim: "the aim, as recorded (played with the realistic hand)",
  exact: "played exactly as aimed",
  inferred: "inferred from the release: no aim was recorded",
  outcome: "entered by hand: judged by where the discs stopped",
};

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// The winning-chance graph: a line per side (its colour), the shots that cost most
// marked on their shooter's line, games divided; a click picks the nearest shot.
export function renderGraph(box, review, state, current, onPick) {
  const chances = review.story.chances;
  box.replaceChildren();
  if (chances.length < 2) return;
  const W = 320;
  const H = 132;
  const pad = { l: 30, r: 6, t: 8, b: 16 };
  const n = chances.length - 1;
  const X = (k) => pad.l + ((W - pad.l - pad.r) * k) / n;
  const Y = (v) => pad.t + (H - pad.t - pad.b) * (1 - v);
  const graph = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chance-graph", role: "img" });
  graph.setAttribute("aria-label", "Each side's chance to win after every shot; click to go to a shot");
  for (const v of [0, 0.5, 1]) {
    graph.append(svg("line", { x1: pad.l, x2: W - pad.r, y1: Y(v), y2: Y(v), class: v === 0.5 ? "mid" : "grid" }));
    const label = svg("text", { x: pad.l - 4, y: Y(v) + 3, class: "axis", "text-anchor": "end" });
    label.textContent = `${Math.round(100 * v)}%`;
    graph.append(label);
  }
  review.shots.forEach((s, k) => {
    if (k > 0 && s.game !== review.shots[k - 1].game) {
      graph.append(svg("line", { x1: X(k), x2: X(k), y1: pad.t, y2: H - pad.b, class: "game-edge" }));
    }
  });
  const sides = chances[0].length;
  for (let side = 0; side < sides; side += 1) {
    const d = chances.map((c, k) => `${k ? "L" : "M"}${X(k).toFixed(1)},${Y(c[side]).toFixed(1)}`).join("");
    graph.append(svg("path", { d, class: "chance", stroke: state.colours[side] }));
  }
  review.shots.forEach((s, k) => {
    const colour = LABEL_COLOURS[s.label];
    if (!colour) return;
    const dot = svg("circle", { cx: X(k + 1), cy: Y(chances[k + 1][s.side]), r: 3.2, fill: colour, class: "moment" });
    const title = svg("title", {});
    title.textContent = `Shot ${s.index}: ${s.label}`;
    dot.append(title);
    graph.append(dot);
  });
  const at = review.shots.findIndex((s) => s.index === current);
  if (at >= 0) {
    graph.append(svg("line", { x1: X(at + 1), x2: X(at + 1), y1: pad.t, y2: H - pad.b, class: "now" }));
  }
  graph.addEventListener("click", (e) => {
    const box2 = graph.getBoundingClientRect();
    const x = ((e.clientX - box2.left) / box2.width) * W;
    const k = Math.min(Math.max(Math.round(((x - pad.l) / (W - pad.l - pad.r)) * n), 1), n);
    onPick(review.shots[k - 1].index);
  });
  const key = el(
    "p",
    { class: "small graph-key" },
    ...state.side_names.slice(0, sides).map((name, side) =>
      el("span", { class: "key", style: `--c: ${state.colours[side]}`, text: name }),
    ),
    el("span", { class: "key dot", text: "costly shot" }),
  );
  box.append(graph, key);
}

// Each player's labels and accuracy, one row per player and game.
export function renderPlayers(table, review) {
  table.replaceChildren();
  const head = el("tr", {}, el("th", { scope: "col", text: "Player" }), el("th", { scope: "col", text: "Acc." }));
  for (const name of LABELS) {
    head.append(el("th", { scope: "col", class: `label-${name}` }, el("abbr", { title: name, text: SHORT[name] })));
  }
  table.append(head);
  for (const p of review.players) {
    const row = el(
      "tr",
      { class: "review-player" },
      el("th", { scope: "row", text: review.players.some((q) => q.game > 1) ? `${p.name} (game ${p.game})` : p.name }),
      el("td", { class: "num", text: p.accuracy.toFixed(1) }),
    );
    for (const name of LABELS) row.append(el("td", { class: "num", text: String(p.labels[name] || 0) }));
    table.append(row);
  }
}

// The key moments: the shots that swung their shooter's chance most, with what was best.
export function renderMoments(box, review, state, onPick) {
  box.replaceChildren();
  if (!review.story.moments.length) return;
  const list = el("ol", { class: "moments" });
  for (const m of review.story.moments) {
    const s = review.shots[m.shot];
    const who = review.players.find((p) => p.seat === s.seat && p.game === s.game);
    const link = el("a", { href: "#", text: `Shot ${s.index}` });
    link.addEventListener("click", (e) => {
      e.preventDefault();
      onPick(s.index);
    });
    const swing = `${m.swing > 0 ? "+" : "−"}${points(m.swing)} for ${who ? who.name : state.side_names[s.side]}`;
    list.append(
      el(
        "li",
        {},
        link,
        document.createTextNode(` (${state.score.round_word} ${s.round}): ${swing}, ${s.label}. `),
        el("span", { class: "small", text: `Best: ${s.best.words} (${pct(s.best.value)}).` }),
      ),
    );
  }
  box.append(el("h3", { text: "Key moments" }), list);
}

// One shot: its label, the coach's words, the values, the paths' legend, try again.
export function renderShot(box, s, tryHref) {
  const lost = `${points(s.expected_loss)} of winning chance lost`;
  const head = el("p", { class: `review-label label-${s.label}`, text: `Shot ${s.index}: ${s.label} · ${lost}` });
  const words = el("p", { class: "comment", text: `${s.comment.charAt(0).toUpperCase()}${s.comment.slice(1)}.` });
  const values = [`Best: ${s.best.words} (${pct(s.best.value)} to win)`];
  if (s.played) values.push(`played: ${pct(s.played.value)}`);
  else values.push(`the position left: ${pct(s.outcome)}`);
  if (s.meant && s.meant_from !== "exact") values.push(`meant: ${s.meant.words}`);
  const details = el("p", { class: "small", text: `${values.join("; ")}. Meant: ${MEANT_FROM[s.meant_from]}.` });
  const legend = el("p", { class: "small path-legend" });
  const shown = ["played", "best", ...(s.meant && s.meant_from !== "exact" ? ["meant"] : [])].filter((k) => s.paths && s.paths[k]);
  for (const kind of shown) {
    const style = PATH_STYLES[kind];
    const line = svg("svg", { width: 28, height: 8, "aria-hidden": "true" });
    line.append(svg("line", { x1: 1, y1: 4, x2: 27, y2: 4, stroke: style.colour, "stroke-width": 3, "stroke-dasharray": style.dash.join(" ") }));
    legend.append(el("span", { class: "path-key" }, line, document.createTextNode(` ${kind === "best" ? "best shot" : `shot ${kind}`}`)));
  }
  const again = el("a", { class: "button secondary", id: "try-again", href: tryHref, text: "Try it again" });
  box.replaceChildren(head, words, details, legend, again);
}
