//! The operation of [`crate::http::review`]: a finished game's post-game review.

use mancala_protocol::http::ErrorBody;
use mancala_protocol::review::{GameReview, ReviewPending};

/// A finished game's post-game review: for every decision its value before and after for the side that
/// made it (`counters`, or a proven `win_in`/`loss_in`), the best decision, the counters lost against it
/// and a mark (`inaccuracy`, `mistake`, `blunder`, by `thresholds`, relative to the counters in play);
/// each side's accuracy in percent; and the value for South after each ply (`graph`).
///
/// Computed once in the background and stored: the first request starts it and answers 202 with the
/// progress and a `Retry-After` header; ask again after that many seconds until the answer is 200, which
/// is then always the same. A game in progress is refused (409), so the engine never helps during a game.
/// Secret choices of Ikibuguzo's opening arrays are not judged (`judged` is `null`).
#[utoipa::path(get, path = "/api/games/{id}/review", tag = "analysis",
    params(("id" = String, Path, description = "the game's id")),
    responses(
        (status = 200, body = GameReview, description = "the review"),
        (status = 202, body = ReviewPending, description = "the review is being computed: ask again after `Retry-After` seconds",
            headers(("Retry-After" = u64, description = "seconds to wait"))),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game is not finished"),
        (status = 429, body = ErrorBody, description = "too many analyses from this client address, or two reviews it started are still being computed"),
        (status = 503, body = ErrorBody, description = "the server is computing as many reviews as it may (`busy`, with `Retry-After`)")))]
#[allow(dead_code)]
pub fn game_review() {}

/// The lines that explain decision `ply` (1-based) of a reviewed game: from the position before it, the
/// review's best decision (`better`) and the played one (`played`), each followed by the engine's best
/// play for the same even number of turns (`turns`, at most 10: the rest of the mover's turn, the
/// opponent's, …), the first at which the played one gives away the counters its mark stands for (else
/// the one where it gives away the most, else 4); each turn with the board before it, its decisions' steps
/// and the counters captured; each line's captures by the mover (`mine`) and the opponent (`theirs`),
/// `net = mine − theirs`, and `gives = better.net − played.net`. Asked after the review is stored (409
/// before).
#[utoipa::path(get, path = "/api/games/{id}/review/{ply}", tag = "analysis",
    params(("id" = String, Path, description = "the game's id"), ("ply" = u32, Path, description = "the decision, 1-based")),
    responses(
        (status = 200, body = mancala_learn::Lines, description = "the two lines"),
        (status = 400, body = ErrorBody, description = "`ply` is not a judged decision of the review"),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game has no review yet"),
        (status = 429, body = ErrorBody, description = "too many analyses from this client address"),
        (status = 503, body = ErrorBody, description = "every core is busy (`busy`)")))]
#[allow(dead_code)]
pub fn review_lines() {}
