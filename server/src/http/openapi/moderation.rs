//! The operations of reports and moderation ([`crate::http::reports`], [`crate::http::moderation`],
//! `acknowledge_warning` of [`crate::http::account`]); docs/moderation.md says what each does.

use mancala_protocol::http::ErrorBody;
use mancala_protocol::moderation::{
    DismissRequest, ModActionRequest, ModLogLine, ModPlayer, ModQueue, ModReport, ReportFiled, ReportRequest,
};

/// Report a player (signed in): `reason` one of `cheat`, `insult`, `leave`, `boost`, `name`, `other`;
/// `text` 1 to 500 characters; optionally the `game` and the chat `line` (its `n`) it is about. An open
/// report on the same player and reason takes this one in. The answer thanks the reporter and never says
/// what is done; the reported player is never told who reported. At most 10 reports an hour per account.
#[utoipa::path(post, path = "/api/reports", tag = "moderation", request_body = ReportRequest,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = ReportFiled, description = "thanks"),
        (status = 400, body = ErrorBody, description = "a bad reason, an empty or too long text, a line without its game, or reporting oneself"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no such player, game or chat line"),
        (status = 429, body = ErrorBody, description = "over 10 reports in the last hour; retry after `Retry-After` seconds")))]
#[allow(dead_code)]
pub fn report() {}

/// The open reports, oldest first (at most 100), each with every reporter's word, the reported chat lines
/// with 5 lines on each side, and the player's record, its newest rated games' fair-play figures included
/// (moderators only). A report whose reporter is `fair-play` was filed by the server itself: the account's
/// recent rated games agree with level 8's decisions over its variant's bar.
#[utoipa::path(get, path = "/api/mod/reports", tag = "moderation",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = ModQueue, description = "the queue"),
        (status = 403, body = ErrorBody, description = "not a moderator")))]
#[allow(dead_code)]
pub fn queue() {}

/// One report, open or closed (moderators only).
#[utoipa::path(get, path = "/api/mod/reports/{id}", tag = "moderation",
    params(("id" = String, Path, description = "the report's id")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = ModReport, description = "the report"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such report")))]
#[allow(dead_code)]
pub fn report_detail() {}

/// Dismiss an open report: nothing is done to the player; logged with the reason (moderators only).
#[utoipa::path(post, path = "/api/mod/reports/{id}/dismiss", tag = "moderation", request_body = DismissRequest,
    params(("id" = String, Path, description = "the report's id")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "dismissed"),
        (status = 400, body = ErrorBody, description = "no reason, or the report is closed already"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such report")))]
#[allow(dead_code)]
pub fn dismiss() {}

/// What moderation holds on a player: standing (moderator, closed, chat timeout, shadow mute), notes,
/// warnings not acknowledged, its record, and the log's lines on it (moderators only).
#[utoipa::path(get, path = "/api/mod/players/{name}", tag = "moderation",
    params(("name" = String, Path, description = "the player's name (any case)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = ModPlayer, description = "the player"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such account")))]
#[allow(dead_code)]
pub fn player() {}

/// Act on a player, with a reason (logged): `dismiss` (closes the player's report named by `report`,
/// nothing else), `warn`, `chat_timeout` (`minutes` 15, 60 or 1440),
/// `shadow_mute`, `unmute`, `close`, `reopen`, `mark` (computer assisted: out of leaderboards,
/// tournaments and rated games, its victims of the last 30 days refunded), `unmark`, `note`; `report`
/// closes the report it answers. Takes effect on every server at once (moderators only).
#[utoipa::path(post, path = "/api/mod/players/{name}/actions", tag = "moderation", request_body = ModActionRequest,
    params(("name" = String, Path, description = "the player's name (any case)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "done"),
        (status = 400, body = ErrorBody, description = "no reason, a bad `minutes`, a closed report (or, for `dismiss`, none named or another player's), or marking a marked account (unmarking one that is not)"),
        (status = 403, body = ErrorBody, description = "not a moderator"),
        (status = 404, body = ErrorBody, description = "no such account or report")))]
#[allow(dead_code)]
pub fn act() {}

/// The moderation log, newest first (at most 200), filtered by `moderator`, `player` and `action`
/// (moderators only).
#[utoipa::path(get, path = "/api/mod/log", tag = "moderation",
    params(
        ("moderator" = Option<String>, Query, description = "only this moderator's actions"),
        ("player" = Option<String>, Query, description = "only actions on this player"),
        ("action" = Option<String>, Query, description = "only this action")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = Vec<ModLogLine>, description = "the log"),
        (status = 403, body = ErrorBody, description = "not a moderator")))]
#[allow(dead_code)]
pub fn log() {}

/// Acknowledge a moderator's warning (listed in `GET /api/account`'s `warnings`).
#[utoipa::path(post, path = "/api/account/warnings/{id}/acknowledge", tag = "account",
    params(("id" = String, Path, description = "the warning's id")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "acknowledged"),
        (status = 400, body = ErrorBody, description = "a malformed warning id"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no such warning to acknowledge")))]
#[allow(dead_code)]
pub fn acknowledge_warning() {}
