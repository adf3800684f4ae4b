// @ts-check
// The site offline (docs/web.md, "Offline"): the service worker (/sw.js) registered once the page has
// loaded, so it never competes with the page's own first requests; and the update prompt: when a new build's
// worker is ready while this page runs the old one, a bar says so and reloads into the new version on a
// click, so an old cached client never keeps running against a new server unknowingly.

import { t } from './i18n.js';

/** Registers the worker and watches for a new version. */
export async function start() {
  if (!('serviceWorker' in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js');
  } catch {
    return; // a private window, or a browser that refuses: the site works online as before
  }
  const reg = registration;
  const offer = () => {
    if (reg.waiting && navigator.serviceWorker.controller) prompt(reg.waiting);
  };
  offer();
  reg.addEventListener('updatefound', () => {
    const next = reg.installing;
    next?.addEventListener('statechange', () => {
      if (next.state === 'installed') offer();
    });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!reloading && document.getElementById('update-bar')) {
      reloading = true;
      location.reload();
    }
  });
}

/** The bar that offers the new version. @param {ServiceWorker} waiting */
function prompt(waiting) {
  if (document.getElementById('update-bar')) return;
  const bar = document.createElement('div');
  bar.id = 'update-bar';
  bar.className = 'update-bar';
  bar.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = t('update.ready');
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'update-reload';
  button.textContent = t('update.reload');
  button.addEventListener('click', () => waiting.postMessage('update'));
  bar.append(text, ' ', button);
  document.body.append(bar);
}
