// Every page of the client's router on the smallest phones still sold (320x640) and on a common one
// (390x844), both touch screens: nothing wider than the screen, and every touch target at least 44x44 CSS
// px (docs/web.md, "Small screens"). Screenshots of each page land in web/tests/screenshots/small-*.png,
// taken screen by screen (stitch.js: a full-page capture would drop the touch screen's styles); a few are
// kept in docs/web/.
//
// Sideways: the page is no wider than the screen (its `scrollWidth`, and no zooming out: a phone's
// browser zooms out to show a wider page) and no element reaches past the screen's edges or its panel's,
// except inside a box that clips or scrolls it; such a box may scroll sideways only when it holds a table
// (columns of figures cannot be reflowed without losing their columns), is the header's line of links (on
// a phone, one line that scrolls as a tab bar does) or a text field, and may clip only a line it ends with
// an ellipsis (a long name).
//
// Targets: buttons, selects, inputs, summaries, elements with a button's role, links, and the board's
// playable holes and store, each measured by its hit area: its border box (padding counted), a board
// hole's transparent hit rectangle, a checkbox's or radio's label. A link or a link-styled button inside a
// line of other words is exempt (WCAG 2.5.5's inline exception: its height is the line's), and so is a
// board's hole where the screen cannot hold 44 px ones, if it is as large as the screen allows (below).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import {
  PHONE,
  ROOT,
  SHOTS,
  api,
  createGame,
  person,
  signUp,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';
import { screenByScreen } from './stitch.js';

useServerAndBrowser();

const SMALL = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DEVICES = [
  [SMALL, '320'],
  [PHONE, '390'],
];

/** The pages whose screenshots docs/web.md shows (their first 1400 CSS px), by the name they have there. */
const DOCS = {
  home: 'home',
  lesson: 'lesson',
  'rules-azigo': 'rules',
  'game-kubuguza': 'game',
  'game-azigo': 'azigo',
  puzzle: 'puzzle',
  tournament: 'tournament',
};

/** The smallest side of a touch target, CSS px (Apple's 44 pt, WCAG 2.5.5). */
const TARGET = 44;

/**
 * What the page shows now that breaks the small-screen rules, measured in the page: `wide` (elements past
 * the screen's edges, boxes that scroll or clip sideways without leave) and `small` (touch targets under
 * `min` px), each as `selector WxH`; `scrollWidth` and `innerWidth` of the page.
 * @param {import('playwright-core').Page} page
 * @param {number} width the screen's, CSS px
 */
