// @ts-check
// The clocks the forms offer (the create form, the lobby's quick pairing and seek form, "New opponent"),
// as `base+increment` seconds or `Nd` days per move, and their names. The game page itself needs none of
// this (only `timeControl` and `clockText` of ui.js), so it is a module of its own.

import { t } from './i18n.js';
import { timeControl } from './ui.js';

/** The clocks the forms offer, as `base+increment` seconds or `Nd` days per move ('' for none). */
export const CLOCKS = ['', '180+2', '300+3', '600+5', '900+10', '1800+20', '1d', '2d', '3d', '5d', '7d', '10d', '14d'];

/**
 * A clock choice of CLOCKS as the forms name it ("No clock", "5+3").
 * @param {string} v
 */
export const clockName = (v) => (v ? timeControl(clockOf(v)) : t('clock.none_choice'));

/**
 * A clock choice of CLOCKS as a time control.
 * @param {string} v
 * @returns {import('./types.js').TimeControl | null}
 */
export const clockOf = (v) =>
  !v
    ? null
    : v.endsWith('d')
      ? { baseSecs: 0, incrementSecs: 0, days: Number(v.slice(0, -1)) }
      : { baseSecs: Number(v.split('+')[0]), incrementSecs: Number(v.split('+')[1]) };

/**
 * A time control as CLOCKS writes it (the inverse of clockOf).
 * @param {import('./types.js').TimeControl} c
 */
export const clockKey = (c) => (c.days ? `${c.days}d` : `${c.baseSecs}+${c.incrementSecs}`);
