// The board on the canvas: laid out for the canvas's width and the seat it is turned
// to, redrawn from a scene (discs, start line, aim, flashes, the referee's marks).

import { layoutPanels } from "./boards.js";
import { drawAim, drawBoard, drawDiscs, drawFlash, drawMarks, drawPaths, drawStartLine, fitCanvas } from "./draw.js";

export class BoardView {
  constructor(canvas, figures, colours) {
    this.canvas = canvas;
    this.figures = figures;
    this.colours = colours;
    this.seat = 0;
    this.scene = { discs: [], ghosts: [], marks: [], flashes: [], paths: [], line: null, aim: null, side: 0 };
    this.panels = [];
    this.layout();
    this._resize = new ResizeObserver(() => {
      if (this.canvas.parentElement.clientWidth !== this._width) {
        this.layout();
        this.render();
      }
    });
    this._resize.observe(canvas.parentElement);
  }

  // Size the canvas to its container and lay the panels out.
  layout() {
    const box = this.canvas.parentElement;
    const width = Math.max(280, box.clientWidth);
    this._width = box.clientWidth;
    // Room below the board for the power bar, the aim fields and Shoot (above the fold).
    const tall = Math.max(300, window.innerHeight - 330);
    const [panels, height] = layoutPanels(this.figures, this.seat, width, tall);
    this.panels = panels;
    this.ctx = fitCanvas(this.canvas, width, height);
  }

  // Turn the board to a seat (its side at the bottom).
  turnTo(seat) {
    if (seat === this.seat) return;
    this.seat = seat;
    this.layout();
  }

  panelAt(x, y) {
    for (let k = this.panels.length - 1; k >= 0; k -= 1) {
      if (this.panels[k].contains(x, y)) return this.panels[k];
    }
    return null;
  }

  set(changes) {
    Object.assign(this.scene, changes);
    this.render();
  }

  render() {
    const ctx = this.ctx;
    const s = this.scene;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    for (const panel of this.panels) {
      drawBoard(ctx, panel, this.figures);
      if (s.line) drawStartLine(ctx, panel, s.line);
      ctx.save();
      ctx.beginPath();
      ctx.rect(panel.rect.x, panel.rect.y, panel.rect.w, panel.rect.h);
      ctx.clip();
      drawDiscs(ctx, panel, this.figures, s.ghosts.map((d) => ({ ...d, alpha: 0.4 })), this.colours);
      drawDiscs(ctx, panel, this.figures, s.discs, this.colours);
      drawPaths(ctx, panel, this.figures, s.paths);
      for (const flash of s.flashes) drawFlash(ctx, panel, flash.event, flash.age);
      drawMarks(ctx, panel, this.figures, s.marks);
      if (s.aim) drawAim(ctx, panel, this.figures, s.aim, this.colours[s.side], s.side);
      ctx.restore();
    }
  }
}
