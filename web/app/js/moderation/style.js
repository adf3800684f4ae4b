// @ts-check
// Moderation's style sheet (`css/moderation.css`, beside app.css), loaded once by whatever shows a part of
// moderation (the report dialog, a warning, the /mod page).

import { el } from '../ui.js';

export function moderationStyle() {
  if (document.querySelector('link[data-sheet="moderation"]')) return;
  const base = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel=stylesheet]'));
  const href = base ? base.href.replace(/app\.css$/, 'moderation.css') : '';
  if (href) document.head.append(el('link', { rel: 'stylesheet', href, 'data-sheet': 'moderation' }));
}
