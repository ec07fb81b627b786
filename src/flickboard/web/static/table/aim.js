// Aiming by hand, mouse or keys: place the disc along the start line inside the
// stretches the referee allows, pull back like a slingshot to set the direction and
// power, or type the numbers. The aim is sent as the server asks for it: u along the
// line, angle right of straight in, speed, spin.

import { lineInward, lineLength, lineParam, linePoint, nearestAllowed, remainder } from "./geometry.js";

const MAX_ANGLE = 1.4; // radians either side of straight in (the server's limit)
const MAX_SPIN = 30;
const CLICK = 8; // pixels: a shorter drag is a click, not an aim
const DEGREE = Math.PI / 180;

export class AimControl {
  constructor(view, form, power, onShoot) {
    this.view = view;
    this.canvas = view.canvas;
    this.form = form;
    this.power = power;
    this.onShoot = onShoot;
    this.active = false;
    this.drag = null;
    this.inputs = {
      start: form.querySelector("#aim-start"),
      angle: form.querySelector("#aim-angle"),
      speed: form.querySelector("#aim-speed"),
      spin: form.querySelector("#aim-spin"),
    };
    this.flick = form.querySelector("#flick");
    this.words = form.querySelector("#power-words");
    this.canvas.addEventListener("pointerdown", (e) => this.down(e));
    this.canvas.addEventListener("pointermove", (e) => this.move(e));
    this.canvas.addEventListener("pointerup", (e) => this.up(e));
    this.canvas.addEventListener("pointercancel", () => this.cancel());
    this.canvas.addEventListener("keydown", (e) => this.key(e));
    // Keys reach the board when nothing else has focus: no click on the board needed first.
    document.addEventListener("keydown", (e) => {
      if (e.target === document.body || e.target === document.documentElement) this.key(e);
    });
    for (const input of Object.values(this.inputs)) {
      input.addEventListener("change", () => this.typed());
      // Enter in a field applies its value (it does not shoot: Shoot or Enter on the board does).
      input.addEventListener("keydown", (e) => {
        if (e.key !== "Enter") return;
        e.preventDefault();
        this.typed();
      });
    }
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.shoot();
    });
  }

  // Start aiming for a seat: the line the referee allows, the game's speed range.
  enable(seat, side, line, speeds, usual) {
    const same = this.active && this.seat === seat && this.line && this.line.shape === line.shape;
    this.active = true;
    this.seat = seat;
    this.side = side;
    this.line = line;
    this.speeds = speeds;
    if (!same || this.u === undefined) {
      this.angle = 0;
      this.spin = 0;
      this.speed = usual;
    }
    const wanted = same && this.u !== undefined ? this.u : 0.5;
    this.u = nearestAllowed(line, wanted);
    this.form.hidden = false;
    this.inputs.speed.min = speeds[0];
    this.inputs.speed.max = speeds[1];
    this.update();
  }

  disable() {
    this.active = false;
    this.drag = null;
    this.form.hidden = true;
    this.view.set({ aim: null, line: null });
  }

  setPower(fraction) {
    const [lo, hi] = this.speeds;
    this.speed = lo + Math.min(Math.max(fraction, 0), 1) * (hi - lo);
  }

  get fraction() {
    const [lo, hi] = this.speeds;
    return (this.speed - lo) / (hi - lo);
  }

  // What the server is asked to play.
  request() {
    return { seat: this.seat, u: this.u, angle: this.angle, speed: this.speed, spin: this.spin };
  }

  update(pull = null) {
    if (!this.active) return;
    if (this.u === null) {
      this.view.set({ aim: null, line: this.line, side: this.side });
      this.inputs.start.value = "";
      return;
    }
    const [x, y] = linePoint(this.line, this.u);
    const direction = lineInward(this.line, this.u) - this.angle;
    this.view.set({
      line: this.line,
      side: this.side,
      aim: { x, y, direction, power: this.fraction, spin: this.spin, pull },
    });
    this.inputs.start.value = Math.round((this.u - 0.5) * lineLength(this.line) * 1000);
    this.inputs.angle.value = (this.angle / DEGREE).toFixed(1);
    this.inputs.speed.value = this.speed.toFixed(2);
    this.inputs.spin.value = this.spin.toFixed(1);
    const percent = Math.round(this.fraction * 100);
    this.power.style.setProperty("--power", `${percent}%`);
    this.power.setAttribute("aria-valuenow", String(percent));
    this.words.textContent = `${percent}% · ${this.speed.toFixed(2)} m/s`;
  }

  place(u) {
    const v = nearestAllowed(this.line, Math.min(Math.max(u, 0), 1));
    if (v !== null) this.u = v;
  }

  typed() {
    const n = (input) => Number.parseFloat(input.value);
    const start = n(this.inputs.start);
    if (Number.isFinite(start)) this.place(0.5 + start / 1000 / lineLength(this.line));
    const angle = n(this.inputs.angle);
    if (Number.isFinite(angle)) this.angle = Math.min(Math.max(angle * DEGREE, -MAX_ANGLE), MAX_ANGLE);
    const speed = n(this.inputs.speed);
    if (Number.isFinite(speed)) this.speed = Math.min(Math.max(speed, this.speeds[0]), this.speeds[1]);
    const spin = n(this.inputs.spin);
    if (Number.isFinite(spin)) this.spin = Math.min(Math.max(spin, -MAX_SPIN), MAX_SPIN);
    this.update();
  }

  point(e) {
    const box = this.canvas.getBoundingClientRect();
    return [e.clientX - box.left, e.clientY - box.top];
  }

  down(e) {
    if (!this.active || this.u === null) return;
    const [px, py] = this.point(e);
    const panel = this.view.panelAt(px, py);
    if (!panel) return;
    this.canvas.focus();
    const [x, y] = linePoint(this.line, this.u);
    const [sx, sy] = panel.toScreen(x, y);
    const grab = Math.max(this.view.figures.disc * panel.scale * 1.6, 16);
    const mode = Math.hypot(px - sx, py - sy) <= grab ? "place" : "aim";
    this.drag = { mode, panel, x0: px, y0: py, id: e.pointerId };
    try {
      this.canvas.setPointerCapture(e.pointerId); // keep the drag when it leaves the board
    } catch (err) {
      // a pointer the browser no longer tracks: the drag still works inside the board
    }
    e.preventDefault();
  }

  move(e) {
    if (!this.drag || e.pointerId !== this.drag.id) return;
    const [px, py] = this.point(e);
    const { panel } = this.drag;
    if (this.drag.mode === "place") {
      const [bx, by] = panel.toBoard(px, py);
      this.place(lineParam(this.line, bx, by));
      this.update();
      return;
    }
    const dx = px - this.drag.x0;
    const dy = py - this.drag.y0;
    const pull = Math.hypot(dx, dy);
    if (pull < CLICK) return;
    const [bx, by] = panel.vectorToBoard(-dx, -dy);
    const angle = remainder(lineInward(this.line, this.u) - Math.atan2(by, bx));
    this.angle = Math.min(Math.max(angle, -MAX_ANGLE), MAX_ANGLE);
    const reach = Math.min(320, 0.45 * Math.min(this.canvas.clientWidth, this.canvas.clientHeight + 200));
    this.setPower(pull / reach);
    this.drag.aimed = true;
    this.update([dx, dy]);
  }

  up(e) {
    if (!this.drag || e.pointerId !== this.drag.id) return;
    const aimed = this.drag.mode === "aim" && this.drag.aimed;
    this.drag = null;
    this.update();
    if (aimed && this.flick.checked) this.shoot();
  }

  cancel() {
    this.drag = null;
    this.update();
  }

  key(e) {
    if (!this.active) return;
    const big = e.shiftKey;
    const length = lineLength(this.line);
    const handled = {
      ArrowLeft: () => (this.angle = Math.max(this.angle - (big ? 2 : 0.25) * DEGREE, -MAX_ANGLE)),
      ArrowRight: () => (this.angle = Math.min(this.angle + (big ? 2 : 0.25) * DEGREE, MAX_ANGLE)),
      ArrowUp: () => this.nudgeSpeed(big ? 0.1 : 0.01),
      ArrowDown: () => this.nudgeSpeed(big ? -0.1 : -0.01),
      "+": () => this.nudgeSpeed(big ? 0.1 : 0.01),
      "=": () => this.nudgeSpeed(0.01),
      "-": () => this.nudgeSpeed(big ? -0.1 : -0.01),
      a: () => this.place(this.u - (big ? 0.02 : 0.004) / length),
      d: () => this.place(this.u + (big ? 0.02 : 0.004) / length),
      "[": () => (this.spin = Math.max(this.spin - 1, -MAX_SPIN)),
      "]": () => (this.spin = Math.min(this.spin + 1, MAX_SPIN)),
      Enter: () => this.shoot(),
    }[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (!handled) return;
    e.preventDefault();
    handled();
    this.update();
  }

  nudgeSpeed(delta) {
    this.speed = Math.min(Math.max(this.speed + delta, this.speeds[0]), this.speeds[1]);
  }

  shoot() {
    if (!this.active || this.u === null) return;
    this.onShoot(this.request());
  }
}
