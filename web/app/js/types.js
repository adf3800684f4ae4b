// @ts-check
// The page's model types, written once: what net/wire.js decodes the server's messages into, and what
// every other module reads. Types only (JSDoc `@typedef`s checked by `tsc --noEmit`); the module
// exports nothing at run time and no page needs to load it.

/** @typedef {'south' | 'north'} Side */
/** @typedef {'ikibuguzo' | 'ikibuguzo-opening-1' | 'ikibuguzo-opening-2' | 'kubuguza' | 'njombwa' | 'azigo'} VariantId */

/**
 * @typedef {object} RatingChange
 * @property {number} before
 * @property {number} after
 * @property {boolean} provisional
 */

/**
 * @typedef {object} Outcome
 * @property {Side | null} winner null: a draw (or an aborted game)
 * @property {string} reason `no-legal-move`, `resignation`, `timeout`, `aborted`, …
 * @property {{south: RatingChange, north: RatingChange}} [ratings] a rated game's changes
 * @property {Side} [late] an aborted game's side that did not make its first decision in time
 */

/**
 * @typedef {object} Board
 * @property {string} variant
 * @property {number} rows
 * @property {number} columns
 * @property {Record<string, number>} holes the counts by hole name (`a1`)
 * @property {{south: number | null, north: number | null}} stores null: hidden (or no store)
 * @property {Side | 'both' | null} toMove
 * @property {Side[]} waiting the sides still to choose (Ikibuguzo's secret choice)
 * @property {number} turn
 * @property {{south: string, north: string}} choices `pending`, `hidden`, `opening:1`, …
 * @property {string[]} legal the viewer's legal decisions (never computed by the page)
 * @property {Outcome | null} outcome
 */

/**
 * @typedef {object} Player
 * @property {string} name
 * @property {boolean} registered
 */

/**
 * @typedef {object} TimeControl
 * @property {number} baseSecs
 * @property {number} incrementSecs
 * @property {number | null} [days] correspondence: days per move
 */

/**
 * @typedef {object} GameOptions
 * @property {number} [width]
 * @property {number | null} [turn_limit]
 * @property {{south: boolean, north: boolean}} [handicap]
 * @property {number} [rules_version] the reading of the rules the game is played under (docs/rules.md#rules-versions)
 */

/**
 * @typedef {object} Game
 * @property {string} id
 * @property {string} variant
 * @property {GameOptions} options
 * @property {'waiting' | 'ongoing' | 'finished'} status
 * @property {{south: Player | null, north: Player | null}} players
 * @property {TimeControl | null} clock
 * @property {boolean} autoForced
 * @property {number} plies
 * @property {Outcome | null} result
 * @property {number} createdAt
 * @property {number} updatedAt
 * @property {string | null} inviteCode
 * @property {boolean} rated
 * @property {boolean} previews the players may preview a move before making it
 * @property {{south: boolean, north: boolean} | null} berserk in an arena game that allows berserk: who
 *     berserked; null in every other game
 */

/**
 * @typedef {object} Clock
 * @property {number} baseSecs
 * @property {number} incrementSecs
 * @property {number | null} [days]
 * @property {number} southMs
 * @property {number} northMs
 * @property {Side[]} running
 * @property {number} [heldMs] the running clock holds still this long from the message (the sowing just
 *   made is being shown)
 */

/**
 * @typedef {object} Presence
 * @property {boolean} south
 * @property {boolean} north
 * @property {number | null} claimWinAt Unix ms from which the win may be claimed
 * @property {number | null} abortAt Unix ms at which a game between people is aborted if its first
 *   decisions are not made
 * @property {number} watching how many watch without a seat
 */

/**
 * Why a capture happened: the rule's id (`opposition`, `empty-inner`, `pair-walk`, `one-or-three`,
 * `store-cross`) and the holes it looked at, in the order docs/protocol.md gives for that rule.
 * @typedef {{rule: string, holes: string[]}} CaptureReason
 */

/**
 * @typedef {{type: 'lift', hole: string, count: number, direction: 'cw' | 'acw'}
 *   | {type: 'drop', hole: string}
 *   | {type: 'capture', from: string, count: number, to: string, reason: CaptureReason | null}
 *   | {type: 'store_lift', side: Side, count: number | null}
 *   | {type: 'chose', side: Side, array: number | null}
 *   | {type: 'revealed', south: number, north: number}
 *   | {type: 'pass', side: Side}
 *   | {type: 'turn_end', next: string}
 *   | {type: 'game_end', outcome: Outcome | null}
 *   | {type: 'skipped', steps: number}
 *   | {type: 'unknown', raw: unknown}} Step
 */

/**
 * @typedef {object} MoveEvent
 * @property {'move'} kind
 * @property {number} ply
 * @property {Side} side
 * @property {string | null} decision null while secret
 * @property {boolean} auto
 * @property {Step[]} steps
 */

/**
 * @typedef {MoveEvent
 *   | {kind: 'end', outcome: Outcome | null}
 *   | {kind: 'start', game: Game}
 *   | {kind: 'takeback', by: Side, ply: number}
 *   | {kind: 'berserk', side: Side}
 *   | {kind: 'unknown', raw: unknown}} GameEvent
 */

