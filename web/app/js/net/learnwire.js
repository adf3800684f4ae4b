// @ts-check
// The learning answers (`/api/lessons…`, `/api/rules/{variant}`, `/api/preview`: learn/src/view.rs and
// preview.rs) as the server sends them: the lesson, learn and rules pages read them as they are (their boards are decoded by the diagram
// that shows them), so these are types only, with no decoder.

/** @typedef {import('./wire.js').WireBoard} WireBoard */
/** @typedef {import('./wire.js').RuleOptions} RuleOptions */
/** @typedef {import('../board/diagram.js').Marks} Marks */

/**
 * @typedef {object} Sowing a sowing to show: the decisions, the engine's steps and the board after them
 * @property {string[]} decisions
 * @property {string[]} events
 * @property {WireBoard} board
 */

/**
 * @typedef {object} DiagramView a rule's board
 * @property {string} variant
 * @property {RuleOptions} options
 * @property {string} position
 * @property {WireBoard} board
 * @property {Marks} marks
 * @property {string} caption
 * @property {Sowing | null} [sowing]
 */

/**
 * @typedef {object} SectionView a rule: its words, boards, notes' numbers and this site's reading
 * @property {string} id
 * @property {string} title
 * @property {string[]} body
 * @property {DiagramView[]} diagrams
 * @property {number[]} notes
 * @property {string | null} [reading]
 */

/**
 * @typedef {object} NoteView a source's own words
 * @property {number} number
 * @property {string} section
 * @property {string} source
 * @property {string | null} [citation]
 * @property {string | null} [via]
 * @property {string} words
 * @property {string | null} [translation]
 * @property {string | null} [explanation]
 */

/**
 * @typedef {object} RulesView the rules page of a game
 * @property {string} game
 * @property {string} title
 * @property {string} intro
 * @property {SectionView[]} sections
 * @property {NoteView[]} notes
 */

/**
 * @typedef {object} LessonSummary
 * @property {string} id
 * @property {string} title
 * @property {string} summary
 * @property {string[]} steps the steps' ids
 */

/**
 * @typedef {object} CourseView a game's lessons in order
 * @property {string} game
 * @property {string} title
 * @property {string} intro
 * @property {LessonSummary[]} lessons
 */

/**
 * @typedef {object} StepView a lesson's step
 * @property {string} id
 * @property {number} number
 * @property {number} of
 * @property {string} variant
 * @property {RuleOptions} options
 * @property {string} position
 * @property {WireBoard} board
 * @property {Marks} marks
 * @property {string} text
 * @property {string | null} [reading]
 * @property {{kind: string, text: string} | null} [goal]
 * @property {Sowing | null} [demo]
 * @property {{variant: string, level: string, text: string} | null} [invite]
 * @property {string | null} [next]
 */

/**
 * @typedef {object} LessonView
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {string} summary
 * @property {StepView[]} steps
 * @property {string | null} [next_lesson]
 */

/**
 * @typedef {object} Verdict the engine's judgement of a lesson step's decisions
 * @property {string} step
 * @property {string} status
 * @property {string[]} decisions
 * @property {string[]} events
 * @property {WireBoard} board
 * @property {{id: string, text: string} | null} [hint]
 * @property {{id: string, text: string} | null} [success]
 */

/**
 * @typedef {object} Preview what a decision does from a position (`POST /api/preview`)
 * @property {string} decision
 * @property {string} side
 * @property {string[]} events
 * @property {WireBoard} board the board after it
 * @property {string} position the position after it, as text
 * @property {number} captured
 * @property {number} laps
 * @property {string | null} [last_hole]
 * @property {boolean} [continues]
 */

export {};
