// @ts-check
// The moderators' page's view, a pure function of its controller (mod/ctrl.js): the open reports, each
// with every reporter's words, the reported chat line among the lines around it, the player's record,
// recent games and fair-play figures, and the actions, each with a reason; a player's standing and notes
// by name; and the moderation log with its filters (docs/moderation.md).

import { t } from '../i18n.js';
import { field } from '../patch.js';
import { when } from '../ui.js';
import { h } from '../vendor/snabbdom.js';

/** @typedef {import('./ctrl.js').ModCtrl} ModCtrl */

const ACTIONS = [
  'dismiss',
  'warn',
  'chat_timeout',
  'shadow_mute',
  'unmute',
  'close',
  'reopen',
  'mark',
  'unmark',
  'note',
];

/** @param {string} s */
const enc = (s) => encodeURIComponent(s);

/** @param {number | null | undefined} x a percentage */
const pct = (x) => (x == null ? '–' : `${x.toFixed(1)} %`);

/** @param {ModCtrl} ctrl */
export function view(ctrl) {
  return h('div', [
    h('h1', t('mod.title')),
    h('section.panel', [h('h2', t('mod.queue')), h('div#mod-queue', queue(ctrl))]),
    h('section.panel', [
      h('h2', t('mod.player')),
      h(
        'form#mod-lookup',
        {
          on: {
            submit: (e) => {
              e.preventDefault();
              ctrl.showPlayer();
            },
          },
        },
        [
          field(
            'input',
            { attrs: { name: 'player', 'aria-label': t('mod.player') } },
            ctrl.lookup,
            (v) => (ctrl.lookup = v),
          ),
          ' ',
          h('button', { attrs: { type: 'submit' } }, t('mod.look')),
        ],
      ),
      h('div#mod-player', player(ctrl)),
    ]),
    h('section.panel', [
      h('h2', t('mod.log')),
      h(
        'form.row.wrap',
        {
          on: {
            submit: (e) => {
              e.preventDefault();
              ctrl.showLog();
            },
          },
        },
        [
          .../** @type {import('./ctrl.js').LogFilter[]} */ (['moderator', 'player', 'action']).map((f) =>
            field(
              'input',
              { attrs: { name: f, placeholder: t(`mod.filter.${f}`), 'aria-label': t(`mod.filter.${f}`) } },
              ctrl.filters[f],
              (v) => (ctrl.filters[f] = v),
            ),
          ),
          h('button', { attrs: { type: 'submit' } }, t('mod.filter.go')),
        ],
      ),
      h('div#mod-log', log(ctrl)),
    ]),
  ]);
}

/** @param {ModCtrl} ctrl */
function queue(ctrl) {
  if (ctrl.queueError) return [h('p.error', ctrl.queueError)];
  if (!ctrl.reports) return [];
  if (!ctrl.reports.length) return [h('p.muted', t('mod.empty'))];
  return ctrl.reports.map((r) => report(ctrl, r));
}

/** @param {ModCtrl} ctrl */
function player(ctrl) {
  if (ctrl.playerError) return [h('p.error', ctrl.playerError)];
  const p = ctrl.player;
  if (!p) return [];
  return [
    h('h3', [
      h('a', { attrs: { href: `/@/${enc(p.name)}` } }, p.name),
      p.closed_at ? ` · ${t('mod.closed')}` : '',
      p.engine_marked_at ? ` · ${t('mod.marked')}` : '',
    ]),
    record(p.record),
    h('div', { attrs: { hidden: !p.notes.length } }, [
      h('h4', t('mod.notes')),
      h(
        'ul',
        p.notes.map((n) => h('li', `${n.author}: ${n.text}`)),
      ),
    ]),
    actions(ctrl, `player:${p.name}`, p.name, null),
  ];
}

/** @param {ModCtrl} ctrl */
function log(ctrl) {
  if (ctrl.logError) return [h('p.error', ctrl.logError)];
  if (!ctrl.log) return [];
  return [
    h('table.small', [
      h(
        'tbody',
        ctrl.log.map((l) =>
          h('tr', [
            h('td', when(l.at)),
            h('td', l.moderator),
            h('td', l.action),
            h('td', l.target),
            h('td', l.details),
          ]),
        ),
      ),
    ]),
  ];
}

/**
 * The action buttons on `player` (and its `report`), with the reason field they share.
 * @param {ModCtrl} ctrl
 * @param {string} key the box's key
 * @param {string} player
 * @param {string | null} report
 */
