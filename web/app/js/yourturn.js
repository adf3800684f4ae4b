// @ts-check
// "Your turn" for a signed-in person, on every page: the games waiting for the account's decision
// (`GET /api/account/playing`, asked every 30 s), counted at the start of the page's title ("(2) Mancala"),
// and a browser notification when one more arrives while the page is in the background and the person
// allowed them (asked once, from the home page's "Your turn" panel). Loaded by main.js once signed in.

import { playing as decodePlaying } from './net/sitewire.js';
import { me, onChange } from './session.js';
import { t } from './i18n.js';

const EVERY_MS = 30000;
/** @type {import('./types.js').Playing | null} the last answer */
let last = null;
let count = 0;
let started = false;
/** @type {Set<(p: import('./types.js').Playing) => void>} */
const listeners = new Set();

/** The page's title without the count, then with it. */
function retitle() {
  const bare = document.title.replace(/^\(\d+\) /, '');
  const want = count ? `(${count}) ${bare}` : bare;
  if (document.title !== want) document.title = want;
}

async function ask() {
  if (!me()) return;
  const res = await fetch('/api/account/playing', { headers: { accept: 'application/json' } }).catch(() => null);
  if (!res?.ok) return;
  const playing = decodePlaying(await res.json());
  if (playing.myTurn > count && document.hidden && 'Notification' in window && Notification.permission === 'granted')
    new Notification(t('turn.notify', { count: playing.myTurn }));
  count = playing.myTurn;
  last = playing;
  retitle();
  for (const f of listeners) f(playing);
}

/**
 * Calls `f` with each answer (at once with the last one); returns the unsubscribe.
 * @param {(p: import('./types.js').Playing) => void} f
 */
export function onPlaying(f) {
  listeners.add(f);
  if (last) f(last);
  return () => listeners.delete(f);
}

/** Asks now, then every 30 s; keeps the count in the title as pages change it. */
export function start() {
  if (started) return;
  started = true;
  new MutationObserver(retitle).observe(document.querySelector('title') || document.head, {
    childList: true,
    characterData: true,
    subtree: true,
  });
  onChange((name) => {
    if (!name) ((count = 0), (last = null), retitle());
    else ask();
  });
  ask();
  setInterval(ask, EVERY_MS);
}