/**
 * @typedef {{type: 'snapshot', protocol: number, v: number, seat: Side | null, game: Game, board: Board,
 *     clock: Clock | null, presence: Presence, drawOffer: Side | null, takebackOffer: Side | null,
 *     rematchOffer: Side | null, rematch: NextGame | null, chat: ChatLine[]}
 *   | {type: 'event', v: number, event: GameEvent, board: Board | null, clock: Clock | null | undefined}
 *   | {type: 'accepted', id: string | null, v: number | null}
 *   | {type: 'rejected', id: string | null, code: string, reason: string, legal: string[]}
 *   | {type: 'error', code: string, message: string}
 *   | {type: 'presence', presence: Presence}
 *   | {type: 'draw_offer' | 'takeback_offer', by: Side | null}
 *   | {type: 'rematch_offer', by: Side | null}
 *   | {type: 'rematch', next: NextGame}
 *   | {type: 'chat', line: ChatLine}
 *   | {type: 'pong', id: string | null}
 *   | {type: 'unknown', raw: unknown}} ServerMessage
 * A game socket's message, decoded. An event's `clock` is undefined when unchanged.
 */

/**
 * @typedef {object} MoveEntry a line of the move list
 * @property {number} ply
 * @property {Side} side
 * @property {string | null} decision
 * @property {boolean} auto
 * @property {Step[] | null} [steps] known for the moves seen live
 */

/**
 * The account's games not over, as "your turn" needs them.
 * @typedef {{myTurn: number, games: {id: string, variant: string, myTurn: boolean, timeLeftMs: number | null}[]}} Playing
 */

/**
 * A line of a game's chat: its room (`players`, `spectators`), author, a player's side, words, time, and
 * its number in the game (what a report names; null on a line only its author sees).
 * @typedef {{room: string, by: string, side: Side | null, text: string, at: number, n: number | null}} ChatLine
 */

/**
 * A finished game's rematch: its id, and in a player's own message that player's seat in it.
 * @typedef {{game: string, seat: SeatGranted | null}} NextGame
 */

/**
 * @typedef {object} SeatGranted
 * @property {Game} game
 * @property {Side} seat
 * @property {string} token
 * @property {string | null} inviteCode
 */

/**
 * @typedef {object} Seek
 * @property {number | string} id kept as sent: cancel and accept send it back
 * @property {string} name
 * @property {boolean} registered
 * @property {number | null} rating
 * @property {boolean} provisional
 * @property {string} variant
 * @property {GameOptions} options
 * @property {TimeControl | null} clock
 * @property {boolean} rated
 * @property {[number, number] | null} range
 * @property {number | null} createdAt
 */

/**
 * @typedef {object} Challenge
 * @property {string} id
 * @property {string} from
 * @property {string} to
 * @property {string} variant
 * @property {TimeControl | null} clock
 * @property {boolean} rated
 */

/** @typedef {'waiting' | 'live'} GameListName a live game list of the lobby socket */

/**
 * @typedef {{type: 'seeks', seeks: Seek[]}
 *   | {type: 'seek_added', seek: Seek}
 *   | {type: 'seek_removed', id: number | string}
 *   | {type: 'seek_created', seek: Seek}
 *   | {type: 'games', waiting: Game[], live: Game[]}
 *   | {type: 'game_added', list: GameListName, game: Game}
 *   | {type: 'game_changed', list: GameListName, game: Game}
 *   | {type: 'game_removed', list: GameListName, id: string}
 *   | {type: 'paired', granted: SeatGranted}
 *   | {type: 'challenge', challenge: Challenge}
 *   | {type: 'error', code: string, message: string}
 *   | {type: 'pong'}
 *   | {type: 'unknown', raw: unknown}} LobbyMessage
 */

/**
 * @typedef {object} VariantInfo
 * @property {string} id
 * @property {string} name
 * @property {string} summary
 * @property {{width: number, turnLimit: number | null, handicap: {south: boolean, north: boolean}}} defaults
 * @property {string[]} optionNotes
 * @property {boolean} simultaneousChoice
 * @property {boolean} concealedStore
 * @property {ComputerLevel[]} computer the computer's levels, weakest first
 */

/**
 * @typedef {object} ComputerLevel
 * @property {number} level 1 to 8
 * @property {string} opponent what a new game's `opponent` takes to seat it
 * @property {number | null} elo its arena Elo among the levels (level 1 at 600), null where not measured
 *   or told apart from no weaker level
 * @property {number | null} sameAs the weaker level the arena could not tell this one apart from in the
 *   game (the seat decided their games), null otherwise
 */

/**
 * @typedef {object} Rating
 * @property {number} rating
 * @property {number} deviation
 * @property {boolean} provisional
 * @property {number} games
 */

/**
 * @typedef {object} PlayerProfile
 * @property {string} name
 * @property {number} createdAt
 * @property {number} games
 * @property {number} wins
 * @property {number} losses
 * @property {number} draws
 * @property {number} ongoing
 * @property {Record<string, Rating>} ratings
 * @property {boolean} computerAssisted a moderator marked the account as computer assisted
 */

/**
 * @typedef {object} RecordEntry
 * @property {number} ply
 * @property {Side} side
 * @property {string | null} decision
 * @property {boolean} auto
 * @property {number} at
 * @property {number | null} clockMs
 */

export {};

/**
 * The signed-in account (`GET /api/account`): moderators' warnings not acknowledged yet come with it.
 * @typedef {{name: string, createdAt: number | null, moderator: boolean, warnings: {id: string, text: string, at: number}[]}} Account
 */
