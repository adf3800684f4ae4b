// One turn of South in a benchmark's game page: wait until South may decide (or the game is over), then
// click a random playable hole and, where the hole offers two directions, the first.

import { playable, until } from '../harness.js';

/**
 * @param {import('playwright-core').Page} page
 * @param {number} wait ms to wait for South's turn
 * @returns {Promise<'over' | 'played' | 'missed'>} `missed`: the click did not reach the hole
 */
export async function playRandomTurn(page, wait) {
  const holes = await until(
    async () => {
      const over = await page.getAttribute('#status', 'data-winner');
      if (over && over !== 'false') return ['over'];
      const h = await playable(page);
      return h.length && h;
    },
    'South to be asked',
    wait,
  );
  if (holes[0] === 'over') return 'over';
  const hole = holes[Math.floor(Math.random() * holes.length)];
  const clicked = await page.click(`svg.board .hole[data-hole="${hole}"]`).then(
    () => true,
    () => false,
  );
  const choice = await page.$('#choices [data-decision]');
  if (choice) await choice.click().catch(() => {});
  return clicked ? 'played' : 'missed';
}