function actions(ctrl, key, player, report) {
  const b = ctrl.box(key);
  /** @param {string} action @param {number} [minutes] */
  const button = (action, minutes) =>
    h(
      'button.small',
      {
        attrs: { type: 'button', 'data-action': action, 'data-minutes': minutes ?? false },
        on: { click: () => ctrl.act(key, player, report, action, minutes) },
      },
      t(`mod.act.${action}`, { minutes: minutes || 0 }),
    );
  const buttons = ACTIONS.filter((a) => report || a !== 'dismiss').flatMap((a) =>
    a === 'chat_timeout' ? [15, 60, 1440].map((m) => button(a, m)) : [button(a)],
  );
  return h('div.mod-actions', { key, attrs: { 'data-box': key } }, [
    field(
      'input.mod-reason',
      { attrs: { maxlength: 500, placeholder: t('mod.reason'), 'aria-label': t('mod.reason') } },
      b.reason,
      (v) => (b.reason = v),
    ),
    h('div.row.wrap', buttons),
    h('span.small', { attrs: { role: 'status' } }, b.status),
  ]);
}

/**
 * The player's fair-play figures: one line per rated game the server reviewed, newest first.
 * @param {import('../net/modwire.js').ModFairPlay[]} rows
 */
function fairPlay(rows) {
  const head = ['game', 'variant', 'decisions', 'agreement', 'accuracy', 'rating'];
  return h('details', { attrs: { open: rows.length > 0 } }, [
    h('summary', t('mod.fairplay')),
    rows.length === 0
      ? h('p', t('mod.fairplay.none'))
      : h('table.small.mod-fairplay', [
          h('thead', [
            h(
              'tr',
              head.map((k) => h('th', t(`mod.fairplay.${k}`))),
            ),
          ]),
          h(
            'tbody',
            rows.map((f) =>
              h('tr', [
                h('td', [h('a', { attrs: { href: `/game/${enc(f.game)}` } }, f.game)]),
                h('td', f.variant),
                h('td', String(f.decisions)),
                h('td', pct(f.agreement)),
                h('td', pct(f.accuracy)),
                h('td', `${f.rating} ± ${f.deviation}`),
              ]),
            ),
          ),
        ]),
  ]);
}

/** @param {import('../net/modwire.js').ModRecord} rec */
function record(rec) {
  return h('div.small', [
    h(
      'p',
      t('mod.record', {
        wins: rec.wins,
        losses: rec.losses,
        draws: rec.draws,
        aborts: rec.aborts,
        timeouts: rec.timeouts,
      }),
    ),
    fairPlay(rec.fair_play || []),
    h('details', [
      h('summary', t('mod.games')),
      h(
        'ul',
        (rec.recent_games || []).map((g) =>
          h('li', [
            h(
              'a',
              { attrs: { href: `/game/${enc(g.id)}` } },
              `${g.players.south?.name ?? '?'} – ${g.players.north?.name ?? '?'}`,
            ),
            ` ${g.status}${g.result ? ` (${g.result.reason})` : ''}`,
          ]),
        ),
      ),
    ]),
  ]);
}

/** @param {ModCtrl} ctrl @param {import('../net/modwire.js').ModReport} r a report of the queue */
function report(ctrl, r) {
  return h('article.panel.mod-report', { key: r.id, attrs: { 'data-report': r.id } }, [
    h('h3', [
      h('a', { attrs: { href: `/@/${enc(r.player)}` } }, r.player),
      ' ',
      t('mod.reported', { reason: t(`report.reason.${r.reason}`) }),
      h('span.muted.small', ` · ${when(r.created_at)}`),
    ]),
    ...r.entries.map((e) =>
      h('div.mod-entry', [
        h('p', [h('b', t('mod.by', { name: e.reporter })), ' ', e.text]),
        e.game ? h('p.small', [h('a', { attrs: { href: `/game/${enc(e.game)}` } }, e.game)]) : null,
        e.chat?.length
          ? h(
              'ol.mod-chat.small',
              e.chat.map((l) =>
                h('li', { attrs: { value: l.n, class: l.reported ? 'reported' : '' } }, [
                  h('b', `${l.by}: `),
                  l.text,
                  l.shadow ? h('i.mod-shadow', ` (${t('mod.shadowLine')})`) : null,
                ]),
              ),
            )
          : null,
      ]),
    ),
    record(r.record),
    actions(ctrl, `report:${r.id}`, r.player, r.id),
  ]);
}
