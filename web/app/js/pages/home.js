// @ts-check
// Home: the first screen (what the site is, where the games come from, the three ways in), the lobby
// (quick pairing per variant and clock, casual or rated; the live seek list; a seek form;
// the "waiting for an opponent" state with cancel), then the form that creates a game by invite link or
// against the computer (variant, options, clock, seat, opponent), the games waiting for an opponent
// (join in one click), live games to watch and recent finished games, and the six variants with their
// rules summary and source. The seek list and the lists of waiting and live games are live: the lobby
// socket carries them (lobby.js, lobbysocket.js); the recently finished games are fetched once, and
// again when a game leaves the live list.

import { api } from '../net/api.js';
import { go } from '../router.js';
import { keepSeat, mySeats, prefs } from '../prefs.js';
import { has, loadBook, t } from '../i18n.js';
import { CLOCKS, clockName, clockOf } from '../clocks.js';
import { clockText, errorText, el, learnStyle, sideName, variantName } from '../ui.js';
import { gameList } from '../gamelist.js';
import { lobbyPanels } from '../lobby.js';
import { me } from '../session.js';
import { dailyCard } from '../puzzle/card.js';

/** The catalog's books this page's words are in. */
export const books = ['home', 'lobby', 'lists'];

/**
 * A game's summary in the page's language (the book `summaries`), else the server's own.
 * @param {import('../types.js').VariantInfo} v
 */
const summary = (v) => (has(`summary.${v.id}`) ? t(`summary.${v.id}`) : v.summary);

/**
 * Where each game's rules come from (docs/rules.md#sources).
 * @type {Record<string, string>}
 */
const SOURCES = {
  ikibuguzo: 'Murray 1951: 217',
  'ikibuguzo-opening-1': 'Murray 1951: 217',
  'ikibuguzo-opening-2': 'Murray 1951: 217',
  kubuguza: 'Merriam 1953',
  njombwa: 'Sanderson 1913: 732–733',
  azigo: 'Murray 1951: 189',
};

/** @param {HTMLElement} main */
export function mount(main) {
  learnStyle();
  document.title = t('home.title');
  const error = el('p', { class: 'error', role: 'alert' });
  const lists = {
    mine: el('div'),
    waiting: el('div', { id: 'waiting-list' }),
    ongoing: el('div', { id: 'live-list' }),
    finished: el('div', { id: 'finished-list' }),
  };
  const mine = el('section', { class: 'panel', hidden: true }, el('h2', {}, t('home.yours')), lists.mine);
  const turn = yourTurnPanel();
  const variantsBox = el('div', { class: 'variants' }, el('p', { class: 'muted' }, t('common.loading')));
  const lobby = lobbyPanels({
    onGames: (games, left) => {
      lists.waiting.replaceChildren(gameList(games.waiting, { onJoin: join, empty: t('home.none_waiting') }));
      lists.ongoing.replaceChildren(gameList(games.live, { empty: t('home.none_live') }));
      if (left === 'live') refreshFinished();
    },
  });
  const form = createForm(error, lobby.name);
  main.append(
    hero(form),
    turn.panel,
    dailyCard(),
    mine,
    ...lobby.panels,
    el('section', { class: 'panel create', id: 'play-computer' }, el('h2', {}, t('home.create')), form, error),
    el('section', { class: 'panel' }, el('h2', {}, t('home.waiting')), lists.waiting),
    el('section', { class: 'panel' }, el('h2', {}, t('home.live')), lists.ongoing),
    el(
      'section',
      { class: 'panel' },
      el('h2', {}, t('home.finished')),
      lists.finished,
      el('p', {}, el('a', { href: '/games' }, t('home.all_games'))),
    ),
    el('section', { class: 'panel' }, el('h2', {}, t('home.the_games')), variantsBox),
  );

  Promise.all([api.variants(), loadBook('summaries').catch(() => {})])
    .then(([{ variants }]) => {
      form.fill(variants);
      lobby.fill(variants);
      variantsBox.replaceChildren(
        ...variants.map((v) =>
          el(
            'article',
            { class: 'variant' },
            el('h3', {}, variantName(v.id)),
            el('p', {}, summary(v)),
            el(
              'p',
              { class: 'muted small' },
              `${t('home.source', { source: SOURCES[v.id] || '—' })} · `,
              el('a', { href: `/rules/${v.id}` }, t('home.full_rules')),
            ),
          ),
        ),
      );
    })
    .catch((e) => {
      error.textContent = errorText(e);
    });

  /** @param {import('../types.js').Game} g */
  const join = async (g) => {
    try {
      const seat = await api.join(g.id, me() ? undefined : lobby.name.value || undefined);
      keepSeat(g.id, seat.token, seat.seat);
      go(`/game/${g.id}`);
    } catch (e) {
      error.textContent = errorText(e, 'join');
    }
  };
  // The recently finished games: fetched now, and again (at most once a second) when a game leaves the
  // live list, since it most likely ended.
  let finishedTimer = 0;
  const refreshFinished = () => {
    if (finishedTimer) return;
    finishedTimer = window.setTimeout(async () => {
      finishedTimer = 0;
      try {
        const f = await api.games({ status: 'finished', limit: 10 });
        lists.finished.replaceChildren(gameList(f.games, { empty: t('home.none_finished') }));
      } catch {
        // The list stays as it was; the next game that ends fetches it again.
      }
    }, 1000);
  };
  // The unfinished games this browser holds a seat in (the newest few), to resume.
  Promise.allSettled(
    mySeats()
      .slice(0, 8)
      .map((x) => api.game(x.gameId)),
  ).then((rs) => {
    const games = rs.flatMap((r) =>
      r.status === 'fulfilled' && r.value.game.status !== 'finished' ? [r.value.game] : [],
    );
    if (!games.length) return;
    lists.mine.replaceChildren(gameList(games));
    mine.hidden = false;
  });
  lists.waiting.replaceChildren(el('p', { class: 'muted' }, t('common.loading')));
  lists.ongoing.replaceChildren(el('p', { class: 'muted' }, t('common.loading')));
  api
    .games({ status: 'finished', limit: 10 })
    .then((f) => lists.finished.replaceChildren(gameList(f.games, { empty: t('home.none_finished') })))
    .catch(() => {});
  return () => {
    turn.stop();
    clearTimeout(finishedTimer);
    lobby.stop();
  };
}

