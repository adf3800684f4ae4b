//! The operations of [`crate::http::blocks`]: an account's blocks.

use mancala_protocol::blocks::{BlockInfo, BlockList, CreateBlock};
use mancala_protocol::http::ErrorBody;

/// The caller's blocks, oldest first, and the most it may hold.
#[utoipa::path(get, path = "/api/blocks", tag = "players",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = BlockList, description = "the accounts the caller blocks"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
pub fn list_blocks() {}

/// Block an account: it can no longer challenge the caller, its chat lines (players' and spectators'
/// rooms) are not delivered to the caller, and the lobby never pairs the two (either way).
#[utoipa::path(post, path = "/api/blocks", tag = "players", request_body = CreateBlock,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = BlockInfo, description = "blocked"),
        (status = 200, body = BlockInfo, description = "blocked already (since `created_at`)"),
        (status = 400, body = ErrorBody, description = "not a player name, or the caller's own name"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "no account of that name"),
        (status = 429, body = ErrorBody, description = "the caller blocks 500 accounts already: unblock one first (`Retry-After` is a hint)")))]
#[allow(dead_code)]
pub fn create_block() {}

/// Unblock an account.
#[utoipa::path(delete, path = "/api/blocks/{name}", tag = "players",
    params(("name" = String, Path, description = "the blocked account (any spelling)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "unblocked"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "the caller does not block that account")))]
#[allow(dead_code)]
pub fn delete_block() {}
