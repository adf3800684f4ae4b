// The captions of a move's steps (web/app/js/board/steps.js) in each language: a capture says why, in the words
// of the catalog, from the rule and holes the server's step names; a capture without a reason (an older
// sender) says only what was taken. The catalogs are read from web/app/i18n as the page loads them.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { t, useLanguage } from '../app/js/i18n.js';
import { replay } from '../app/js/board/steps.js';
import * as wire from '../app/js/net/wire.js';

// The page fetches its catalog and sets the document's language; here both come from the files.
globalThis.document = /** @type {any} */ ({ documentElement: {} });
globalThis.fetch = /** @type {any} */ (
  async (url) => ({ ok: true, json: async () => JSON.parse(readFileSync(new URL(url), 'utf8')) })
);

const before = { holes: { c2: 0, d2: 2, d3: 3, d4: 2 }, stores: { south: null, north: null } };
const steps = ['lift d2 2', 'drop e2', 'drop f2', 'capture d3 3 c2 opposition f2 f3 f4'].map(wire.step);

for (const [lang, words] of [
  [
    'en',
    /3 captured from d3 → c2, because the last counter fell in f2, in the inner row, and both holes facing it, f3 and f4, held counters/,
  ],
  ['fr', /car la dernière graine est tombée en f2, dans la rangée intérieure, et les deux trous en face, f3 et f4/],
]) {
  test(`a capture's caption says why (${lang})`, async () => {
    await useLanguage(lang);
    const frames = replay(before, { steps });
    assert.match(frames.frame(steps.length).caption, words);
    assert.ok(!frames.frame(steps.length).caption.includes('why.'), 'every reason has words');
  });
}

test('a capture without a reason says only what was taken, and every rule has its words', async () => {
  await useLanguage('en');
  const old = ['lift d2 2', 'drop e2', 'drop f2', 'capture d3 3 c2'].map(wire.step);
  assert.match(replay(before, { steps: old }).frame(old.length).caption, /3 captured from d3 → c2$/);
  for (const rule of ['opposition', 'empty-inner', 'pair-walk', 'one-or-three', 'store-cross']) {
    assert.notEqual(t(`why.${rule}`), `why.${rule}`, rule);
  }
});

// A player counts laps, not counters dropped: each lap's caption says which lap of how many, what it
// lifts and where it sows to; a sowing of one lap says no lap number at all.
const relay = ['lift b3 2', 'drop c3', 'drop d3', 'lift d3 3', 'drop e3', 'drop f3', 'drop g3'].map(wire.step);
const holes3 = { holes: { b3: 2, c3: 0, d3: 2, e3: 0, f3: 0, g3: 0 }, stores: { south: null, north: null } };

for (const [lang, second, last, one] of [
  [
    'en',
    'lap 1 of 2: lifts 2 from b3, sows to d3',
    'lap 2 of 2: lifts 3 from d3, sows to g3',
    'lifts 2 from b3, sows to c3',
  ],
  [
    'fr',
    'semis 1 sur 2\u00a0: lève 2 en b3, sème jusqu’en d3',
    'semis 2 sur 2\u00a0: lève 3 en d3, sème jusqu’en g3',
    'lève 2 en b3, sème jusqu’en c3',
  ],
]) {
  test(`a lap's caption says which lap of how many, in a player's words (${lang})`, async () => {
    await useLanguage(lang);
    const frames = replay(holes3, { steps: relay });
    assert.equal(frames.laps, 2);
    assert.equal(frames.frame(3).caption, second);
    assert.equal(frames.frame(relay.length).caption, last);
    const single = replay(holes3, { steps: relay.slice(0, 2) });
    assert.equal(single.frame(2).caption, one);
    for (let k = 1; k <= relay.length; k++) assert.doesNotMatch(frames.frame(k).caption, /→|\d+\/\d+/);
  });
}
