// @ts-check
// The lobby of the home page: quick pairing (a button per variant and clock preset, casual or rated),
// the "waiting for an opponent" state with Cancel, the live seek list (seeks appear and disappear as
// the server says; Accept on others' seeks, Cancel on one's own) and a form to post a seek with a
// rating range. On `paired` the seat is kept exactly as the create/join flow keeps it, and the page
// goes to the game.

import { LobbySocket } from './net/lobbysocket.js';
import { playbanNotice } from './playban.js';
import { go } from './router.js';
import { keepSeat, prefs } from './prefs.js';
import { me, ready } from './session.js';
import { has, t } from './i18n.js';
import { CLOCKS, clockName, clockOf } from './clocks.js';
import { el, timeControl, variantName } from './ui.js';

/** @typedef {import('./types.js').Seek} Seek */
/** @typedef {import('./net/lobbywire.js').SeekForm} SeekForm */

/** Quick pairing's games: the four, not Ikibuguzo's fixed openings (the seek form has every variant). */
const QUICK_VARIANTS = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];
/** Quick pairing's clock presets (lichess's blitz and rapid pools): CLOCKS without "no clock" and 30+20. */
const PRESETS = CLOCKS.map(clockOf).filter((c) => c !== null && !c.days && c.baseSecs <= 900);

/** @param {SeekForm} s */
const describe = (s) =>
  `${variantName(s.variant)} ${timeControl(s.clock)}, ${t(s.rated ? 'lobby.rated' : 'lobby.casual')}`;
/** @param {Seek} s */
const ratingText = (s) => (s.rating === null || s.rating === undefined ? '' : `${s.rating}${s.provisional ? '?' : ''}`);

/** What a guest's name may be (the server's rule for names). */
export const NAME_PATTERN = '[A-Za-z0-9_.\\-]{1,24}';

/**
 * @param {{onGames?: import('./net/lobbysocket.js').LobbyHandlers['onGames']}} [o] `onGames`: the live game
 *   lists the lobby socket carries (the page draws them)
 */
