// The step interpreter: applies a move's steps (lift, drop, capture, store_lift, revealed, ...) to hole
// counts, one at a time, as the terminal client's tui/anim.rs does. Used to animate a move and, in
// protocol 3, to follow the board through the events of a change that carry no board of their own.

/**
 * Ikibuguzo's opening arrays on the 4x8 board (docs/rules.md): array 1 for South is b1=6 h1=17 c2=3
 * e2=3 g2=3, array 2 is 4 in every outer hole; North's are point-symmetric.
 */
const ARRAYS = {
  1: { b1: 6, h1: 17, c2: 3, e2: 3, g2: 3 },
  2: { a1: 4, b1: 4, c1: 4, d1: 4, e1: 4, f1: 4, g1: 4, h1: 4 },
};

function mirror(name) {
  const col = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1));
  return String.fromCharCode(97 + 7 - col) + String(5 - row);
}

/** Lays out both arrays (the `revealed` step): each side's 16 holes are emptied and filled. */
function layOut(holes, south, north) {
  for (const name of Object.keys(holes)) holes[name] = 0;
  for (const [hole, n] of Object.entries(ARRAYS[south] || {})) holes[hole] = n;
  for (const [hole, n] of Object.entries(ARRAYS[north] || {})) holes[mirror(hole)] = n;
}

/**
 * A cursor over a move's steps from a board: `frame(k)` is the board after the first k steps, with
 * the marks to draw (origin of the lap, last drop, captures) and a caption.
 *
 * `exact` is false once a step cannot be followed (a `skipped` step of a very long turn): the counts
 * after it are not the real ones, and the board of the event must be shown instead.
 */
export function replay(before, move) {
  const steps = move.steps;
  const frame = (k) => {
    const holes = { ...before.holes };
    const stores = { ...before.stores };
    let marks = {};
    let lap = 0;
    let origin = null;
    let caption = '';
    let exact = true;
    for (const s of steps.slice(0, k)) {
      marks = {};
      switch (s.type) {
        case 'lift':
          lap += 1;
          holes[s.hole] = 0;
          origin = s.hole;
          caption = `lap ${lap}: ${s.count} lifted from ${s.hole}${s.direction === 'cw' ? ' clockwise' : ''}`;
          break;
        case 'drop':
          holes[s.hole] = (holes[s.hole] || 0) + 1;
          marks[s.hole] = 'dropped';
          caption = `${caption.split(' → ')[0]} → ${s.hole}`;
          break;
        case 'capture': {
          holes[s.from] = Math.max(0, (holes[s.from] || 0) - s.count);
          if (s.to === 'store:south' || s.to === 'store:north') {
            const who = s.to.slice(6);
            if (stores[who] !== null) stores[who] += s.count;
          } else if (s.to !== 'off') {
            holes[s.to] = (holes[s.to] || 0) + s.count;
          }
          marks[s.from] = 'captured';
          caption = `${s.count} captured from ${s.from} → ${s.to === 'off' ? 'off the board' : s.to.replace(':', ' ')}`;
          break;
        }
        case 'store_lift':
          lap += 1;
          if (stores[s.side] !== null) stores[s.side] = 0;
          origin = null;
          caption = `lap ${lap}: the store (${s.count ?? '?'}) is sown`;
          break;
        case 'revealed':
          layOut(holes, s.south, s.north);
          caption = `revealed: south array ${s.south}, north array ${s.north}`;
          break;
        case 'chose':
          caption = `${s.side} chose${s.array ? ` array ${s.array}` : ''}`;
          break;
        case 'pass':
          caption = `${s.side} passes`;
          break;
        case 'skipped':
          exact = false;
          caption = `${s.steps} steps later`;
          break;
        default:
          break;
      }
      if (origin && !marks[origin]) marks[origin] = 'lifted';
    }
    return { holes, stores, marks, caption, exact };
  };
  return { length: steps.length, frame };
}

/** The board after all of a move's steps, or null when the steps cannot say (steps left out). */
export function after(before, move) {
  const f = replay(before, move).frame(move.steps.length);
  return f.exact ? { holes: f.holes, stores: f.stores } : null;
}

/** Whether a move's steps sow anything (worth animating). */
export function sows(move) {
  return move.steps.some((s) => s.type === 'lift' || s.type === 'store_lift');
}

/** Same counts in every hole. */
export function sameHoles(a, b) {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
