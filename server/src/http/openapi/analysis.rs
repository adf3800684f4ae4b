//! The operation of [`crate::http::analysis`]: the engine's analysis of a position.

use mancala_protocol::analysis::{Analysis, AnalysisRequest};
use mancala_protocol::http::ErrorBody;

/// The engine's analysis of a position: the value of every legal decision of the side to decide (best
/// first), the position's value, and the best line.
///
/// Give `variant` with `position` (a position text; the start when absent) and `options`, for any
/// position: the free analysis board. Or give a finished `game` and a `ply`: a game in progress is refused
/// (409), so the engine never helps during a game. `nodes` is the search's budget (decisions applied):
/// 2 000 to 1 000 000, 200 000 by default; a million takes about a second. Values are counters ahead for
/// the side that decides (`counters`), or a result the search proved (`win_in`, `loss_in`: decisions to
/// the end). The same request always gets the same answer.
#[utoipa::path(post, path = "/api/analysis", tag = "analysis", request_body = AnalysisRequest,
    responses(
        (status = 200, body = Analysis, description = "the analysis"),
        (status = 400, body = ErrorBody, description = "both or neither of `variant` and `game`, an unknown `variant`, bad `options`, an unreadable `position`, `nodes` out of range, a `ply` beyond the game, or a position with nothing to analyse (the game over, the secret opening choice); the message names the field"),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game is not finished"),
        (status = 429, body = ErrorBody, description = "too many lesson checks, previews and analyses from this client address"),
        (status = 503, body = ErrorBody, description = "every core is analysing and the queue is full (`busy`, with `Retry-After`)")))]
#[allow(dead_code)]
pub fn analyse() {}
