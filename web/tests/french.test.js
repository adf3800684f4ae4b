// The page in French: a browser whose language is French (`locale: 'fr-FR'`) gets the home page, a game
// page and the errors in French, from the French catalog; the language picker switches to English and
// the choice is kept.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createGame,
  person,
  PHONE,
  playable,
  shot,
  statusOf,
  until,
  useServerAndBrowser,
  server,
  browser,
} from './harness.js';

useServerAndBrowser();

test('a French browser gets the home page, a game and the errors in French', { timeout: 120000 }, async () => {
  const p = await person(browser, server, { locale: 'fr-FR', name: 'amina' });
  await p.page.goto('/');
  await p.page.waitForSelector('#quick button');
  assert.equal(await p.page.getAttribute('html', 'lang'), 'fr');
  assert.equal(await p.page.textContent('.lobby h1'), 'Jouer');
  assert.equal(await p.page.textContent('.lobby legend'), 'Appariement rapide');
  assert.equal(await p.page.textContent('header nav a[href="/games"]'), 'Parties');
  assert.equal(await p.page.inputValue('#lang'), 'fr');
  await p.page.waitForSelector('.variant h3');
  assert.match(
    await p.page.textContent('.variants'),
    /Du Burundi\u00a0: chaque joueur choisit en secret/,
    'the summaries from the French book',
  );
  await shot(p.page, 'home-fr-desktop');

  // A game against the computer.
  await createGame(p.page, { variant: 'kubuguza', seat: 'south', opponent: 'bot:easy', name: 'amina' });
  await until(async () => (await playable(p.page)).length > 0, 'South to be asked');
  assert.equal(await statusOf(p.page), 'À vous de jouer.');
  assert.equal(await p.page.textContent('#game-kind'), 'Amicale · sans pendule');
  assert.match(await p.page.textContent('.bottom-player'), /Sud \(vous\)/);
  assert.equal(await p.page.getAttribute('[data-command="resign"]', 'data-command'), 'resign');
  assert.equal(await p.page.textContent('[data-command="resign"]'), 'Abandonner');
  await shot(p.page, 'game-fr-desktop');

  // Errors: a wrong password, a game that does not exist.
  await p.page.goto('/signin');
  await p.page.fill('#auth-name', 'personne');
  await p.page.fill('#auth-password', 'mauvais mot de passe');
  await p.page.click('#auth-form button[type=submit]');
  await until(async () => (await p.page.textContent('#auth-error')) !== '', 'the refusal');
  assert.equal(await p.page.textContent('#auth-error'), 'Nom ou mot de passe incorrect.');
  await p.page.goto('/game/abcdefghij');
  await p.page.waitForSelector('.game.gone');
  assert.equal(await p.page.textContent('main h1'), 'Partie introuvable');
  assert.equal(await p.page.textContent('#note'), 'Cette partie n’existe pas.');
  assert.deepEqual(
    p.errors.filter((e) => !/status of 40[14]|response code: 404/.test(e)),
    [],
  );
});

test('the language picker switches to English, and the choice is kept', { timeout: 60000 }, async () => {
  const p = await person(browser, server, { locale: 'fr-FR', device: PHONE });
  await p.page.goto('/');
  await p.page.waitForSelector('#quick button');
  assert.equal(await p.page.textContent('.lobby h1'), 'Jouer');
  await p.page.selectOption('#lang', 'en');
  await p.page.waitForSelector('html[lang="en"]');
  await p.page.waitForSelector('#quick button');
  assert.equal(await p.page.textContent('.lobby h1'), 'Play');
  await p.page.reload();
  await p.page.waitForSelector('#quick button');
  assert.equal(await p.page.textContent('.lobby h1'), 'Play', 'the choice outlives a reload');
  assert.deepEqual(p.errors, []);
});
