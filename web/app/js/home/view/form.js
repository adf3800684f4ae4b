// @ts-check
// The form that creates a game by invite link or against the computer, a pure function of the home page's
// controller: variant, Njombwa's width, Azigo's handicap per side, clock, seat, opponent (a person or the
// computer at one of its levels, each with its strength in the chosen game), move previews against a
// person, the turn limit under "more".

import { t } from '../../i18n.js';
import { CLOCKS, clockName } from '../../clocks.js';
import { sideName, variantName } from '../../ui.js';
import { h } from '../../vendor/snabbdom.js';
import { checkedOf, valueOf } from './lobby.js';

/** @typedef {import('../ctrl.js').HomeCtrl} HomeCtrl */

/**
 * A computer level as the form offers it: its number, its old name for levels 1 to 4, its arena Elo.
 * @param {import('../../types.js').ComputerLevel} c
 */
function levelName(c) {
  const name = t(`form.opponent.level.${c.level}`);
  if (c.sameAs !== null) return t('form.opponent.same', { name, level: c.sameAs });
  return c.elo === null ? name : t('form.opponent.rated', { name, elo: c.elo });
}

/**
 * Under the opponent, when the chosen level is one of a group the arena could not tell apart: which
 * levels, and why (a level's figure shown once, never the same number for five levels).
 * @param {HomeCtrl} ctrl
 */
function tiedNote(ctrl) {
  const all = ctrl.levels();
  const chosen = all.find((c) => c.opponent === ctrl.form.opponent);
  if (!chosen) return null;
  const low = chosen.sameAs ?? (all.some((c) => c.sameAs === chosen.level) ? chosen.level : null);
  if (low === null) return null;
  const high = Math.max(...all.filter((c) => c.sameAs === low).map((c) => c.level));
  const levels = t(high === low + 1 ? 'form.opponent.levels.and' : 'form.opponent.levels.to', { low, high });
  return h('p.form-note.tied', t('form.opponent.tied', { levels, game: variantName(ctrl.form.variant) }));
}

/**
 * A select of the form whose options are `[value, text]`, the state's value chosen.
 * @param {HomeCtrl} ctrl
 * @param {'variant' | 'width' | 'clock' | 'seat' | 'opponent'} field
 * @param {[string, string][]} options
 * @param {import('../../vendor/snabbdom.js').Attrs} [attrs]
 */
function select(ctrl, field, options, attrs = {}) {
  const value = String(ctrl.form[field]);
  return h(
    `select#${field}`,
    { attrs: { name: field, ...attrs }, on: { change: (e) => ctrl.setForm(field, valueOf(e)) } },
    options.map(([v, text]) => h('option', { key: v, attrs: { value: v }, props: { selected: v === value } }, text)),
  );
}

/**
 * @param {HomeCtrl} ctrl
 * @param {'south' | 'north' | 'previews'} field
 * @param {string} id
 */
const box = (ctrl, field, id) =>
  h(`input#${id}`, {
    attrs: { type: 'checkbox', name: id },
    props: { checked: ctrl.form[field] },
    on: { change: (e) => ctrl.setForm(field, checkedOf(e)) },
  });

/** @param {HomeCtrl} ctrl */
export function formView(ctrl) {
  const f = ctrl.form;
  return h(
    'form#create.grid',
    {
      on: {
        submit: (e) => {
          e.preventDefault();
          ctrl.create();
        },
      },
    },
    [
      h('label', [
        `${t('form.game')} `,
        select(
          ctrl,
          'variant',
          (ctrl.variants || []).map((v) => [v.id, variantName(v.id)]),
        ),
      ]),
      h('label.opt', { attrs: { hidden: f.variant !== 'njombwa' } }, [
        `${t('form.board')} `,
        select(
          ctrl,
          'width',
          ['8', '9', '10'].map((n) => [n, `4x${n}`]),
        ),
      ]),
      h('fieldset.opt', { attrs: { hidden: f.variant !== 'azigo' } }, [
        h('legend', t('form.handicap')),
        h('label', [box(ctrl, 'south', 'handicap-south'), ` ${sideName('south')}`]),
        h('label', [box(ctrl, 'north', 'handicap-north'), ` ${sideName('north')}`]),
      ]),
      // Explained once, under quick pairing: a paragraph here too left a blank band in the form's grid.
      h('label', [
        `${t('form.clock')} `,
        select(
          ctrl,
          'clock',
          CLOCKS.map((v) => [v, clockName(v)]),
          { 'aria-describedby': 'clock-explain' },
        ),
      ]),
      h('label', [
        `${t('form.seat')} `,
        select(
          ctrl,
          'seat',
          ['random', 'south', 'north'].map((v) => [v, t(`form.seat.${v}`)]),
        ),
      ]),
      h('label', [
        `${t('form.opponent')} `,
        select(ctrl, 'opponent', [
          ['', t('form.opponent.person')],
          ...ctrl.levels().map((c) => /** @type {[string, string]} */ ([c.opponent, levelName(c)])),
        ]),
      ]),
      tiedNote(ctrl),
      // Previews are the creator's choice against a person; against the computer they are always on.
      h('label.opt', { attrs: { hidden: f.opponent !== '' } }, [
        box(ctrl, 'previews', 'previews'),
        ` ${t('form.previews')}`,
      ]),
      h('details.opt-more', [
        h('summary', t('form.more')),
        h('label', [
          `${t('form.turn_limit')} `,
          h('input#turn-limit', {
            attrs: { type: 'number', name: 'turn-limit', min: 0, max: 100000, placeholder: t('form.default') },
            props: { value: f.turnLimit },
            on: { input: (e) => ctrl.setForm('turnLimit', valueOf(e)) },
          }),
        ]),
      ]),
      h('button.primary', { attrs: { type: 'submit', disabled: f.busy } }, t('form.create')),
    ],
  );
}
