// @ts-check
// Moderation's style sheet (`css/moderation.css`, beside app.css), loaded once by whatever shows a part of
// moderation (the report dialog, a warning, the /mod page). A <link> in `head`, not a widget: no view.

export function moderationStyle() {
  if (document.querySelector('link[data-sheet="moderation"]')) return;
  const base = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel=stylesheet]'));
  const href = base ? base.href.replace(/app\.css$/, 'moderation.css') : '';
  if (!href) return;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  link.dataset.sheet = 'moderation';
  document.head.append(link);
}