export function lobbyPanels({ onGames } = {}) {
  const error = el('p', { class: 'error', role: 'alert', id: 'lobby-error' });
  // A guest plays under this name everywhere on the page: quick pairing, seeks, Join and the form
  // below; a signed-in person as their account.
  const name = el('input', {
    name: 'name',
    id: 'name',
    maxlength: 24,
    pattern: NAME_PATTERN,
    placeholder: t('lobby.name_placeholder'),
    value: prefs.name || '',
    autocomplete: 'nickname',
  });
  const nameRow = el('label', { class: 'guest-name' }, `${t('common.your_name')} `, name);
  name.addEventListener('change', () => {
    if (name.checkValidity()) prefs.name = name.value;
  });
  const casual = /** @type {HTMLInputElement} */ (
    el('input', { type: 'radio', name: 'mode', value: 'casual', id: 'mode-casual', checked: true })
  );
  const rated = /** @type {HTMLInputElement} */ (
    el('input', { type: 'radio', name: 'mode', value: 'rated', id: 'mode-rated' })
  );
  const ratedNote = el('span', { class: 'muted small', id: 'rated-note' });
  const grid = el('div', { class: 'quick-grid', id: 'quick' }, el('p', { class: 'muted' }, t('common.loading')));
  const waiting = el('div', { class: 'seeking', id: 'seeking', hidden: true, 'aria-live': 'polite' });
  const conn = el('span', { class: 'conn', id: 'lobby-conn' });
  const list = el('ul', { class: 'seeks', id: 'seek-list' });
  const form = seekForm();
  // A ban for leaving games, with its countdown (playban.js).
  const ban = playbanNotice();

  /** @type {SeekForm | null} pressed, no answer yet */
  let pendingQuick = null;
  let cancelPending = false;

  const socket = new LobbySocket({
    guestName: null,
    onGames,
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
      if (m.code === 'playban') ban.refresh(socket.guestName);
      error.textContent = has(`lobby.error.${m.code}`) ? t(`lobby.error.${m.code}`) : t('error.unknown');
      draw();
    },
    onOwnLost: () => {
      error.textContent = t('lobby.dropped');
      draw();
    },
    onStatus: (st) => {
      conn.textContent = st === 'connecting' ? t('conn.connecting') : st === 'open' ? '' : t('conn.closed');
      conn.dataset.state = st;
      if (st === 'open') draw();
    },
  });
  // The socket knows who this is from the cookie; a guest goes by the name kept in the browser.
  let stopped = false;
  ready().then((name) => {
    if (stopped) return;
    socket.guestName = name ? null : prefs.name || null;
    socket.start();
    ban.refresh(socket.guestName);
    syncMode();
  });

  /**
   * The lobby socket goes by the guest name typed now: a new name reconnects it (before a message that
   * makes a seek, so the seek is under that name). False when the name is not a valid one.
   */
  function nameReady() {
    if (me()) return true;
    if (!name.checkValidity()) {
      error.textContent = t('form.name_rule');
      return false;
    }
    prefs.name = name.value;
    const want = name.value || null;
    if (want !== socket.guestName) {
      socket.guestName = want;
      socket.own.clear();
      socket.connect();
    }
    return true;
  }

  function syncMode() {
    const signedIn = !!me();
    nameRow.hidden = signedIn;
    rated.disabled = !signedIn;
    form.rated.disabled = !signedIn;
    if (!signedIn) {
      casual.checked = true;
      form.rated.checked = false;
    }
    ratedNote.replaceChildren(
      ...(signedIn ? [] : [el('a', { href: '/signin' }, t('lobby.rated_signin')), ` ${t('lobby.rated_note')}`]),
    );
  }

  /** @param {Seek} seek */
  function mine(seek) {
    if (socket.isOwn(seek.id)) return true;
    const name = me();
    return !!name && seek.registered && seek.name.toLowerCase() === name.toLowerCase();
  }

  /**
   * @param {string} variant
   * @param {import('./types.js').TimeControl} clock
   */
  function quick(variant, clock) {
    error.textContent = '';
    if (!nameReady()) return;
    pendingQuick = { variant, clock, rated: rated.checked };
    cancelPending = false;
    socket.quick(pendingQuick);
    draw();
  }

  function draw() {
    const quickNow = pendingQuick;
    // Waiting for an opponent: the pressed quick pairing and this socket's seeks.
    const own = socket.list().filter((s) => socket.isOwn(s.id));
    const lines = own.map((s) =>
      el(
        'p',
        { 'data-own-seek': String(s.id) },
        el('span', { class: 'spinner', 'aria-hidden': 'true' }),
        `${t('lobby.waiting', { seek: describe(s) })} `,
        el(
          'button',
          {
            type: 'button',
            class: 'small',
            'data-cancel': String(s.id),
            onclick: () => {
              socket.cancel(s.id);
            },
          },
          t('common.cancel'),
        ),
      ),
    );
    if (quickNow) {
      lines.unshift(
        el(
          'p',
          {},
          el('span', { class: 'spinner', 'aria-hidden': 'true' }),
          `${t('lobby.looking', { seek: describe(quickNow) })} `,
          el(
            'button',
            {
              type: 'button',
              class: 'small',
              'data-cancel': 'pending',
              disabled: cancelPending,
              onclick: () => {
                cancelPending = true;
                draw();
              },
            },
            t('common.cancel'),
          ),
        ),
      );
    }
    waiting.replaceChildren(...lines);
    waiting.hidden = !lines.length;
    for (const b of grid.querySelectorAll('button')) b.disabled = !!pendingQuick;

    const seeks = socket.list();
    list.replaceChildren(
      ...(seeks.length
        ? seeks.map((s) =>
            el(
              'li',
              { 'data-seek': String(s.id) },
              s.registered
                ? el('a', { href: `/@/${encodeURIComponent(s.name)}`, class: 'seek-name' }, s.name)
                : el('span', { class: 'seek-name' }, s.name),
              ' ',
              el('span', { class: 'rating' }, ratingText(s)),
              ' ',
              el('strong', {}, variantName(s.variant)),
              ' ',
              el('span', {}, timeControl(s.clock)),
              ' ',
              el('span', { class: 'muted' }, t(s.rated ? 'lobby.rated' : 'lobby.casual')),
              s.range ? el('span', { class: 'muted small' }, ` ${s.range[0]}–${s.range[1]}`) : null,
              mine(s)
                ? el(
                    'button',
                    { type: 'button', class: 'small', 'data-cancel': String(s.id), onclick: () => socket.cancel(s.id) },
                    t('common.cancel'),
                  )
                : el(
                    'button',
                    {
                      type: 'button',
                      class: 'small primary',
                      'data-accept': String(s.id),
                      onclick: () => {
                        error.textContent = '';
                        if (nameReady()) socket.accept(s.id);
                      },
                    },
                    t('lobby.accept'),
                  ),
            ),
          )
        : [el('li', { class: 'muted' }, t('lobby.no_seek'))]),
    );
  }

  form.el.addEventListener('submit', (e) => {
    e.preventDefault();
    error.textContent = '';
    const min = form.min.value === '' ? null : Number(form.min.value);
    const max = form.max.value === '' ? null : Number(form.max.value);
    if ((min === null) !== (max === null)) {
      error.textContent = t('lobby.range_both');
      return;
    }
    if (min !== null && max !== null && min > max) {
      error.textContent = t('lobby.range_order');
      return;
    }
    if (!nameReady()) return;
    socket.seek({
      variant: form.variant.value,
      clock: clockOf(form.clock.value),
      rated: form.rated.checked,
      range: min === null || max === null ? null : [min, max],
    });
  });

  const panels = [
    el(
      'section',
      { class: 'panel lobby', id: 'play-person' },
      el('div', { class: 'row spread' }, el('h1', {}, t('lobby.title')), conn),
      nameRow,
      el(
        'fieldset',
        { class: 'mode' },
        el('legend', {}, t('lobby.quick')),
        el('label', {}, casual, ` ${t('lobby.casual_mode')}`),
        el('label', {}, rated, ` ${t('lobby.rated_mode')}`),
        ' ',
        ratedNote,
      ),
      ban.el,
      grid,
      // The one place the page explains "5+3" and "3 days": the create form's clock points here.
      el('p', { class: 'muted small', id: 'clock-explain' }, t('clock.explain')),
      waiting,
      error,
    ),
    el(
      'section',
      { class: 'panel' },
      el('h2', {}, t('lobby.seeks')),
      list,
      el('details', { class: 'seek-more' }, el('summary', {}, t('lobby.post_seek')), form.el),
    ),
  ];

  return {
    panels,
    /** The guest's name field, which the create form uses too. */
    name,
    /** @param {import('./types.js').VariantInfo[]} variants */
    fill(variants) {
      const quickOnes = QUICK_VARIANTS.flatMap((id) => variants.filter((v) => v.id === id));
      // "New opponent" after a game: quick pairing again with its settings (`?pair=VARIANT.CLOCK[.rated]`,
      // the clock as CLOCKS writes it).
      const pair = new URLSearchParams(location.search).get('pair')?.split('.') || [];
      const clock = /^(\d+\+\d+|\d+d)$/.test(pair[1] || '') ? clockOf(pair[1]) : null;
      if (clock && variants.some((v) => v.id === pair[0])) {
        history.replaceState(null, '', '/');
        rated.checked = pair[2] === 'rated' && !!me();
        casual.checked = !rated.checked;
        quick(pair[0], clock);
      }
      grid.replaceChildren(
        el(
          'table',
          { class: 'quick' },
          el(
            'tbody',
            {},
            quickOnes.map((v) =>
              el(
                'tr',
                { 'data-variant': v.id },
                el('th', { scope: 'row' }, variantName(v.id)),
                PRESETS.map((clock) => {
                  if (!clock) return null;
                  const label = `${variantName(v.id)} ${timeControl(clock)}`;
                  const key = `${v.id} ${clock.baseSecs}+${clock.incrementSecs}`;
                  return el(
                    'td',
                    {},
                    el(
                      'button',
                      {
                        type: 'button',
                        class: 'quick-btn',
                        'aria-label': label,
                        'data-quick': key,
                        onclick: () => quick(v.id, clock),
                      },
                      timeControl(clock),
                    ),
                  );
                }),
              ),
            ),
          ),
        ),
      );
      form.variant.replaceChildren(...variants.map((v) => el('option', { value: v.id }, variantName(v.id))));
      form.variant.value = 'kubuguza';
      draw();
    },
    stop() {
      stopped = true;
      socket.stop();
      ban.stop();
    },
  };
}

