// @ts-check
// The moderators' page (`/mod`; the server answers 403 to anyone else, and so does every `/api/mod/…`
// route): the open reports, a player's standing and notes by name, the moderation log with its filters
// (docs/moderation.md). Drawn as the game page is: a controller (mod/ctrl.js) holds the state, every
// field typed and the actions, the view (mod/view.js) is a pure function of it, every redraw one keyed
// snabbdom patch.

import { t } from '../i18n.js';
import { ModCtrl } from '../mod/ctrl.js';
import { view } from '../mod/view.js';
import { moderationStyle } from '../moderation/style.js';
import { focusAsked, redrawer } from '../patch.js';

/** The catalog's books this page's words are in. */
export const books = ['moderation'];

/** @param {HTMLElement} main */
export function mount(main) {
  document.title = `${t('mod.title')} · Mancala`;
  moderationStyle();
  let gone = false;
  const draw = redrawer(
    main,
    () => view(ctrl),
    () => focusAsked(main, ctrl),
  );
  const ctrl = new ModCtrl(() => !gone && draw());
  draw();
  ctrl.load();
  return () => {
    gone = true;
  };
}