/**
 * "Your turn" for a signed-in person: the games waiting for the account's decision (yourturn.js), and the
 * button that asks once for notifications.
 */
function yourTurnPanel() {
  const list = el('ul', { id: 'your-turn-list' });
  const panel = el(
    'section',
    { class: 'panel', id: 'your-turn', hidden: true },
    el('h2', {}, t('home.your_turn')),
    list,
  );
  if ('Notification' in window && Notification.permission === 'default') {
    const ask = el('button', { type: 'button', class: 'small ghost' }, t('home.notify'));
    ask.onclick = () => Notification.requestPermission().finally(() => ask.remove());
    panel.append(ask);
  }
  let stop = () => {};
  if (me()) {
    import('../yourturn.js').then((m) => {
      m.start();
      stop = m.onPlaying((p) => {
        panel.hidden = false;
        const mineNow = p.games.filter((g) => g.myTurn);
        list.replaceChildren(
          ...(mineNow.length
            ? mineNow.map((g) =>
                el(
                  'li',
                  {},
                  el('a', { href: `/game/${g.id}` }, `${variantName(g.variant)} · ${g.id}`),
                  g.timeLeftMs === null ? '' : ` · ${t('home.time_left', { time: clockText(g.timeLeftMs) })}`,
                ),
              )
            : [el('li', { class: 'muted' }, t('home.none_your_turn'))]),
        );
      });
    });
  }
  return { panel, stop: () => stop() };
}

/**
 * The first screen: what the site is and where the games come from, in two sentences, and the three ways
 * in (learn a game, play the computer, play a person).
 * @param {HTMLFormElement} form the form that creates a game (the computer is chosen in it)
 */
function hero(form) {
  const computer = () => {
    const opponent = /** @type {HTMLSelectElement | null} */ (form.querySelector('#opponent'));
    if (opponent) {
      opponent.value = 'bot:easy';
      opponent.dispatchEvent(new Event('change'));
    }
    document.getElementById('play-computer')?.scrollIntoView({ behavior: 'smooth' });
    opponent?.focus();
  };
  return el(
    'section',
    { class: 'panel hero' },
    el('h1', {}, t('home.hero.title')),
    el('p', { class: 'lead' }, t('home.hero.what'), ' ', t('home.hero.where')),
    el(
      'div',
      { class: 'ways' },
      el('a', { href: '/learn', class: 'button primary', id: 'way-learn' }, t('home.way.learn')),
      el(
        'a',
        {
          href: '#play-computer',
          class: 'button',
          id: 'way-computer',
          onclick: (/** @type {Event} */ e) => {
            e.preventDefault();
            computer();
          },
        },
        t('home.way.computer'),
      ),
      el(
        'a',
        {
          href: '#play-person',
          class: 'button',
          id: 'way-person',
          onclick: (/** @type {Event} */ e) => {
            e.preventDefault();
            document.getElementById('play-person')?.scrollIntoView({ behavior: 'smooth' });
          },
        },
        t('home.way.person'),
      ),
    ),
  );
}

/**
 * A computer level as the form offers it: its number, its old name for levels 1 to 4, its arena Elo.
 * @param {import('../types.js').ComputerLevel} c
 */
function levelName(c) {
  const name = t(`form.opponent.level.${c.level}`);
  return c.elo === null ? name : t('form.opponent.rated', { name, elo: c.elo });
}

