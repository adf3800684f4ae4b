// Home: the lobby (quick pairing per variant and clock, casual or rated; the live seek list; a seek form;
// the "waiting for an opponent" state with cancel), then the form that creates a game by invite link or
// against the computer (variant, options, clock, seat, opponent), the games waiting for an opponent
// (join in one click), live games to watch and recent finished games, and the six variants with their
// rules summary and source. The game lists refresh every 10 s while the page is visible; the seek list
// is live (lobby.js).

import { api } from '../api.js';
import { go } from '../main.js';
import { keepSeat, mySeats, prefs } from '../prefs.js';
import { h, SOURCES } from '../ui.js';
import { gameList } from '../gamelist.js';
import { lobbyPanels } from '../lobby.js';
import { me, onChange } from '../session.js';

const CLOCKS = [['', 'No clock'], ['180+2', '3+2'], ['300+3', '5+3'], ['600+5', '10+5'], ['900+10', '15+10'], ['1800+20', '30+20']];

export function mount(main) {
  document.title = 'Mancala: play the four-row games and Azigo';
  const error = h('p', { class: 'error', role: 'alert' });
  const lists = { mine: h('div'), waiting: h('div', { id: 'waiting-list' }), ongoing: h('div', { id: 'live-list' }), finished: h('div', { id: 'finished-list' }) };
  const mine = h('section', { class: 'panel', hidden: true }, h('h2', {}, 'Your games'), lists.mine);
  const variantsBox = h('div', { class: 'variants' }, h('p', { class: 'muted' }, 'Loading the games…'));
  const form = createForm(error);
  const lobby = lobbyPanels();
  main.append(
    mine,
    ...lobby.panels,
    h('section', { class: 'panel create' }, h('h2', {}, 'Play a friend or the computer'), form, error),
    h('section', { class: 'panel' }, h('h2', {}, 'Waiting for an opponent'), lists.waiting),
    h('section', { class: 'panel' }, h('h2', {}, 'Live games'), lists.ongoing),
    h('section', { class: 'panel' }, h('h2', {}, 'Recently finished'), lists.finished, h('p', {}, h('a', { href: '/games' }, 'All games…'))),
    h('section', { class: 'panel' }, h('h2', {}, 'The games'), variantsBox),
  );

  api.variants().then(({ variants }) => {
    form.fill(variants);
    lobby.fill(variants);
    variantsBox.replaceChildren(...variants.map((v) => h('article', { class: 'variant' },
      h('h3', {}, v.name),
      h('p', {}, v.summary),
      h('p', { class: 'muted small' }, `Source: ${SOURCES[v.id] || '—'} · `, h('a', { href: `/rules/${v.id}` }, 'full rules')))));
  }).catch((e) => { error.textContent = e.message; });

  const join = async (g) => {
    try {
      const seat = await api.join(g.id, me() ? undefined : prefs.name || undefined);
      keepSeat(g.id, seat.token, seat.seat);
      go(`/game/${g.id}`);
    } catch (e) {
      error.textContent = `Could not join: ${e.message}`;
    }
  };
  const refresh = async () => {
    if (document.hidden) return;
    const [w, o, f] = await Promise.allSettled([
      api.games({ status: 'waiting', limit: 20 }),
      api.games({ status: 'ongoing', limit: 20 }),
      api.games({ status: 'finished', limit: 10 }),
    ]);
    if (w.status === 'fulfilled') lists.waiting.replaceChildren(gameList(w.value.games, { onJoin: join, empty: 'No game is waiting: create one above.' }));
    if (o.status === 'fulfilled') lists.ongoing.replaceChildren(gameList(o.value.games, { empty: 'No game is being played now.' }));
    if (f.status === 'fulfilled') lists.finished.replaceChildren(gameList(f.value.games, { empty: 'No finished game yet.' }));
  };
  // The unfinished games this browser holds a seat in (the newest few), to resume.
  Promise.allSettled(mySeats().slice(0, 8).map((x) => api.game(x.gameId))).then((rs) => {
    const games = rs.filter((r) => r.status === 'fulfilled' && r.value.game.status !== 'finished').map((r) => r.value.game);
    if (!games.length) return;
    lists.mine.replaceChildren(gameList(games));
    mine.hidden = false;
  });
  refresh();
  const timer = setInterval(refresh, 10000);
  return () => {
    clearInterval(timer);
    lobby.stop();
    form.stop();
  };
}

