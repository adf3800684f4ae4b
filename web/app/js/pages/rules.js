// The rules pages: the rules as implemented (docs/rules.md and docs/rules-azigo.md, rendered by the
// server), with the project's decisions where the sources are silent, after the game's summary.

import { api } from '../api.js';
import { h, SOURCES, VARIANT_NAMES } from '../ui.js';

export function mount(main, { variant }) {
  document.title = `${VARIANT_NAMES[variant] || 'Rules'} rules · Mancala`;
  const tabs = h('nav', { class: 'tabs', 'aria-label': 'Games' }, Object.entries(VARIANT_NAMES).map(([id, name]) =>
    h('a', { href: `/rules/${id}`, class: id === variant ? 'here' : '', 'aria-current': id === variant ? 'page' : null }, name)));
  const intro = h('div');
  const body = h('article', { class: 'rules-text' }, h('p', { class: 'muted' }, 'Loading…'));
  main.append(h('section', { class: 'panel' }, tabs, h('h1', {}, `${VARIANT_NAMES[variant] || variant}: the rules`), intro, body));
  api.variants().then(({ variants }) => {
    const v = variants.find((x) => x.id === variant);
    if (v) intro.replaceChildren(h('p', { class: 'lead' }, v.summary), h('p', { class: 'muted small' }, `Source: ${SOURCES[v.id]}. Below: the rules as this server implements them, with the decisions taken where the sources are silent (RULES.md numbers them D1–D11).`));
  }).catch(() => {});
  api.rules(variant).then((r) => {
    // Our own server's rendering of our own docs (the policy forbids any script in it anyway).
    body.innerHTML = r.html;
  }).catch((e) => {
    body.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
  });
}
