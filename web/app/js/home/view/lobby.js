// @ts-check
// The lobby's panels, pure functions of the home page's controller: the guest's name, casual or rated,
// quick pairing (a button per variant and clock preset), the "waiting for an opponent" lines with Cancel,
// the lobby's message; then the live seek list (Accept on others' seeks, Cancel on one's own) and the form
// that posts a seek with a rating range.

import { me } from '../../session.js';
import { t } from '../../i18n.js';
import { CLOCKS, clockName, clockOf } from '../../clocks.js';
import { shownName, timeControl, variantName } from '../../ui.js';
import { h } from '../../vendor/snabbdom.js';
import { NAME_PATTERN } from '../ctrl.js';
import { playbanView } from '../../playban.js';

/** @typedef {import('../ctrl.js').HomeCtrl} HomeCtrl */
/** @typedef {import('../../types.js').Seek} Seek */
/** @typedef {import('../../net/lobbywire.js').SeekForm} SeekForm */

/** Quick pairing's games: the four, not Ikibuguzo's fixed openings (the seek form has every variant). */
const QUICK_VARIANTS = ['kubuguza', 'ikibuguzo', 'njombwa', 'azigo'];
/** Quick pairing's clock presets (lichess's blitz and rapid pools): CLOCKS without "no clock" and 30+20. */
const PRESETS = CLOCKS.map(clockOf).filter((c) => c !== null && !c.days && c.baseSecs <= 900);

/** @param {SeekForm} s */
const describe = (s) =>
  `${variantName(s.variant)} ${timeControl(s.clock)}, ${t(s.rated ? 'lobby.rated' : 'lobby.casual')}`;
/** @param {Seek} s */
const ratingText = (s) => (s.rating === null || s.rating === undefined ? '' : `${s.rating}${s.provisional ? '?' : ''}`);

/** The value of the field an event came from. @param {Event} e */
export const valueOf = (e) => /** @type {HTMLInputElement} */ (e.target).value;
/** Whether the box an event came from is ticked. @param {Event} e */
export const checkedOf = (e) => /** @type {HTMLInputElement} */ (e.target).checked;

/**
 * A spinner line of the waiting state, with its Cancel.
 * @param {string} text
 * @param {import('../../vendor/snabbdom.js').Attrs} attrs the line's
 * @param {import('../../vendor/snabbdom.js').Attrs} button the Cancel button's attributes
 * @param {() => void} cancel
 */
const waitingLine = (text, attrs, button, cancel) =>
  h('p', { key: String(attrs['data-own-seek'] ?? 'pending'), attrs }, [
    h('span.spinner', { attrs: { 'aria-hidden': 'true' } }),
    `${text} `,
    h('button.small', { attrs: { type: 'button', ...button }, on: { click: cancel } }, t('common.cancel')),
  ]);

/** @param {HomeCtrl} ctrl */
export function lobbyView(ctrl) {
  const signedIn = !!me();
  const quick = ctrl.pendingQuick;
  const own = ctrl.socket.list().filter((s) => ctrl.socket.isOwn(s.id));
  const lines = own.map((s) =>
    waitingLine(
      t('lobby.waiting', { seek: describe(s) }),
      { 'data-own-seek': String(s.id) },
      { 'data-cancel': String(s.id) },
      () => ctrl.cancel(s.id),
    ),
  );
  if (quick)
    lines.unshift(
      waitingLine(
        t('lobby.looking', { seek: describe(quick) }),
        {},
        { 'data-cancel': 'pending', disabled: ctrl.cancelPending },
        () => ctrl.cancelQuick(),
      ),
    );
  const conn = ctrl.conn;
  return h('section#play-person.panel.lobby', [
    h('div.row.spread', [
      h('h1', t('lobby.title')),
      h(
        'span#lobby-conn.conn',
        { attrs: { 'data-state': conn || false } },
        conn === 'connecting' ? t('conn.connecting') : conn === 'open' || !conn ? '' : t('conn.closed'),
      ),
    ]),
    h('label.guest-name', { attrs: { hidden: signedIn } }, [
      `${t('common.your_name')} `,
      h('input#name', {
        attrs: {
          name: 'name',
          maxlength: 24,
          pattern: NAME_PATTERN,
          placeholder: t('lobby.name_placeholder'),
          autocomplete: 'nickname',
        },
        props: { value: ctrl.name },
        on: { input: (e) => ctrl.setName(valueOf(e)) },
      }),
    ]),
    h('fieldset.mode', [
      h('legend', t('lobby.quick')),
      h('label', [
        h('input#mode-casual', {
          attrs: { type: 'radio', name: 'mode', value: 'casual' },
          props: { checked: !ctrl.rated },
          on: { change: () => ctrl.setRated(false) },
        }),
        ` ${t('lobby.casual_mode')}`,
      ]),
      h('label', [
        h('input#mode-rated', {
          attrs: { type: 'radio', name: 'mode', value: 'rated', disabled: !signedIn },
          props: { checked: ctrl.rated },
          on: { change: () => ctrl.setRated(true) },
        }),
        ` ${t('lobby.rated_mode')}`,
      ]),
      ' ',
      h(
        'span#rated-note.muted.small',
        signedIn ? [] : [h('a', { attrs: { href: '/signin' } }, t('lobby.rated_signin')), ` ${t('lobby.rated_note')}`],
      ),
    ]),
    playbanView(ctrl.ban),
    h('div#quick.quick-grid', [ctrl.variants ? quickTable(ctrl) : h('p.muted', t('common.loading'))]),
    // The one place the page explains "5+3" and "3 days": the create form's clock points here.
    h('p#clock-explain.muted.small', t('clock.explain')),
    h('div#seeking.seeking', { attrs: { hidden: !lines.length, 'aria-live': 'polite' } }, lines),
    h('p#lobby-error.error', { attrs: { role: 'alert' } }, ctrl.lobbyError),
  ]);
}

