// (no browser) The catalogs: every id of the English catalog (and of each English book beside it) is
// in the French one, no placeholder is lost, plurals have the forms each language needs, and every id
// the code or the page names literally is in the English catalog.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const I18N = new URL('../app/i18n/', import.meta.url).pathname;
const APP = new URL('../app/', import.meta.url).pathname;
const read = (path) => JSON.parse(readFileSync(join(I18N, path), 'utf8'));
const langs = readdirSync(I18N)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const books = readdirSync(join(I18N, 'en')).map((f) => f.slice(0, -5));

/** The placeholders of an entry (every form of a plural), e.g. {count}. */
const holes = (v) =>
  new Set((typeof v === 'string' ? [v] : Object.values(v)).flatMap((s) => s.match(/\{\w+\}/g) || []));

/** Compares a catalog (or a book) of `lang` with English's. */
function compare(lang, en, other, what) {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  for (const [id, v] of Object.entries(en)) {
    assert.ok(id in other, `${what}: ${lang} lacks ${id}`);
    const w = other[id];
    assert.equal(typeof w, typeof v, `${what}: ${id} is a plural in one language only`);
    for (const p of holes(v)) {
      for (const form of typeof w === 'string' ? [w] : Object.values(w)) {
        assert.ok(
          form.includes(p) || (p === '{count}' && typeof w !== 'string'),
          `${what}: ${lang} ${id} lost ${p}: ${form}`,
        );
      }
    }
    for (const p of holes(w))
      assert.ok(holes(v).has(p), `${what}: ${lang} ${id} names ${p}, which English does not give`);
    if (typeof w === 'object') {
      for (const c of categories) assert.ok(c in w, `${what}: ${lang} ${id} lacks the plural form ${c}`);
      assert.ok(holes(w).has('{count}') || Object.values(w).every((s) => s.includes('{count}')), `${what}: ${id}`);
    }
  }
  for (const id of Object.keys(other)) assert.ok(id in en, `${what}: ${lang} has ${id}, which English does not`);
}

test('every language has every id of English, with its placeholders and plural forms', () => {
  const en = read('en.json');
  assert.ok(langs.includes('fr'), 'French is shipped');
  for (const lang of langs.filter((l) => l !== 'en')) {
    compare(lang, en, read(`${lang}.json`), 'catalog');
    for (const book of books) {
      assert.ok(existsSync(join(I18N, lang, `${book}.json`)), `${lang} has the book ${book}`);
      compare(lang, read(`en/${book}.json`), read(`${lang}/${book}.json`), `book ${book}`);
    }
  }
  for (const v of Object.values(en)) {
    if (typeof v === 'object') assert.deepEqual(Object.keys(v).sort(), ['one', 'other'], 'English plurals: one, other');
  }
});

test('every id the code names literally is in the English catalog or one of its books', () => {
  const en = Object.assign(read('en.json'), ...books.map((b) => read(`en/${b}.json`)));
  const files = [];
  const walk = (dir) => {
    for (const f of readdirSync(dir, { withFileTypes: true })) {
      if (f.isDirectory() && f.name !== 'vendor') walk(join(dir, f.name));
      else if (f.name.endsWith('.js')) files.push(join(dir, f.name));
    }
  };
  walk(join(APP, 'js'));
  const prefixes = new Set(Object.keys(en).map((k) => k.split('.')[0]));
  const named = new Set();
  for (const file of files) {
    // (a snabbdom selector such as h('form.join') is not an id)
    for (const m of readFileSync(file, 'utf8').matchAll(/(?<!\bh\(\s*)'([a-z_]+(?:\.[a-z0-9_:-]+)+)'/g)) {
      if (prefixes.has(m[1].split('.')[0]) && !/\.(js|json|css)$/.test(m[1])) named.add(m[1]);
    }
  }
  for (const m of readFileSync(join(APP, 'index.html'), 'utf8').matchAll(/data-i18n(?:-label)?="([^"]+)"/g))
    named.add(m[1]);
  assert.ok(named.size > 100, `the scan finds the ids (${named.size})`);
  const missing = [...named].filter((id) => !(id in en));
  assert.deepEqual(missing, [], 'ids named in the code but missing from en.json and its books');
});
