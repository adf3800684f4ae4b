// The rules as taught, against the specification: what each lesson says, in English and in French, and
// what the engine does in the very step that says it. The sixteen-or-more sowing in a lesson of each
// four-row game; Kubuguza's captured counters sown clockwise again; Ikibuguzo's mixed arrays, a game
// decided in the middle of a turn, the endless turn drawn, North's reverse holes, the switch's "two
// counters or more", and no game offered before the arrays and the reverse holes are taught; the secret
// choice called this site's own in the introduction and the home page's summary; and Azigo's store called
// "grenier" in the French lessons and rules page, the word its board and buttons use.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, person, useServerAndBrowser, server, browser } from './harness.js';

useServerAndBrowser();

/** A lesson's steps as the API serves them, by their last id part. */
async function lesson(path, lang) {
  const l = await api(server, `/api/lessons/${path}?lang=${lang}`);
  return Object.fromEntries(l.steps.map((s) => [s.id.split('/').pop(), s]));
}

/** The engine's verdict on `decisions` played in step `id`. */
function check(id, decisions) {
  return api(server, `/api/lessons/${id}/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decisions }),
  });
}

const words = (events) => events.map((e) => String(e));
const lifts = (events) => words(events).filter((e) => e.startsWith('lift '));

test('a lesson of each four-row game teaches the sowing of sixteen or more, as the engine sows it', async () => {
  for (const [lang, said] of [
    ['en', /sixteen counters or more|more than your sixteen holes/],
    ['fr', /seize graines ou plus|plus que vos seize trous/],
  ]) {
    const kub = await lesson('kubuguza/relay', lang);
    const njo = await lesson('njombwa/sowing', lang);
    const iki = await lesson('ikibuguzo/basics', lang);
    assert.match(kub.sixteen.text, said, `${lang}: Kubuguza`);
    assert.match(njo.round.text, said, `${lang}: Njombwa`);
    assert.match(iki.seventeen.text, said, `${lang}: Ikibuguzo`);
  }
  // Sixteen counters: the sixteenth falls back into the emptied hole, which ends the turn there.
  for (const [id, hole] of [
    ['kubuguza/relay/sixteen', 'b1'],
    ['njombwa/sowing/round', 'c1'],
  ]) {
    const v = await check(id, [hole]);
    assert.equal(v.status, 'met', id);
    const w = words(v.events);
    assert.equal(w[0], `lift ${hole} 16 acw`, id);
    const drops = w.filter((e) => e.startsWith('drop '));
    assert.equal(drops.length, 16, id);
    assert.equal(drops.at(-1), `drop ${hole}`, `${id}: the sixteenth counter back in ${hole}`);
  }
  // Ikibuguzo's seventeen in h1 after array 1: the sixteenth into h1 itself, the seventeenth into h2,
  // which relays.
  const { seventeen } = await lesson('ikibuguzo/basics', 'en');
  const w = words(seventeen.demo.events);
  assert.equal(w[0], 'lift h1 17 acw');
  assert.deepEqual(w.slice(16, 18), ['drop h1', 'drop h2']);
  assert.match(w[18], /^lift h2 /, 'the sowing relays on from h2');
});

test('Kubuguza: captured counters lying in a clockwise hole go clockwise again, if that captures', async () => {
  const en = await lesson('kubuguza/clockwise', 'en');
  const fr = await lesson('kubuguza/clockwise', 'fr');
  assert.match(en['captured-clockwise'].text, /Captured counters lying in a clockwise hole may go clockwise too/);
  assert.match(fr['captured-clockwise'].text, /Des graines prises qui se trouvent dans un trou à contresens/);
  assert.match(en.holes.text, /North's are a4, h4, b3 and g3/);
  assert.match(fr.holes.text, /Ceux de Nord sont a4, h4, b3 et g3/);
  const v = await check('kubuguza/clockwise/captured-clockwise', ['a1:cw', 'a1:cw']);
  assert.equal(v.status, 'met');
  const w = words(v.events);
  assert.deepEqual(lifts(v.events).slice(0, 2), ['lift a1 3 cw', 'lift a1 4 cw'], 'the captured four sown clockwise');
  assert.ok(w.some((e) => e.startsWith('capture d3 ')) && w.some((e) => e.startsWith('capture d4 ')));
  // The rules page says it too.
  for (const [locale, said] of [
    [undefined, /Captured counters lying in one of these holes may be sown clockwise too, when that captures/],
    ['fr-FR', /Des graines prises qui se trouvent dans l'un de ces trous peuvent aussi être semées à contresens/],
  ]) {
    const q = await person(browser, server, { locale });
    await q.page.goto('/rules/kubuguza');
    await q.page.waitForSelector('#rule-clockwise');
    assert.match(await q.page.textContent('#rule-clockwise'), said);
    assert.deepEqual(q.errors, []);
    await q.context.close();
  }
});

test("Ikibuguzo's lessons: mixed arrays, a game decided mid-turn, the endless turn, the reverse holes", async () => {
  const [arrays, reverse, winning] = await Promise.all(
    ['arrays', 'reverse', 'winning'].map((l) => lesson(`ikibuguzo/${l}`, 'en')),
  );
  const [arraysFr, reverseFr, winningFr] = await Promise.all(
    ['arrays', 'reverse', 'winning'].map((l) => lesson(`ikibuguzo/${l}`, 'fr')),
  );

  // Mixed arrays, this site's own way: North's b4 opening turn ends in the occupied b3 and captures as in
  // the main phase (Murray), sown on from b4; South's three opening turns are over while North has five
  // left, so South plays an ordinary turn (d2) while North finishes his opening (d4).
  assert.match(arrays.mixed.text, /This too is this site's way of playing/);
  assert.match(arrays.mixed.text, /North's second opening turn, b4, captures South's b2 and b1/);
  assert.match(arraysFr.mixed.text, /la façon de jouer de ce site/);
  const mixed = words(arrays.mixed.demo.events);
  assert.ok(mixed.includes('revealed 1 2'), 'South array 1, North array 2');
  assert.deepEqual(
    lifts(arrays.mixed.demo.events)
      .slice(0, 9)
      .map((e) => e.split(' ')[1]),
    ['c2', 'a4', 'e2', 'b4', 'b4', 'g2', 'c4', 'd2', 'd4'],
    "North's captured counters sown on from b4, the hole his turn lifted",
  );
  assert.ok(mixed.some((e) => e.startsWith('capture b2 ')) && mixed.some((e) => e.startsWith('capture b1 ')));

  // Decided mid-turn: the game ends at the capture; the captured counters are not sown on.
  assert.match(winning['at-once'].text, /A game decided in the middle of a turn ends at once/);
  assert.match(winningFr['at-once'].text, /Une partie décidée au milieu d'un tour s'arrête aussitôt/);
  const atOnce = words(winning['at-once'].demo.events);
  const captured = atOnce.findLastIndex((e) => e.startsWith('capture '));
  assert.ok(captured > 0);
  assert.equal(lifts(winning['at-once'].demo.events).length, 1, 'no lap after the capture');
  assert.match(atOnce.at(-1), /^game_end south /);

  // The endless turn: drawn, after the laps the text counts.
  assert.match(winning.endless.text, /ends the game at once as a draw/);
  assert.match(winningFr.endless.text, /termine aussitôt la partie par une nulle/);
  const endless = winning.endless.demo.events;
  const laps = Number(/after (\d+) laps/.exec(winning.endless.text)[1]);
  assert.ok(!words(endless).some((e) => e.startsWith('skipped ')));
  assert.equal(lifts(endless).length, laps, 'the laps the text counts');
  assert.match(words(endless).at(-1), /^game_end draw endless-sowing/);

  // North's reverse holes named; after the switch, any hole of two counters or more.
  assert.match(reverse.holes.text, /North's are h4 and g3/);
  assert.match(reverseFr.holes.text, /Ceux de Nord sont h4 et g3/);
  assert.match(reverse.switch.text, /any of your holes holding two counters or more/);
  assert.match(reverseFr.switch.text, /n'importe lequel de vos trous qui contient deux graines ou plus/);

  // No game before the arrays and the reverse holes are taught; then a game where each chooses his array.
  const basics = await lesson('ikibuguzo/basics', 'en');
  for (const s of [...Object.values(basics), ...Object.values(arrays)]) assert.equal(s.invite, null, s.id);
  const last = Object.values(reverse).at(-1);
  assert.equal(last.invite?.variant, 'ikibuguzo');
});

test("Ikibuguzo's introduction and home summary: Murray's same array, the secret choice this site's own", async () => {
  const p = await person(browser, server, { locale: 'fr-FR' });
  await p.page.goto('/learn');
  await p.page.waitForSelector('#course-ikibuguzo p');
  const text = await p.page.textContent('#course-ikibuguzo');
  assert.match(text, /les deux joueurs disposent leurs graines selon la même disposition d'ouverture/);
  assert.match(text, /c'est notre façon de jouer, pas celle de Murray/);
  assert.doesNotMatch(text, /trois choses/);
  // The home page's summary of the game with the secret choice says whose way it is, in both languages.
  await p.page.goto('/');
  await p.page.waitForSelector('.variant h3');
  assert.match(await p.page.textContent('.variants'), /c’est la façon de jouer de ce site/);
  const en = await person(browser, server);
  await en.page.goto('/');
  await en.page.waitForSelector('.variant h3');
  assert.match(await en.page.textContent('.variants'), /this site's way of playing: Murray has both players adopt/);
  assert.deepEqual(p.errors, []);
  assert.deepEqual(en.errors, []);
  await p.context.close();
  await en.context.close();
});

test('Azigo in French: the lessons and the rules page call the store what the board and its buttons do', async () => {
  for (const l of ['sowing', 'capture', 'store', 'ending']) {
    for (const s of Object.values(await lesson(`azigo/${l}`, 'fr'))) {
      assert.doesNotMatch(s.text, /réserve/, `${s.id}: the board says "grenier"`);
    }
  }
  const store = await lesson('azigo/store', 'fr');
  assert.match(store.enter.text, /semer tout votre grenier/);
  const p = await person(browser, server, { locale: 'fr-FR' });
  await p.page.goto('/learn/azigo/store');
  await p.page.waitForSelector('svg.board .hole');
  await p.page.click('#next');
  await p.page.waitForSelector('.choices button');
  assert.match(await p.page.textContent('.choices'), /Semer le grenier/);
  assert.match(await p.page.textContent('.step-text'), /grenier/);
  await p.page.goto('/rules/azigo');
  await p.page.waitForSelector('#notes ol li');
  const rules = await p.page.textContent('.rules-page');
  assert.doesNotMatch(rules, /réserve/);
  assert.match(rules, /Le grenier caché/);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