/** @param {HomeCtrl} ctrl */
function quickTable(ctrl) {
  const variants = QUICK_VARIANTS.filter((id) => ctrl.variants?.some((v) => v.id === id));
  return h('table.quick', [
    h(
      'tbody',
      variants.map((id) =>
        h('tr', { key: id, attrs: { 'data-variant': id } }, [
          h('th', { attrs: { scope: 'row' } }, variantName(id)),
          ...PRESETS.map((clock) =>
            clock
              ? h('td', [
                  h(
                    'button.quick-btn',
                    {
                      attrs: {
                        type: 'button',
                        'aria-label': `${variantName(id)} ${timeControl(clock)}`,
                        'data-quick': `${id} ${clock.baseSecs}+${clock.incrementSecs}`,
                        disabled: !!ctrl.pendingQuick,
                      },
                      on: { click: () => ctrl.quick(id, clock) },
                    },
                    timeControl(clock),
                  ),
                ])
              : null,
          ),
        ]),
      ),
    ),
  ]);
}

/** @param {HomeCtrl} ctrl */
export function seeksView(ctrl) {
  const seeks = ctrl.socket.list();
  return h('section.panel', [
    h('h2', t('lobby.seeks')),
    h('ul#seek-list.seeks', seeks.length ? seeks.map((s) => seekLine(ctrl, s)) : [h('li.muted', t('lobby.no_seek'))]),
    h('details.seek-more', [h('summary', t('lobby.post_seek')), seekForm(ctrl)]),
  ]);
}

/**
 * @param {HomeCtrl} ctrl
 * @param {Seek} s
 */
function seekLine(ctrl, s) {
  const id = String(s.id);
  return h('li', { key: id, attrs: { 'data-seek': id } }, [
    s.registered
      ? h('a.seek-name', { attrs: { href: `/@/${encodeURIComponent(s.name)}` } }, s.name)
      : h('span.seek-name', shownName(s.name)),
    ' ',
    h('span.rating', ratingText(s)),
    ' ',
    h('strong', variantName(s.variant)),
    ' ',
    h('span', timeControl(s.clock)),
    ' ',
    h('span.muted', t(s.rated ? 'lobby.rated' : 'lobby.casual')),
    s.range ? h('span.muted.small', ` ${s.range[0]}–${s.range[1]}`) : null,
    ctrl.isMine(s)
      ? h(
          'button.small',
          { attrs: { type: 'button', 'data-cancel': id }, on: { click: () => ctrl.cancel(s.id) } },
          t('common.cancel'),
        )
      : h(
          'button.small.primary',
          { attrs: { type: 'button', 'data-accept': id }, on: { click: () => ctrl.accept(s.id) } },
          t('lobby.accept'),
        ),
  ]);
}

/**
 * The form that posts a seek: any variant, clock, rated, the opponent's rating range.
 * @param {HomeCtrl} ctrl
 */
function seekForm(ctrl) {
  const f = ctrl.seekForm;
  /** @param {'min' | 'max'} which */
  const bound = (which) =>
    h(`input#seek-${which}`, {
      attrs: {
        type: 'number',
        min: 0,
        max: 4000,
        step: 50,
        placeholder: t('form.any'),
        'aria-label': t(which === 'min' ? 'lobby.range_low' : 'lobby.range_high'),
      },
      props: { value: f[which] },
      on: { input: (e) => ctrl.setSeek(which, valueOf(e)) },
    });
  return h(
    'form#seek-form.grid',
    {
      on: {
        submit: (e) => {
          e.preventDefault();
          ctrl.postSeek();
        },
      },
    },
    [
      h('label', [
        `${t('form.game')} `,
        h(
          'select#seek-variant',
          { attrs: { name: 'variant' }, on: { change: (e) => ctrl.setSeek('variant', valueOf(e)) } },
          (ctrl.variants || []).map((v) =>
            h('option', { attrs: { value: v.id }, props: { selected: v.id === f.variant } }, variantName(v.id)),
          ),
        ),
      ]),
      h('label', [
        `${t('form.clock')} `,
        h(
          'select#seek-clock',
          { attrs: { name: 'clock' }, on: { change: (e) => ctrl.setSeek('clock', valueOf(e)) } },
          CLOCKS.map((v) => h('option', { attrs: { value: v }, props: { selected: v === f.clock } }, clockName(v))),
        ),
      ]),
      h('label', [
        h('input#seek-rated', {
          attrs: { type: 'checkbox', name: 'rated', disabled: !me() },
          props: { checked: f.rated && !!me() },
          on: { change: (e) => ctrl.setSeek('rated', checkedOf(e)) },
        }),
        ` ${t('lobby.rated_mode')}`,
      ]),
      h('label', [`${t('lobby.range')} `, bound('min'), ' – ', bound('max')]),
      h('button.primary', { attrs: { type: 'submit' } }, t('lobby.post')),
    ],
  );
}