function createForm(error) {
  const variant = h('select', { name: 'variant', id: 'variant' });
  const width = h('select', { name: 'width', id: 'width' }, [8, 9, 10].map((n) => h('option', { value: n }, `4x${n}`)));
  const hs = h('input', { type: 'checkbox', name: 'handicap-south', id: 'handicap-south' });
  const hn = h('input', { type: 'checkbox', name: 'handicap-north', id: 'handicap-north' });
  const turnLimit = h('input', { type: 'number', name: 'turn-limit', id: 'turn-limit', min: 0, max: 100000, placeholder: 'default' });
  const clock = h('select', { name: 'clock', id: 'clock' }, CLOCKS.map(([v, t]) => h('option', { value: v }, t)));
  const seat = h('select', { name: 'seat', id: 'seat' }, [['random', 'Random'], ['south', 'South (moves first)'], ['north', 'North']].map(([v, t]) => h('option', { value: v }, t)));
  const opponent = h('select', { name: 'opponent', id: 'opponent' },
    [['', 'A person (invite link)'], ['bot:easy', 'Computer: easy'], ['bot:medium', 'Computer: medium'], ['bot:hard', 'Computer: hard'], ['bot:random', 'Computer: random moves']]
      .map(([v, t]) => h('option', { value: v }, t)));
  const name = h('input', { name: 'name', id: 'name', maxlength: 24, pattern: '[A-Za-z0-9_.\\-]{1,24}', placeholder: 'anonymous', value: prefs.name || '', autocomplete: 'nickname' });
  const widthRow = h('label', { class: 'opt' }, 'Board ', width);
  // A signed-in person plays as their account: the guest name is not asked.
  const nameRow = h('label', {}, 'Your name ', name);
  const syncName = () => { nameRow.hidden = !!me(); };
  const unsubscribe = onChange(syncName);
  syncName();
  const handicapRow = h('fieldset', { class: 'opt' }, h('legend', {}, 'Handicap (starts with 8 in store)'),
    h('label', {}, hs, ' South'), h('label', {}, hn, ' North'));
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Create the game');
  const form = h('form', { class: 'grid', id: 'create' },
    h('label', {}, 'Game ', variant), widthRow, handicapRow,
    h('label', {}, 'Clock ', clock), h('label', {}, 'Your seat ', seat), h('label', {}, 'Opponent ', opponent),
    nameRow,
    h('details', { class: 'opt-more' }, h('summary', {}, 'More options'), h('label', {}, 'Turn limit per player (0: none) ', turnLimit)),
    submit);
  const sync = () => {
    widthRow.hidden = variant.value !== 'njombwa';
    handicapRow.hidden = variant.value !== 'azigo';
  };
  variant.addEventListener('change', sync);
  form.fill = (variants) => {
    variant.replaceChildren(...variants.map((v) => h('option', { value: v.id }, v.name)));
    variant.value = variants.some((v) => v.id === 'kubuguza') ? 'kubuguza' : variants[0]?.id;
    sync();
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    if (!me() && name.value && !name.checkValidity()) {
      error.textContent = 'A name is 1 to 24 letters, digits, _, - or .';
      return;
    }
    if (!me()) prefs.name = name.value;
    const [base, inc] = clock.value ? clock.value.split('+').map(Number) : [];
    submit.disabled = true;
    try {
      const granted = await api.create({
        variant: variant.value,
        width: variant.value === 'njombwa' ? Number(width.value) : null,
        handicap: variant.value === 'azigo' ? { south: hs.checked, north: hn.checked } : null,
        turnLimit: turnLimit.value,
        seat: seat.value,
        name: me() ? undefined : name.value || undefined,
        clock: clock.value ? { baseSecs: base, incrementSecs: inc } : null,
        opponent: opponent.value || undefined,
      });
      keepSeat(granted.game.id, granted.token, granted.seat);
      go(`/game/${granted.game.id}`);
    } catch (err) {
      error.textContent = `Could not create the game: ${err.message}`;
    } finally {
      submit.disabled = false;
    }
  });
  sync();
  form.stop = unsubscribe;
  return form;
}
