// @ts-check
// The page's side of the service worker (sw.js): registers it, asks it once per version and language to
// keep the lessons and rules pages (the page is marked `data-kept` when it answers), and shows the update
// prompt when a new version's worker is waiting or the server answers with another version than the
// page's (the `Mancala-Version` header, seen by net/api.js): "Reload" lets the new worker take over, then
// reloads, so the page never runs one version's files against another's.
import { language, t } from './i18n.js';

/** This page's version: the folder its modules were loaded from (`/assets/{version}/js/…`). */
export const VERSION = (/\/assets\/([^/]+)\//.exec(import.meta.url) || ['', ''])[1];

/** @type {HTMLElement | null} */
let prompt = null;

/**
 * Shows the prompt once; `reload` runs on its button.
 * @param {() => void} reload
 */
function offer(reload) {
  if (prompt) return;
  prompt = document.createElement('div');
  prompt.className = 'update-prompt';
  prompt.setAttribute('role', 'status');
  const words = document.createElement('span');
  words.textContent = t('update.ready');
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'update-reload';
  button.textContent = t('update.reload');
  button.addEventListener('click', () => {
    button.disabled = true;
    reload();
  });
  prompt.append(words, ' · ', button);
  document.body.append(prompt);
}

/**
 * The prompt for a worker that waits: its button lets it take over; the page reloads once it controls.
 * @param {ServiceWorker} worker
 */
function offerWorker(worker) {
  offer(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    worker.postMessage({ type: 'skip' });
  });
}

/** @param {ServiceWorkerRegistration} reg */
function watchUpdates(reg) {
  if (reg.waiting && navigator.serviceWorker.controller) offerWorker(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerWorker(worker);
    });
  });
  // The server runs another version than this page: its worker is fetched now (the prompt follows
  // when it is installed); a page no worker controls just reloads.
  window.addEventListener('mancala:version', () => {
    if (navigator.serviceWorker.controller) reg.update().catch(() => {});
    else offer(() => location.reload());
  });
}

/** Asks the worker to keep this language's reading pages, once per version and language. */
async function keep() {
  const lang = language();
  const key = 'mancala.kept';
  const mark = `${VERSION} ${lang}`;
  const root = document.documentElement;
  if (localStorage.getItem(key) === mark && navigator.serviceWorker.controller) {
    root.dataset.kept = lang;
    return;
  }
  navigator.serviceWorker.addEventListener('message', (e) => {
    const m = e.data || {};
    if (m.type !== 'kept' || m.lang !== lang || m.error) return;
    localStorage.setItem(key, `${m.version} ${lang}`);
    root.dataset.kept = lang;
  });
  const reg = await navigator.serviceWorker.ready;
  // A newer worker waits for the prompt: the old one's cache is about to go, and its work would hold
  // the new one back (a worker takes over once the old one is idle). The new one is asked after reload.
  if (reg.waiting) return;
  reg.active?.postMessage({ type: 'keep', lang });
}

export async function start() {
  if (!('serviceWorker' in navigator)) {
    window.addEventListener('mancala:version', () => offer(() => location.reload()));
    return;
  }
  /** @type {ServiceWorkerRegistration | undefined} */
  let reg;
  try {
    reg = await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch {
    // refused: as blocked, below
  }
  if (!reg) {
    // Blocked (a private window, the tests' default): the site works as before, online only.
    window.addEventListener('mancala:version', () => offer(() => location.reload()));
    return;
  }
  watchUpdates(reg);
  await keep();
}
