// @ts-check
// The form of a new tournament drawn from its state (../form.js): name, arena or Swiss with what each
// means and how it scores, the games, the clock, the start, the arena's minutes or the Swiss's rounds, a
// password, rated, bots and berserk (an arena's), then the refusal. The browser checks the fields' limits
// before the submit reaches the form's state.

import { h } from '../../vendor/snabbdom.js';
import { t } from '../../i18n.js';
import { timeControl, VARIANTS, variantName } from '../../ui.js';
import { TOURNAMENT_CLOCKS } from '../form.js';
import { refusalView } from '../words.js';

/** @typedef {import('../form.js').TournamentForm} TournamentForm */

/** @param {Event} e */
const value = (e) => /** @type {HTMLInputElement} */ (e.target).value;
/** @param {Event} e */
const checked = (e) => /** @type {HTMLInputElement} */ (e.target).checked;

/**
 * A text or number field bound to the form's state.
 * @param {TournamentForm} f
 * @param {'name' | 'startsIn' | 'minutes' | 'rounds' | 'password'} field
 * @param {string} sel
 * @param {Record<string, string | number | boolean>} attrs
 */
function field(f, field, sel, attrs) {
  return h(sel, { attrs, props: { value: f[field] }, on: { input: (e) => f.type(field, value(e)) } });
}

/**
 * A check box bound to the form's state.
 * @param {TournamentForm} f
 * @param {'rated' | 'bots' | 'berserk'} option
 * @param {Record<string, string>} [attrs]
 */
function box(f, option, attrs = {}) {
  return h(`input#tf-${option}`, {
    attrs: { type: 'checkbox', ...attrs },
    props: { checked: f[option] },
    on: { change: (e) => f.tick(option, checked(e)) },
  });
}

/** @param {TournamentForm} f */
function kindField(f) {
  const isSwiss = f.kind === 'swiss';
  /** @param {'arena' | 'swiss'} kind */
  const radio = (kind) =>
    h('label', [
      h(`input#tf-${kind}`, {
        attrs: { type: 'radio', name: 'kind', value: kind },
        props: { checked: f.kind === kind },
        on: { change: () => f.setKind(kind) },
      }),
      ` ${t(`tour.${kind}`)}`,
    ]);
  return h('fieldset.tf-kind', [
    h('legend', t('tour.form.kind')),
    radio('arena'),
    radio('swiss'),
    h(
      'p#tf-kind-help.muted.small',
      { attrs: { 'aria-live': 'polite' } },
      isSwiss
        ? `${t('tour.explain.swiss')} ${t('tour.scoring.swiss')}`
        : `${t('tour.explain.arena')} ${t('tour.scoring.arena')} ${t('tour.scoring.streak')} ${t('tour.scoring.early')}`,
    ),
  ]);
}

/** The games: one, or several for a medley arena. @param {TournamentForm} f */
function variantsField(f) {
  return h('fieldset.tf-variants', [
    h('legend', t('tour.form.games')),
    ...VARIANTS.map((v) =>
      h('label', { key: v }, [
        h(`input#tf-v-${v}`, {
          attrs: { type: 'checkbox', name: 'variant', value: v },
          props: { checked: f.variants.has(v) },
          on: { change: (e) => f.tickVariant(v, checked(e)) },
        }),
        ` ${variantName(v)}`,
      ]),
    ),
  ]);
}

/**
 * The clock, the start, and the arena's minutes or the Swiss's rounds.
 * @param {TournamentForm} f
 */
function timingFields(f) {
  const isSwiss = f.kind === 'swiss';
  return [
    h('label', [
      t('tour.form.clock'),
      h(
        'select#tf-clock',
        { attrs: { name: 'clock' }, props: { value: f.clock }, on: { change: (e) => f.type('clock', value(e)) } },
        TOURNAMENT_CLOCKS.map((c) => {
          const [b, i] = c.split('+').map(Number);
          return h(
            'option',
            { attrs: { value: c }, props: { selected: c === f.clock } },
            timeControl({ baseSecs: b, incrementSecs: i }),
          );
        }),
      ),
    ]),
    h('label', [
      t('tour.form.starts_in'),
      field(f, 'startsIn', 'input#tf-starts', { type: 'number', name: 'starts', min: 0, max: 10080, required: true }),
    ]),
    h('label', { attrs: { hidden: isSwiss } }, [
      t('tour.form.minutes'),
      field(f, 'minutes', 'input#tf-minutes', {
        type: 'number',
        name: 'minutes',
        min: 5,
        max: 360,
        required: !isSwiss,
      }),
    ]),
    h('label', { attrs: { hidden: !isSwiss } }, [
      t('tour.form.rounds'),
      field(f, 'rounds', 'input#tf-rounds', { type: 'number', name: 'rounds', min: 2, max: 15, required: isSwiss }),
    ]),
  ];
}

/**
 * The form, in a disclosure ("New tournament").
 * @param {TournamentForm} f
 */
export function createForm(f) {
  const isSwiss = f.kind === 'swiss';
  const form = h(
    'form#tour-form.grid',
    {
      on: {
        submit: (e) => {
          e.preventDefault();
          f.submit();
        },
      },
    },
    [
      h('label', [
        t('tour.form.name'),
        field(f, 'name', 'input#tf-name', { name: 'name', required: true, minlength: 2, maxlength: 48 }),
      ]),
      kindField(f),
      variantsField(f),
      ...timingFields(f),
      h('label', [
        t('tour.form.password'),
        field(f, 'password', 'input#tf-password', {
          name: 'password',
          minlength: 4,
          maxlength: 64,
          autocomplete: 'off',
        }),
      ]),
      h('fieldset.tf-options', [
        h('legend', t('tour.form.options')),
        h('label', [box(f, 'rated'), ` ${t('tour.form.rated')}`]),
        h('label', [box(f, 'bots'), ` ${t('tour.form.bots')}`]),
        // Berserk is an arena's: a Swiss scores no bonus.
        h('div.tf-berserk', { attrs: { hidden: isSwiss } }, [
          h('label', [box(f, 'berserk', { 'aria-describedby': 'tf-berserk-help' }), ` ${t('tour.form.berserk')}`]),
          h('p#tf-berserk-help.muted.small', t('tour.form.berserk_hint')),
        ]),
      ]),
      h('p.muted.small.tf-note', t('tour.form.note')),
      h('button#tf-submit.primary', { attrs: { type: 'submit', disabled: f.sending } }, t('tour.form.create')),
      h('p#tf-error.error', { attrs: { role: 'alert' } }, refusalView(f.error)),
    ],
  );
  return h('details#tour-new.tour-new', [h('summary#tour-new-summary', t('tour.new')), form]);
}
