// @ts-check
// The words of the page, per language: one catalog per language (`web/app/i18n/{lang}.json`, keyed by
// stable ids) loaded once before the first page is drawn, and `t(id, params)` to say a sentence.
// Placeholders are `{name}`; a plural is an object of `Intl.PluralRules` categories (`one`, `other`,
// …) chosen by the `count` parameter. Long texts (a game's summary) and the words of pages other than the
// game page live in books beside the catalog (`web/app/i18n/{lang}/{book}.json`, the same shape), loaded
// when a page needs them (a page module's `books`), so the game page does not download them.

/** @typedef {string | Record<string, string>} Entry */
/** @typedef {Record<string, string | number>} Params */

/** @type {Record<string, Entry>} */
let catalog = {};
let lang = 'en';
let plural = new Intl.PluralRules('en');
let fraction = new Intl.NumberFormat('en', { maximumFractionDigits: 1, useGrouping: false });

/** The language of the page now. */
export function language() {
  return lang;
}

/**
 * Loads a catalog (or a book beside it) as JSON from this build's asset folder.
 * @param {string} path under web/app/i18n/, without `.json`
 * @returns {Promise<Record<string, Entry>>}
 */
async function fetchCatalog(path) {
  const res = await fetch(new URL(`../i18n/${path}.json`, import.meta.url));
  if (!res.ok) throw new Error(`no catalog ${path}`);
  return res.json();
}

/**
 * Makes `code` the page's language: its catalog is loaded and the document says which it is.
 * @param {string} code
 */
export async function useLanguage(code) {
  catalog = await fetchCatalog(code);
  loaded.clear();
  lang = code;
  plural = new Intl.PluralRules(code);
  fraction = new Intl.NumberFormat(code, { maximumFractionDigits: 1, useGrouping: false });
  document.documentElement.lang = code;
}

/** The books in the catalog now. */
const loaded = new Set();

/**
 * Adds a book (`i18n/{lang}/{book}.json`: long texts, or the words of one page) to the catalog of the
 * page's language, once.
 * @param {string} book
 */
export async function loadBook(book) {
  if (loaded.has(book)) return;
  Object.assign(catalog, await fetchCatalog(`${lang}/${book}`));
  loaded.add(book);
}

/**
 * Whether the catalog has `id`.
 * @param {string} id
 */
export function has(id) {
  return id in catalog;
}

/**
 * The sentence `id` with its placeholders filled; the id itself when the catalog lacks it (a missing
 * word shows, and the tests that compare the catalogs catch it).
 * @param {string} id
 * @param {Params} [params]
 */
export function t(id, params = {}) {
  let v = catalog[id];
  if (v === undefined) return id;
  if (typeof v === 'object') v = v[plural.select(Number(params.count ?? 0))] ?? v.other ?? id;
  // Numbers as the language writes them ("10.6", "10,6").
  return v.replace(/\{(\w+)\}/g, (m, k) => {
    const x = params[k];
    return x === undefined ? m : typeof x === 'number' ? fraction.format(x) : x;
  });
}
