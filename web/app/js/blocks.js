// @ts-check
// The signed-in account's blocks (`/api/blocks`, docs/moderation.md "Blocks"): a blocked player cannot
// challenge this account, their chat lines are not delivered to it (the server leaves them out), and the
// lobby never pairs the two. The page keeps the list it read once (per account) to draw "Block" or
// "Unblock" and to hide at once the lines of a player blocked while the chat is open.

import { call } from './net/api.js';
import { blockList } from './net/sitewire.js';
import { me } from './session.js';

/** @typedef {{name: string, createdAt: number}} Block */

/** The names blocked (lower case), for the account `owner`. @type {{owner: string, names: Set<string>} | null} */
let known = null;
/** @type {Promise<void> | null} */
let loading = null;

/** The account's blocks, oldest first (and the page's copy brought up to date). */
export async function listBlocks() {
  const owner = me();
  const blocks = blockList(await call('GET', '/api/blocks'));
  if (owner) known = { owner, names: new Set(blocks.map((b) => b.name.toLowerCase())) };
  return blocks;
}

/** Reads the list once per account (nothing for a guest); resolves when it is known. */
export function loadBlocks() {
  const owner = me();
  if (!owner) return Promise.resolve();
  if (known?.owner === owner) return Promise.resolve();
  if (!loading) {
    // A list that cannot be read counts as empty, so a page does not ask again on every redraw.
    loading = listBlocks()
      .then(() => {})
      .catch(() => {
        known = { owner, names: new Set() };
      })
      .finally(() => (loading = null));
  }
  return loading;
}

/** Whether the signed-in account's list is still to be read. */
export function needsLoad() {
  const owner = me();
  return !!owner && known?.owner !== owner;
}

/**
 * Whether the signed-in account blocks `name` (as far as this page knows).
 * @param {string} name
 */
export function isBlocked(name) {
  return !!known && known.owner === me() && known.names.has(name.toLowerCase());
}

/**
 * Blocks (`on`) or unblocks `name`; throws the server's `ApiError`.
 * @param {string} name
 * @param {boolean} on
 */
export async function setBlocked(name, on) {
  if (on) await call('POST', '/api/blocks', { player: name });
  else await call('DELETE', `/api/blocks/${encodeURIComponent(name)}`);
  const owner = me();
  if (!owner) return;
  if (known?.owner !== owner) known = { owner, names: new Set() };
  if (on) known.names.add(name.toLowerCase());
  else known.names.delete(name.toLowerCase());
}