function audit(page, width) {
  return page.evaluate(
    ([min, W]) => {
      /** A short selector for a person reading the failure: tag#id.classes[data-*] "text". */
      const name = (/** @type {Element} */ e) => {
        let s = e.tagName.toLowerCase();
        if (e.id) s += `#${e.id}`;
        const cls = e.getAttribute('class');
        if (cls) s += `.${cls.trim().split(/\s+/).join('.')}`;
        for (const a of ['data-hole', 'data-command', 'data-decision', 'href', 'type', 'name'])
          if (e.hasAttribute(a)) s += `[${a}="${e.getAttribute(a)}"]`;
        const words = (e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
        if (words) s += ` "${words}"`;
        let up = e.parentElement;
        const path = [];
        while (up && up !== document.body && path.length < 2) {
          path.unshift(up.id ? `#${up.id}` : up.tagName.toLowerCase() + (up.classList[0] ? `.${up.classList[0]}` : ''));
          up = up.parentElement;
        }
        return `${path.join(' > ')}${path.length ? ' > ' : ''}${s}`;
      };
      const size = (/** @type {DOMRect} */ r) => `${r.width.toFixed(1)}x${r.height.toFixed(1)}`;
      const shown = (/** @type {Element} */ e) => {
        const cs = getComputedStyle(e);
        if (cs.visibility !== 'visible' || cs.display === 'none') return false;
        const r = e.getBoundingClientRect();
        return r.width > 1 && r.height > 1;
      };
      /**
       * The boxes between `e` and `top` (the page's body by default) whose overflow is not visible: what
       * reaches past them is clipped or scrolled.
       */
      const boxes = (/** @type {Element} */ e, /** @type {Element} */ top = document.body) => {
        const out = [];
        for (let up = e.parentElement; up && up !== top; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') out.push(up);
        return out;
      };
      const wide = [];
      for (const e of document.body.querySelectorAll('*')) {
        if (!shown(e)) continue;
        const r = e.getBoundingClientRect();
        if ((r.right > W + 0.5 || r.left < -0.5) && !boxes(e).length && getComputedStyle(e).position !== 'fixed')
          wide.push(`${name(e)} ${r.left.toFixed(1)}..${r.right.toFixed(1)}`);
        // Nor past the edges of the panel it is drawn in (a box with a border).
        const panel = e.parentElement?.closest('.panel, .side-col');
        if (panel && !boxes(e, panel).length) {
          const p = panel.getBoundingClientRect();
          if (r.right > p.right + 0.5 || r.left < p.left - 0.5)
            wide.push(`${name(e)} ${r.left.toFixed(1)}..${r.right.toFixed(1)} past its panel's ${p.left}..${p.right}`);
        }
        // A box that clips or scrolls sideways: allowed for a table, or a line ended with an ellipsis.
        const cs = getComputedStyle(e);
        if (cs.overflowX === 'visible' || e instanceof SVGElement || r.width <= 1) continue;
        if (e.scrollWidth <= e.clientWidth + 1) continue;
        if (e.matches('.sr-only, input, select, textarea')) continue; // a field scrolls its own text
        if (e.querySelector('table') || e.matches('table')) continue;
        if (e.matches('header.top nav')) continue; // the site's links, one line that scrolls on a phone
        if (cs.textOverflow === 'ellipsis') continue;
        wide.push(`${name(e)} scrolls or clips sideways (${e.scrollWidth} in ${e.clientWidth})`);
      }

      /** Words of the line `e` sits in, other than those of targets: a link inside a sentence. */
      const inSentence = (/** @type {Element} */ e) => {
        if (!getComputedStyle(e).display.startsWith('inline') || getComputedStyle(e).display === 'inline-block')
          return false;
        let block = e.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        if (!block) return false;
        const copy = /** @type {Element} */ (block.cloneNode(true));
        for (const t of copy.querySelectorAll('a, button')) t.remove();
        return /[\p{L}\p{N}]{2,}/u.test(copy.textContent || '');
      };
      const small = [];
      const fitted = []; // the holes under 44 px that take what the screen allows
      const targets = document.querySelectorAll(
        'button, select, input:not([type=hidden]), textarea, summary, a[href], [role=button], [role=tab], [role=link]',
      );
      for (const e of targets) {
        if (e.closest('svg')) continue; // the board's holes are measured below
        if (!shown(e) || e.matches('.sr-only') || getComputedStyle(e).pointerEvents === 'none') continue;
        if ((e.matches('a') || e.matches('button.link')) && inSentence(e)) continue;
        let r = e.getBoundingClientRect();
        if (e.matches('input[type=checkbox], input[type=radio]')) {
          const label = e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`));
          if (label) r = label.getBoundingClientRect();
        }
        if (r.width + 0.01 < min || r.height + 0.01 < min) small.push(`${name(e)} ${size(r)}`);
      }
      // A board is shown whole on one screen: where 44 px holes cannot fit, each hole takes what the screen
      // allows, never under 24 px (WCAG 2.5.8's smallest target). A four-row board's holes share the
      // screen's width (less 48 px: the page's edges and the row numbers); Azigo's turned board's rows share
      // its height less the two players' lines (112 px: board2.js's `fitted`), 44 px wide or more.
      for (const e of document.querySelectorAll('svg.board :is(.hole, .store).playable')) {
        const hit = e.querySelector('.hit') || e;
        const r = hit.getBoundingClientRect();
        if (r.width + 0.01 >= min && r.height + 0.01 >= min) continue;
        const svg = /** @type {SVGSVGElement} */ (e.closest('svg'));
        const holes = svg.querySelectorAll('.hole').length;
        let allowed = false;
        if (svg.classList.contains('square')) {
          const columns = holes / 4;
          allowed = Math.min(r.width, r.height) >= 24 && columns * r.width + 48 >= W;
        } else if (svg.classList.contains('columns')) {
          const rows = holes / 2 + 2;
          const room = Math.floor((document.documentElement.clientHeight - 112) / rows);
          allowed = r.width >= min && r.height + 0.01 >= Math.max(24, Math.min(min, room));
        }
        if (allowed) fitted.push(size(r));
        else small.push(`${name(e)} ${size(r)}`);
      }
      // A phone's browser zooms out to show a page wider than the screen: the window is then wider than
      // the screen (`innerWidth`), and the page no wider than that window.
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide, small, fitted };
    },
    [TARGET, width],
  );
}

/**
 * Checks the page shown, saves its screenshot as `small-{what}-{label}`, and returns its failures (one
 * line each, empty when it passes).
 * @param {import('playwright-core').Page} page
 * @param {string} what
 * @param {string} label
 */
async function check(page, what, label) {
  // What a closed disclosure holds is on the page too (a form's more options, a seek's form).
  await page.evaluate(async () => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    await document.fonts.ready;
  });
  const width = /** @type {{width: number}} */ (page.viewportSize()).width;
  const a = await audit(page, width);
  // The docs' picture is the top of the same capture.
  const docs = DOCS[what] ? [[join(ROOT, 'docs', 'web', `small-${DOCS[what]}-${label}.png`), 1400]] : [];
  await screenByScreen(page, join(SHOTS, `small-${what}-${label}.png`), undefined, docs);
  if (a.fitted.length)
    console.log(`${what} at ${label}: ${a.fitted.length} playable holes under ${TARGET} px: ${[...new Set(a.fitted)]}`);
  const out = [];
  if (a.scrollWidth > width || a.innerWidth > width)
    out.push(`the page is wider than the screen: ${a.scrollWidth} px, zoomed out to ${a.innerWidth}, in ${width}`);
  for (const w of a.wide) out.push(`wide: ${w}`);
  for (const s of a.small) out.push(`small target: ${s}`);
  return out.map((l) => `${what} at ${label}: ${l}`);
}

/** Every failure of one device's pages, printed together so that one run shows them all. */
function verdict(failures, label) {
  if (failures.length) console.log(`${failures.length} failures at ${label} px:\n${failures.join('\n')}`);
  assert.deepEqual(failures, [], `every page fits ${label} px with targets of ${TARGET} px`);
}

for (const [device, label] of DEVICES) {
  test(`the reading pages at ${label} px`, { timeout: 240000 }, async () => {
    const guest = await person(browser, server, { device });
    const failures = [];
    const { variants } = await api(server, '/api/variants');
    const lessons = await api(server, '/api/lessons?lang=en');
    const firstLesson = (game) => {
      const course = lessons.courses.find((c) => c.game === game);
      return `/learn/${course.lessons[0].id}`;
    };
    const pages = [
      ['home', '/', '#quick button'],
      ['learn', '/learn', '#course-kubuguza .lessons a'],
      ['lesson', firstLesson('kubuguza'), 'svg.board .hole'],
      ['lesson-azigo', firstLesson('azigo'), 'svg.board .hole'],
      ...variants.map((v) => [`rules-${v.id}`, `/rules/${v.id}`, '.rules-page section h2']),
      ['signin', '/signin', '#auth-form'],
      ['signup', '/signup', '#auth-form'],
    ];
    for (const [what, path, ready] of pages) {
      await guest.page.goto(path);
      await guest.page.waitForSelector(ready);
      failures.push(...(await check(guest.page, what, label)));
    }
    assert.deepEqual(guest.errors, []);
    await guest.context.close();
    verdict(failures, label);
  });

  test(`the puzzles, lists and account pages at ${label} px`, { timeout: 240000 }, async () => {
    const me = await person(browser, server, { device });
    const name = `Nkechi${label}`;
    await signUp(me.page, name);
    const failures = [];
    const puzzles = (await (await fetch(`${server.base}/api/puzzles/export`)).text())
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    const azigo = puzzles.find((p) => p.variant === 'azigo') || puzzles[0];
    // An arena starting now, with this player in its standings.
    const origin = { origin: server.base };
    const made = await me.page.request.post('/api/tournaments', {
      headers: origin,
      data: {
        name: 'Small screens arena',
        kind: 'arena',
        minutes: 60,
        variants: ['kubuguza', 'azigo'],
        clock: { base_secs: 180, increment_secs: 2 },
        rated: true,
      },
    });
    assert.equal(made.status(), 201, await made.text());
    const tour = await made.json();
    assert.ok(
      (await me.page.request.post(`/api/tournaments/${tour.id}/join`, { headers: origin, data: {} })).ok(),
      'joined',
    );
    const pages = [
      ['puzzles', '/puzzles', '#puzzle-status[data-phase="play"]'],
      ['puzzle', `/puzzles/${azigo.id}`, '#puzzle-status[data-phase="play"]'],
      ['games', '/games', 'ul.games, main p.muted'],
      ['player', `/@/${name}`, '#profile'],
      ['leaderboard', '/leaderboard', '#leaderboard p, #leaderboard table'],
      ['tournaments', '/tournaments', '#tour-running li'],
      ['tournament', `/tournament/${tour.id}`, '#standings tbody tr'],
      ['account', '/account', '#pw-form'],
      ['analysis', '/analysis', 'svg.board .hole'],
    ];
    for (const [what, path, ready] of pages) {
      await me.page.goto(path);
      await me.page.waitForSelector(ready);
      failures.push(...(await check(me.page, what, label)));
    }
    assert.deepEqual(me.errors, []);
    await me.context.close();
    verdict(failures, label);
  });

  test(`a game of each board shape at ${label} px`, { timeout: 240000 }, async () => {
    const failures = [];
    const games = [
      ['game-kubuguza', { variant: 'kubuguza' }],
      ['game-njombwa10', { variant: 'njombwa', width: 10 }],
      ['game-azigo', { variant: 'azigo' }],
    ];
    const me = await person(browser, server, { device, name: 'amina' });
    for (const [what, form] of games) {
      const id = await createGame(me.page, { ...form, seat: 'south', opponent: 'bot:easy', name: 'amina' });
      const asked = async () => (await me.page.$$('svg.board .hole.playable')).length > 0;
      await until(asked, `${what}: South to be asked`);
      failures.push(...(await check(me.page, what, label)));
      if (what !== 'game-kubuguza') continue;
      // The same game after a move and the computer's reply, then over: the move list, the result, the
      // replay's controls, the offers that follow a game.
      await me.page.click('svg.board .hole.playable');
      await until(async () => (await api(server, `/api/games/${id}`)).record.length >= 2, 'the reply');
      await until(asked, 'South to be asked again');
      await me.page.click('[data-command="resign"]');
      await me.page.click('[data-confirm="resign"]');
      await me.page.waitForSelector('#status[data-winner]');
      failures.push(...(await check(me.page, 'game-over', label)));
    }
    // Ikibuguzo's secret choice of an array, before the first move: two people, the choice asked of both.
    const id = await createGame(me.page, { variant: 'ikibuguzo', seat: 'south', name: 'amina' });
    const them = await person(browser, server, { device, name: 'kwame' });
    await them.page.goto(`/game/${id}`);
    await them.page.click('#join');
    await me.page.waitForSelector('#choices [data-decision="opening:1"]');
    failures.push(...(await check(me.page, 'game-ikibuguzo-choice', label)));
    assert.deepEqual(me.errors, []);
    await me.context.close();
    await them.context.close();
    verdict(failures, label);
  });
}
