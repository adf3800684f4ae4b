// The lobby of the home page: quick pairing (a button per variant and clock preset, casual or rated),
// the "waiting for an opponent" state with Cancel, the live seek list (seeks appear and disappear as
// the server says; Accept on others' seeks, Cancel on one's own) and a form to post a seek with a
// rating range. On `paired` the seat is kept exactly as the create/join flow keeps it, and the page
// goes to the game.

import { LobbySocket } from './lobbysocket.js';
import { go } from './main.js';
import { keepSeat, prefs } from './prefs.js';
import { me, ready } from './session.js';
import { h, timeControl, VARIANT_NAMES } from './ui.js';

/** Quick pairing's games: the four, not Ikibuguzo's fixed openings (the seek form has every variant). */
const QUICK_VARIANTS = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];
/** Quick pairing's clock presets (lichess's blitz and rapid pools). */
const PRESETS = [[180, 2], [300, 3], [600, 5], [900, 10]];
const CLOCKS = [['', 'No clock'], ['180+2', '3+2'], ['300+3', '5+3'], ['600+5', '10+5'], ['900+10', '15+10'], ['1800+20', '30+20']];

const clockOf = (v) => (v ? { baseSecs: Number(v.split('+')[0]), incrementSecs: Number(v.split('+')[1]) } : null);
const describe = (s) => `${VARIANT_NAMES[s.variant] || s.variant} ${timeControl(s.clock)}, ${s.rated ? 'rated' : 'casual'}`;
const ratingText = (s) => (s.rating === null || s.rating === undefined ? '' : `${s.rating}${s.provisional ? '?' : ''}`);