/**
 * @param {HTMLElement} error
 * @param {HTMLInputElement} name the guest's name (in the lobby panel above)
 */
function createForm(error, name) {
  const variant = el('select', { name: 'variant', id: 'variant' });
  const width = el(
    'select',
    { name: 'width', id: 'width' },
    [8, 9, 10].map((n) => el('option', { value: n }, `4x${n}`)),
  );
  const hs = el('input', { type: 'checkbox', name: 'handicap-south', id: 'handicap-south' });
  const hn = el('input', { type: 'checkbox', name: 'handicap-north', id: 'handicap-north' });
  const turnLimit = el('input', {
    type: 'number',
    name: 'turn-limit',
    id: 'turn-limit',
    min: 0,
    max: 100000,
    placeholder: t('form.default'),
  });
  // Explained once, under quick pairing: a paragraph here too left a blank band in the form's grid.
  const clock = el(
    'select',
    { name: 'clock', id: 'clock', 'aria-describedby': 'clock-explain' },
    CLOCKS.map((v) => el('option', { value: v }, clockName(v))),
  );
  const seat = el(
    'select',
    { name: 'seat', id: 'seat' },
    ['random', 'south', 'north'].map((v) => el('option', { value: v }, t(`form.seat.${v}`))),
  );
  const opponent = el(
    'select',
    { name: 'opponent', id: 'opponent' },
    el('option', { value: '' }, t('form.opponent.person')),
  );
  /** @type {import('../types.js').VariantInfo[]} */
  let known = [];
  // The computer's levels of the chosen game, each with its strength; the chosen level stays chosen.
  const levels = () => {
    const chosen = opponent.value;
    const computer = known.find((v) => v.id === variant.value)?.computer ?? [];
    opponent.replaceChildren(
      el('option', { value: '' }, t('form.opponent.person')),
      ...computer.map((c) => el('option', { value: c.opponent }, levelName(c))),
    );
    opponent.value = computer.some((c) => c.opponent === chosen) ? chosen : '';
  };
  // Previews are the creator's choice against a person; against the computer they are always on.
  const previews = el('input', { type: 'checkbox', name: 'previews', id: 'previews' });
  const previewsRow = el('label', { class: 'opt' }, previews, ` ${t('form.previews')}`);
  const widthRow = el('label', { class: 'opt' }, `${t('form.board')} `, width);
  const handicapRow = el(
    'fieldset',
    { class: 'opt' },
    el('legend', {}, t('form.handicap')),
    el('label', {}, hs, ` ${sideName('south')}`),
    el('label', {}, hn, ` ${sideName('north')}`),
  );
  const submit = el('button', { type: 'submit', class: 'primary' }, t('form.create'));
  const form = el(
    'form',
    { class: 'grid', id: 'create' },
    el('label', {}, `${t('form.game')} `, variant),
    widthRow,
    handicapRow,
    el('label', {}, `${t('form.clock')} `, clock),
    el('label', {}, `${t('form.seat')} `, seat),
    el('label', {}, `${t('form.opponent')} `, opponent),
    previewsRow,
    el(
      'details',
      { class: 'opt-more' },
      el('summary', {}, t('form.more')),
      el('label', {}, `${t('form.turn_limit')} `, turnLimit),
    ),
    submit,
  );
  const sync = () => {
    widthRow.hidden = variant.value !== 'njombwa';
    handicapRow.hidden = variant.value !== 'azigo';
    previewsRow.hidden = opponent.value !== '';
  };
  variant.addEventListener('change', () => {
    levels();
    sync();
  });
  opponent.addEventListener('change', sync);
  /** @param {import('../types.js').VariantInfo[]} variants */
  form.fill = (variants) => {
    variant.replaceChildren(...variants.map((v) => el('option', { value: v.id }, variantName(v.id))));
    variant.value = variants.some((v) => v.id === 'kubuguza') ? 'kubuguza' : variants[0]?.id;
    known = variants;
    levels();
    sync();
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    if (!me() && name.value && !name.checkValidity()) {
      error.textContent = t('form.name_rule');
      return;
    }
    if (!me()) prefs.name = name.value;
    submit.disabled = true;
    try {
      const granted = await api.create({
        variant: variant.value,
        width: variant.value === 'njombwa' ? Number(width.value) : null,
        handicap: variant.value === 'azigo' ? { south: hs.checked, north: hn.checked } : null,
        turnLimit: turnLimit.value,
        seat: seat.value,
        name: me() ? undefined : name.value || undefined,
        clock: clockOf(clock.value),
        opponent: opponent.value || undefined,
        previews: !opponent.value && previews.checked,
      });
      keepSeat(granted.game.id, granted.token, granted.seat);
      go(`/game/${granted.game.id}`);
    } catch (err) {
      error.textContent = errorText(err, 'create');
    } finally {
      submit.disabled = false;
    }
  });
  sync();
  return form;
}
