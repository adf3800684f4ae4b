// @ts-check
// What only a finished game's page needs: the replay (its controller and panel) and the post-game
// review's panel, and the rematch's controls. The game page imports this once the game has ended, so a live game (most visits,
// on a phone too) does not download them.

export { ReplayCtrl } from './replay.js';
export { replayPanel } from './view/replay.js';
export { lineCaption, mistakePanel, reviewPanel } from './view/review.js';
export { rematchControls } from './view/rematch.js';