export function lobbyPanels() {
  const error = h('p', { class: 'error', role: 'alert', id: 'lobby-error' });
  const casual = h('input', { type: 'radio', name: 'mode', value: 'casual', id: 'mode-casual', checked: true });
  const rated = h('input', { type: 'radio', name: 'mode', value: 'rated', id: 'mode-rated' });
  const ratedNote = h('span', { class: 'muted small', id: 'rated-note' });
  const grid = h('div', { class: 'quick-grid', id: 'quick' }, h('p', { class: 'muted' }, 'Loading…'));
  const waiting = h('div', { class: 'seeking', id: 'seeking', hidden: true, 'aria-live': 'polite' });
  const conn = h('span', { class: 'conn', id: 'lobby-conn' });
  const list = h('ul', { class: 'seeks', id: 'seek-list' });
  const form = seekForm();

  let pendingQuick = null; // {variant, clock, rated}: pressed, no answer yet
  let cancelPending = false;

  const socket = new LobbySocket({
    guestName: null,
    onSeeks: () => draw(),
    onCreated: (seek) => {
      if (pendingQuick && cancelPending) socket.cancel(seek.id);
      pendingQuick = null;
      cancelPending = false;
      draw();
    },
    onPaired: (granted) => {
      keepSeat(granted.game.id, granted.token, granted.seat);
      go(`/game/${granted.game.id}`);
    },
    onError: (m) => {
      pendingQuick = null;
      error.textContent = m.message || m.code;
      draw();
    },
    onOwnLost: () => { error.textContent = 'The connection to the lobby dropped, and your seeks with it: seek again.'; draw(); },
    onStatus: (st) => {
      conn.textContent = { connecting: 'connecting…', open: '', closed: 'reconnecting…' }[st] || '';
      conn.dataset.state = st;
      if (st === 'open') draw();
    },
  });
  // The socket knows who this is from the cookie; a guest goes by the name kept in the browser.
  let stopped = false;
  ready().then((name) => {
    if (stopped) return;
    socket.guestName = name ? null : (prefs.name || null);
    socket.start();
    syncMode();
  });

  function syncMode() {
    const signedIn = !!me();
    rated.disabled = !signedIn;
    form.rated.disabled = !signedIn;
    if (!signedIn) {
      casual.checked = true;
      form.rated.checked = false;
    }
    ratedNote.replaceChildren(...(signedIn ? [] : [h('a', { href: '/signin' }, 'Sign in'), ' to play rated games.']));
  }

  function mine(seek) {
    if (socket.isOwn(seek.id)) return true;
    const name = me();
    return !!name && seek.registered && seek.name.toLowerCase() === name.toLowerCase();
  }

  function quick(variant, clock) {
    error.textContent = '';
    pendingQuick = { variant, clock, rated: rated.checked };
    cancelPending = false;
    socket.quick(pendingQuick);
    draw();
  }

  function draw() {
    // Waiting for an opponent: the pressed quick pairing and this socket's seeks.
    const own = socket.list().filter((s) => socket.isOwn(s.id));
    const lines = own.map((s) => h('p', { 'data-own-seek': String(s.id) }, h('span', { class: 'spinner', 'aria-hidden': 'true' }),
      `Waiting for an opponent: ${describe(s)} `,
      h('button', { type: 'button', class: 'small', 'data-cancel': String(s.id), onclick: () => { socket.cancel(s.id); } }, 'Cancel')));
    if (pendingQuick) {
      lines.unshift(h('p', {}, h('span', { class: 'spinner', 'aria-hidden': 'true' }), `Looking for an opponent: ${describe(pendingQuick)} `,
        h('button', { type: 'button', class: 'small', 'data-cancel': 'pending', disabled: cancelPending, onclick: () => { cancelPending = true; draw(); } }, 'Cancel')));
    }
    waiting.replaceChildren(...lines);
    waiting.hidden = !lines.length;
    for (const b of grid.querySelectorAll('button')) b.disabled = !!pendingQuick;

    const seeks = socket.list();
    list.replaceChildren(...(seeks.length ? seeks.map((s) => h('li', { 'data-seek': String(s.id) },
      s.registered ? h('a', { href: `/@/${encodeURIComponent(s.name)}`, class: 'seek-name' }, s.name) : h('span', { class: 'seek-name' }, s.name),
      ' ', h('span', { class: 'rating' }, ratingText(s)), ' ',
      h('strong', {}, VARIANT_NAMES[s.variant] || s.variant), ' ',
      h('span', {}, timeControl(s.clock)), ' ',
      h('span', { class: 'muted' }, s.rated ? 'rated' : 'casual'),
      s.range ? h('span', { class: 'muted small' }, ` ${s.range[0]}–${s.range[1]}`) : null,
      mine(s)
        ? h('button', { type: 'button', class: 'small', 'data-cancel': String(s.id), onclick: () => socket.cancel(s.id) }, 'Cancel')
        : h('button', { type: 'button', class: 'small primary', 'data-accept': String(s.id), onclick: () => { error.textContent = ''; socket.accept(s.id); } }, 'Accept')))
      : [h('li', { class: 'muted' }, 'No open seek: press a quick pairing button or post one.')]));
  }

  form.el.addEventListener('submit', (e) => {
    e.preventDefault();
    error.textContent = '';
    const min = form.min.value === '' ? null : Number(form.min.value);
    const max = form.max.value === '' ? null : Number(form.max.value);
    if ((min === null) !== (max === null)) {
      error.textContent = 'A rating range needs both ends (or neither).';
      return;
    }
    if (min !== null && min > max) {
      error.textContent = 'The range’s lower end is above its upper end.';
      return;
    }
    socket.seek({ variant: form.variant.value, clock: clockOf(form.clock.value), rated: form.rated.checked, range: min === null ? null : [min, max] });
  });

  const panels = [
    h('section', { class: 'panel lobby' },
      h('div', { class: 'row spread' }, h('h1', {}, 'Play'), conn),
      h('fieldset', { class: 'mode' }, h('legend', {}, 'Quick pairing'),
        h('label', {}, casual, ' Casual'), h('label', {}, rated, ' Rated'), ' ', ratedNote),
      grid, waiting, error),
    h('section', { class: 'panel' }, h('h2', {}, 'Open seeks'), list,
      h('details', { class: 'seek-more' }, h('summary', {}, 'Post a seek'), form.el)),
  ];

  return {
    panels,
    fill(variants) {
      const quickOnes = QUICK_VARIANTS.map((id) => variants.find((v) => v.id === id)).filter(Boolean);
      grid.replaceChildren(h('table', { class: 'quick' }, h('tbody', {}, quickOnes.map((v) => h('tr', { 'data-variant': v.id },
        h('th', { scope: 'row' }, v.name),
        PRESETS.map(([base, inc]) => {
          const clock = { baseSecs: base, incrementSecs: inc };
          const label = `${v.name} ${timeControl(clock)}`;
          return h('td', {}, h('button', { type: 'button', class: 'quick-btn', 'aria-label': label, 'data-quick': `${v.id} ${base}+${inc}`, onclick: () => quick(v.id, clock) }, timeControl(clock)));
        }))))));
      form.variant.replaceChildren(...variants.map((v) => h('option', { value: v.id }, v.name)));
      form.variant.value = 'kubuguza';
      draw();
    },
    stop() {
      stopped = true;
      socket.stop();
    },
  };
}

function seekForm() {
  const variant = h('select', { id: 'seek-variant', name: 'variant' });
  const clock = h('select', { id: 'seek-clock', name: 'clock' }, CLOCKS.map(([v, t]) => h('option', { value: v }, t)));
  clock.value = '300+3';
  const rated = h('input', { type: 'checkbox', id: 'seek-rated', name: 'rated' });
  const min = h('input', { type: 'number', id: 'seek-min', min: 0, max: 4000, step: 50, placeholder: 'any', 'aria-label': 'Lowest opponent rating' });
  const max = h('input', { type: 'number', id: 'seek-max', min: 0, max: 4000, step: 50, placeholder: 'any', 'aria-label': 'Highest opponent rating' });
  const el = h('form', { id: 'seek-form', class: 'grid' },
    h('label', {}, 'Game ', variant), h('label', {}, 'Clock ', clock), h('label', {}, rated, ' Rated'),
    h('label', {}, 'Opponent rating ', min, ' – ', max),
    h('button', { type: 'submit', class: 'primary' }, 'Post the seek'));
  return { el, variant, clock, rated, min, max };
}
