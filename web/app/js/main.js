// @ts-check
// The entry module: chooses the language and loads its catalog, applies the theme, draws the header
// (its words, the language picker, who is signed in) and starts the router. No other module imports it.

import { useLanguage, t } from './i18n.js';
import { keepLangCookie, prefs } from './prefs.js';
import { go, startRouter } from './router.js';
import { mountHeader, onChange, ready } from './session.js';

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

function applyTheme() {
  const theme = prefs.theme;
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/**
 * The languages this build has a catalog for (the server lists `web/app/i18n/*.json` in the page).
 * @returns {string[]}
 */
function available() {
  const meta = document.querySelector('meta[name="languages"]');
  const list = (meta?.getAttribute('content') || '').split(/\s+/).filter((x) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(x));
  return list.length ? list : ['en'];
}

/**
 * The language to show: the one chosen with the picker, else the first of the browser's that has a
 * catalog (by its full tag, then its language alone: `fr-BI` finds `fr`), else English.
 * @param {string[]} have
 */
function chooseLanguage(have) {
  const chosen = prefs.lang;
  if (chosen && have.includes(chosen)) return chosen;
  for (const tag of navigator.languages || [navigator.language]) {
    const lower = tag.toLowerCase();
    const found = have.find((c) => c.toLowerCase() === lower) || have.find((c) => c === lower.split('-')[0]);
    if (found) return found;
  }
  return have.includes('en') ? 'en' : have[0];
}

/**
 * A language's own name ("English", "Français"), from the browser's knowledge of languages.
 * @param {string} code
 */
function ownName(code) {
  let name = code;
  try {
    name = new Intl.DisplayNames([code], { type: 'language' }).of(code) || code;
  } catch {
    // an engine without Intl.DisplayNames: the code itself
  }
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/**
 * The header's words, and the picker: choosing a language keeps it and reloads the page in it.
 * @param {string[]} have
 * @param {string} lang
 */
function translateHeader(have, lang) {
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.getAttribute('data-i18n') || '');
  for (const el of document.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.getAttribute('data-i18n-label') || ''));
  }
  const picker = /** @type {HTMLSelectElement} */ (byId('lang'));
  picker.replaceChildren(
    ...have.map((code) => {
      const option = document.createElement('option');
      option.value = code;
      option.lang = code;
      option.textContent = ownName(code);
      return option;
    }),
  );
  picker.value = lang;
  picker.hidden = have.length < 2;
  picker.addEventListener('change', () => {
    prefs.lang = picker.value;
    location.reload();
  });
}

byId('theme').addEventListener('click', () => {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === 'dark'
    : matchMedia('(prefers-color-scheme: dark)').matches;
  prefs.theme = dark ? 'light' : 'dark';
  applyTheme();
});
applyTheme();
const have = available();
const lang = chooseLanguage(have);
// A choice kept before the cookie existed reaches the server from the next page on.
if (prefs.lang) keepLangCookie(prefs.lang);
try {
  await useLanguage(lang);
} catch {
  await useLanguage('en'); // a catalog that cannot be loaded: the page in English rather than none
}
translateHeader(have, lang);
mountHeader(byId('who'), go);
startRouter(byId('main'));
// The service worker (offline reading) and the update prompt, after the page is drawn.
import('./offline.js').then((m) => m.start());
// "Your turn" (yourturn.js) once signed in, and moderation's notices (a warning, the moderators' link).
const turns = (/** @type {string | null} */ name) => {
  if (name) import('./yourturn.js').then((m) => m.start());
  if (name) import('./moderation/notices.js').then((m) => m.start());
};
ready().then(turns);
onChange(turns);
