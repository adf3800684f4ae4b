// @ts-check
// The moderators' answers (`/api/mod/…`, protocol/src/moderation.rs) as the server sends them: the /mod
// page reads them as they are, snake_case included (it shows them to moderators, nothing is worked out
// from them), so these are types only, with no decoder.

/**
 * @typedef {object} ModChatLine a chat line around a reported one
 * @property {number} n
 * @property {string} room
 * @property {string} by
 * @property {string} text
 * @property {number} at
 * @property {boolean} [reported] the line reported
 * @property {boolean} [shadow] said while its author was shadow muted
 */

/**
 * @typedef {object} ModReportEntry one reporter's words
 * @property {string} reporter
 * @property {string} text
 * @property {string | null} [game]
 * @property {number | null} [line]
 * @property {ModChatLine[]} [chat]
 * @property {number} at
 */

/**
 * @typedef {object} ModFairPlay one rated game's fair-play figures
 * @property {string} game
 * @property {string} variant
 * @property {number} decisions
 * @property {number | null} agreement a percentage
 * @property {number | null} accuracy
 * @property {number} rating
 * @property {number} deviation
 * @property {number} at
 */

/**
 * @typedef {object} ModGame a recent game (`GameSummary`, only what the page shows)
 * @property {string} id
 * @property {string} status
 * @property {{south: {name: string} | null, north: {name: string} | null}} players
 * @property {{reason: string} | null} [result]
 */

/**
 * @typedef {object} ModRecord
 * @property {ModGame[]} recent_games
 * @property {number} wins
 * @property {number} losses
 * @property {number} draws
 * @property {number} aborts
 * @property {number} timeouts
 * @property {ModFairPlay[]} [fair_play]
 */

/**
 * @typedef {object} ModReport an open report with its context
 * @property {string} id
 * @property {string} player
 * @property {string} reason
 * @property {boolean} open
 * @property {number} created_at
 * @property {ModReportEntry[]} entries
 * @property {ModRecord} record
 */

/**
 * @typedef {object} ModLogLine
 * @property {number} at
 * @property {string} moderator
 * @property {string} action
 * @property {string} target
 * @property {string} details
 */

/**
 * @typedef {object} ModPlayer a player looked up
 * @property {string} name
 * @property {boolean} moderator
 * @property {number | null} [closed_at]
 * @property {number | null} [chat_until]
 * @property {boolean} shadow_muted
 * @property {number | null} [engine_marked_at]
 * @property {{author: string, text: string, at: number}[]} notes
 * @property {{id: string, text: string, at: number}[]} warnings
 * @property {ModRecord} record
 * @property {ModLogLine[]} log
 */

export {};
