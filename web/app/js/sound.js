// @ts-check
// The game page's sounds, made with the Web Audio API (nothing to download): a move, a capture, "your
// turn", and low time (under ten seconds on the viewer's clock, once a turn). Loaded with the first sound
// a page plays; the "Sound" switch of the game page (`mancala.sound`, kept in the browser) silences them.

/** @type {AudioContext | null} */
let ctx = null;

/** Tones one after the other: [frequency in Hz, length in ms] each. @param {[number, number][]} notes */
function tones(notes) {
  ctx ||= new AudioContext();
  let at = ctx.currentTime;
  for (const [hz, ms] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.08, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + ms / 1000);
    at += ms / 1000;
  }
}

/** @type {Record<string, [number, number][]>} */
const SOUNDS = {
  move: [[520, 60]],
  capture: [
    [660, 70],
    [880, 90],
  ],
  turn: [[990, 120]],
  low: [
    [440, 120],
    [440, 120],
  ],
};

/** Plays sound `name` (`move`, `capture`, `turn`, `low`). @param {string} name */
export function play(name) {
  const notes = SOUNDS[name];
  if (notes) tones(notes);
}
