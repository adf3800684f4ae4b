// A player's page: the account's results when the name is registered, and the games where the name
// holds a seat (guests too).

import { api } from '../api.js';
import { h } from '../ui.js';
import { gamesPage } from './games.js';

export function mount(main, { name }) {
  document.title = `${name} · Mancala`;
  const profile = h('p', { class: 'muted' });
  const box = h('div');
  const pager = h('div', { class: 'pager' });
  main.append(h('section', { class: 'panel' }, h('h1', {}, name), profile, h('h2', {}, 'Games'), box, pager));
  api.player(name).then((p) => {
    profile.textContent = `Registered player: ${p.games} games, ${p.wins} won, ${p.losses} lost, ${p.draws} drawn, ${p.ongoing} ongoing.`;
  }).catch((e) => {
    profile.textContent = e.status === 404 ? 'Not a registered name: the games played under it as a guest.' : e.message;
  });
  gamesPage(box, pager, { player: name });
}
