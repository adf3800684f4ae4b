// @ts-check
// Regions redrawn only when their state changed: a region's vnode is kept with the values it was
// drawn from, and handed back as the same object while they are equal, which snabbdom's patch skips
// at once (the same mechanism as its `thunk`, with the inputs named by the caller).

/** @typedef {import('../../vendor/snabbdom.js').VNode} VNode */

/** @type {WeakMap<object, Map<string, {deps: unknown[], vnode: VNode}>>} */
const caches = new WeakMap();

/**
 * The vnode of `render()`, or the one drawn before when `deps` are the same values (compared with ===).
 * @param {object} owner whose regions these are (the controller: a new page starts afresh)
 * @param {string} key the region
 * @param {unknown[]} deps the values the region is drawn from
 * @param {() => VNode} render
 * @returns {VNode}
 */
export function memo(owner, key, deps, render) {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  const c = cache.get(key);
  if (c && c.deps.length === deps.length && c.deps.every((d, i) => d === deps[i])) return c.vnode;
  const vnode = render();
  cache.set(key, { deps, vnode });
  return vnode;
}
