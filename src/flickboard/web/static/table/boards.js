// Each board's drawing module, chosen by the `kind` the server sends with the board's
// figures (docs/web.md "Board figures"). A board module exports draw, label, panels,
// aimReach, aimFar and restingPlace (where a disc dropped on the entry page rests); a
// third board adds its module here.

import * as crokinole from "./crokinole.js";
import * as shuffleboard from "./shuffleboard.js";

const BOARDS = { crokinole, shuffleboard };

// The drawing module of the board these figures describe.
export function boardOf(figures) {
  const board = BOARDS[figures.kind];
  if (!board) throw new Error(`no drawing for board kind ${figures.kind}`);
  return board;
}

// The views of a board for a canvas `width` wide: [panels, height].
export function layoutPanels(figures, seat, width, tall) {
  return boardOf(figures).panels(figures, seat, width, tall);
}

// Where a disc dropped at (x, y) on the entry page rests: {x, y, state}.
export function restingPlace(figures, x, y) {
  return boardOf(figures).restingPlace(figures, x, y);
}
