// A shot played back as the server simulated it: the trajectory's samples interpolated
// at the display's frame rate, contacts flashing as they happen. Nothing is simulated
// here: the page only moves discs between the samples it was sent.

const FLASH_SECONDS = 0.35;

// The index of the last sample at or before time t.
function sampleAt(times, t) {
  let lo = 0;
  let hi = times.length - 1;
  if (t >= times[hi]) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

function whereAt(changes, i) {
  let code = 0;
  for (const [at, value] of changes) {
    if (at <= i) code = value;
    else break;
  }
  return code;
}

// Disc positions at time t: moving discs interpolated, the others where they lay.
export function framesAt(shot, t) {
  const traj = shot.trajectory;
  const moving = new Map(traj.discs.map((d) => [d.id, d]));
  const discs = shot.before
    .filter((d) => !moving.has(d.id))
    .map((d) => ({ ...d }));
  const i = sampleAt(traj.t, t);
  const j = Math.min(i + 1, traj.t.length - 1);
  const span = traj.t[j] - traj.t[i];
  const f = span > 0 ? Math.min(Math.max((t - traj.t[i]) / span, 0), 1) : 0;
  const sides = new Map(shot.before.map((d) => [d.id, d.side]));
  for (const d of traj.discs) {
    discs.push({
      id: d.id,
      side: d.id === shot.disc ? shot.side : sides.get(d.id),
      x: d.x[i] + (d.x[j] - d.x[i]) * f,
      y: d.y[i] + (d.y[j] - d.y[i]) * f,
      where: whereAt(d.where, i),
    });
  }
  return discs;
}

// Where everything ended (the last sample), or the ruling's places without a trajectory.
export function finalDiscs(shot) {
  if (shot.trajectory) return framesAt(shot, shot.trajectory.t[shot.trajectory.t.length - 1]);
  return shot.ruling.decisions.map((d) => ({ id: d.disc, side: d.side, x: d.x, y: d.y, leaning: d.leaning }));
}

// Play a shot on the board view; resolves when it is over (or skipped).
export function animateShot(view, shot, control = {}) {
  if (!shot.trajectory) {
    view.set({ discs: finalDiscs(shot), flashes: [], aim: null, line: null });
    return Promise.resolve();
  }
  const end = shot.trajectory.t[shot.trajectory.t.length - 1];
  return new Promise((resolve) => {
    let start = null;
    const frame = (now) => {
      if (start === null) start = now;
      const t = control.skip ? end : ((now - start) / 1000) * (control.speed || 1);
      const flashes = shot.events
        .filter((e) => e.t <= t && t - e.t < FLASH_SECONDS)
        .map((e) => ({ event: e, age: t - e.t }));
      view.set({ discs: framesAt(shot, Math.min(t, end)), flashes, aim: null, line: null });
      if (t >= end) {
        view.set({ flashes: [] });
        resolve();
      } else {
        requestAnimationFrame(frame);
      }
    };
    requestAnimationFrame(frame);
  });
}

// The referee's marks: each disc the ruling removes, takes as a 20 or puts back,
// numbered as in the ruling panel, and the removed discs left as ghosts where they lay.
export function rulingMarks(ruling) {
  const marks = [];
  const ghosts = [];
  for (const d of ruling.decisions) {
    if (d.fate === "in_play") continue;
    marks.push({ x: d.x, y: d.y, fate: d.fate, badge: marks.length + 1, disc: d.disc });
    if (d.fate !== "restored") ghosts.push({ id: d.disc, side: d.side, x: d.x, y: d.y, leaning: d.leaning });
  }
  return { marks, ghosts };
}