function seekForm() {
  const variant = /** @type {HTMLSelectElement} */ (el('select', { id: 'seek-variant', name: 'variant' }));
  const clock = /** @type {HTMLSelectElement} */ (
    el(
      'select',
      { id: 'seek-clock', name: 'clock' },
      CLOCKS.map((v) => el('option', { value: v }, clockName(v))),
    )
  );
  clock.value = '300+3';
  const rated = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id: 'seek-rated', name: 'rated' }));
  const min = /** @type {HTMLInputElement} */ (
    el('input', {
      type: 'number',
      id: 'seek-min',
      min: 0,
      max: 4000,
      step: 50,
      placeholder: t('form.any'),
      'aria-label': t('lobby.range_low'),
    })
  );
  const max = /** @type {HTMLInputElement} */ (
    el('input', {
      type: 'number',
      id: 'seek-max',
      min: 0,
      max: 4000,
      step: 50,
      placeholder: t('form.any'),
      'aria-label': t('lobby.range_high'),
    })
  );
  const formEl = el(
    'form',
    { id: 'seek-form', class: 'grid' },
    el('label', {}, `${t('form.game')} `, variant),
    el('label', {}, `${t('form.clock')} `, clock),
    el('label', {}, rated, ` ${t('lobby.rated_mode')}`),
    el('label', {}, `${t('lobby.range')} `, min, ' – ', max),
    el('button', { type: 'submit', class: 'primary' }, t('lobby.post')),
  );
  return { el: formEl, variant, clock, rated, min, max };
}
