//! Creating and joining games: `POST /api/games`, `POST /api/games/{id}/join`, and the invite code routes
//! `GET /api/invites/{code}` and `POST /api/invites/{code}/join`. A seat's token is returned once, here.

use crate::accounts::Caller;
use crate::edge::caller::MaybeSignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, OptionalJson, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::game::{GameHeader, NewGame, Occupant, UnixMs, clock};
use crate::ids::{self, GameId, Identity, InviteCode};
use crate::lobby::engine_mark;
use crate::room::bot_seat;
use crate::room::create::{self, Made, Opponent, granted};
use axum::extract::State;
use axum::http::StatusCode;
use mancala_engine::{Side, Variant};
use mancala_protocol::ClockSpec;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::{CreateGame, GameSummary, JoinGame, SeatChoice, SeatGranted};

/// Checks what `POST /api/games` asks for beyond its types.
fn check_clock(clock: Option<ClockSpec>) -> Result<(), ApiError> {
    let Some(c) = clock else { return Ok(()) };
    clock::check_spec(&c).map_err(ApiError::BadRequest)
}

/// Create a game and take a seat.
///
/// The answer's `token` is the seat's only proof and is shown once. With a player token
/// (`Authorization: Bearer …`) the seat is linked to that account.
#[utoipa::path(post, path = "/api/games", operation_id = "create_game", tag = "games", request_body = CreateGame,
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = SeatGranted, description = "the game and the seat's token (shown once)"),
        (status = 400, body = ErrorBody, description = "bad body, variant, options or clock; a guest's name holding a forbidden word (code `name_forbidden`)"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player token"),
        (status = 403, body = ErrorBody, description = "a rated game asked for by a guest, or by an account marked as computer assisted (code `engine_marked`)"),
        (status = 409, body = ErrorBody, description = "the name belongs to a registered player")))]
pub async fn create(
    State(state): State<AppState>,
    client: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
    Json(req): Json<CreateGame>,
) -> Result<(StatusCode, axum::Json<SeatGranted>), ApiError> {
    let known = || Variant::ALL.map(|v| v.id()).join(", ");
    let variant =
        req.variant.ok_or_else(|| ApiError::BadRequest(format!("field `variant` is required (one of {})", known())))?;
    let options =
        req.options.unwrap_or_default().new_game(variant).map_err(|e| ApiError::BadRequest(format!("options: {e}")))?;
    options.validate(variant).map_err(|e| ApiError::BadRequest(format!("options: {e}")))?;
    check_clock(req.clock)?;
    let bot = match req.opponent.as_deref() {
        None => None,
        Some(o) => {
            Some(o.strip_prefix("bot:").and_then(|l| l.parse::<mancala_bot::Level>().ok()).ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "`opponent` `{o}`: expected bot:1 to bot:8 (or bot:random, bot:easy, bot:medium, bot:hard)"
                ))
            })?)
        }
    };
    let previews = previews_of(&req, bot.is_some())?;
    let who = crate::accounts::plays_as(&state.store, &state.forbidden, caller.as_ref(), req.name).await?;
    if req.rated {
        rated_seat(&who)?;
        engine_mark::check_identity(&state.store, &who, true).await?;
    }
    // Counted once the request is known to be good: a client's mistakes do not use up its allowance.
    state.limits.check_for(Limit::Games, client, who.account())?;
    let side = match req.seat {
        SeatChoice::South => Side::South,
        SeatChoice::North => Side::North,
        SeatChoice::Random => {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        }
    };
    let token = ids::token();
    let seat = Occupant { who, token_hash: ids::token_hash(&token) };
    let new = NewGame {
        id: GameId::random(),
        variant,
        options,
        creator: (side, seat),
        invite_code: Some(InviteCode::random()),
        clock: req.clock,
        auto_forced: req.auto_forced.unwrap_or(true),
        rated: req.rated,
        previews,
        berserk: false,
        now_ms: UnixMs::now(),
    };
    let opponent = bot.map_or(Opponent::Open, Opponent::Bot);
    let Made { summary, .. } = create::make(&state.rooms, new, opponent).await?;
    Ok((StatusCode::CREATED, axum::Json(granted(summary, side, token))))
}

/// Whether a new game lets its players preview moves: never a rated one (asking for it there is an
/// error), always one against the computer, otherwise as its creator chose (default: no).
fn previews_of(req: &CreateGame, against_bot: bool) -> Result<bool, ApiError> {
    match (req.rated, req.previews) {
        (true, Some(true)) => Err(ApiError::BadRequest(
            "`previews`: a rated game never allows move previews (create a casual game to allow them)".into(),
        )),
        (true, _) => Ok(false),
        (false, asked) => Ok(against_bot || asked.unwrap_or(false)),
    }
}

/// A rated game needs both seats to be player accounts (or a server bot, which has its own rating): a
/// guest is refused with 403 and told why.
fn rated_seat(who: &Identity) -> Result<(), ApiError> {
    if who.is_account() || bot_seat::level_of(who.name()).is_some() {
        return Ok(());
    }
    Err(ApiError::Forbidden(format!(
        "a rated game needs a player account: `{who}` plays as a guest (sign in, or send a player token as \
         `Authorization: Bearer …`; or play a casual game)"
    )))
}

async fn join_game(
    state: &AppState,
    id: &GameId,
    caller: Option<&Caller>,
    req: JoinGame,
) -> Result<SeatGranted, ApiError> {
    let who = crate::accounts::plays_as(&state.store, &state.forbidden, caller, req.name).await?;
    let room = state.rooms.get(id).await?;
    // `rated` never changes once the game exists; the room refuses such a seat too (a backstop for the
    // other ways to a seat).
    if room.summary().await.map_err(ApiError::from)?.rated {
        rated_seat(&who)?;
        engine_mark::check_identity(&state.store, &who, true).await?;
    }
    let token = ids::token();
    let seat = Occupant { who, token_hash: ids::token_hash(&token) };
    let (side, summary) = room.join(seat).await.map_err(ApiError::from)?;
    Ok(granted(summary, side, token))
}

/// Take the open seat of a game (body optional).
#[utoipa::path(post, path = "/api/games/{id}/join", operation_id = "join_game", tag = "games", request_body = Option<JoinGame>,
    params(("id" = String, Path, description = "game id")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = SeatGranted, description = "the game and the seat's token (shown once)"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 401, body = ErrorBody, description = "the bearer token is not a player token"), (status = 404, body = ErrorBody, description = "not found"),
        (status = 403, body = ErrorBody, description = "a guest, or an account marked as computer assisted (code `engine_marked`), joining a rated game"),
        (status = 409, body = ErrorBody, description = "no open seat, or the name is taken")))]
pub async fn join(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
    OptionalJson(req): OptionalJson<JoinGame>,
) -> Result<axum::Json<SeatGranted>, ApiError> {
    Ok(axum::Json(join_game(&state, &id, caller.as_ref(), req).await?))
}

async fn game_of_invite(state: &AppState, code: &InviteCode) -> Result<GameHeader, ApiError> {
    state
        .store
        .game_by_invite(code)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no game waiting with invite code `{code}`")))
}

/// The game waiting behind an invite code.
#[utoipa::path(get, path = "/api/invites/{code}", tag = "games",
    params(("code" = String, Path, description = "invite code")),
    responses((status = 200, body = GameSummary, description = "the game waiting behind the code"), (status = 404, body = ErrorBody, description = "not found")))]
pub async fn invite(
    State(state): State<AppState>,
    Path(code): Path<InviteCode>,
    _: Query<NoParams>,
) -> Result<axum::Json<GameSummary>, ApiError> {
    Ok(axum::Json(game_of_invite(&state, &code).await?.summary()))
}

/// Take the open seat of the game behind an invite code (body optional).
#[utoipa::path(post, path = "/api/invites/{code}/join", tag = "games", request_body = Option<JoinGame>,
    params(("code" = String, Path, description = "invite code")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = SeatGranted, description = "the game and the seat's token (shown once)"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 401, body = ErrorBody, description = "the bearer token is not a player token"), (status = 404, body = ErrorBody, description = "not found"),
        (status = 403, body = ErrorBody, description = "a guest, or an account marked as computer assisted (code `engine_marked`), joining a rated game"),
        (status = 409, body = ErrorBody, description = "no open seat, or the name belongs to a registered player")))]
pub async fn join_invite(
    State(state): State<AppState>,
    Path(code): Path<InviteCode>,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
    OptionalJson(req): OptionalJson<JoinGame>,
) -> Result<axum::Json<SeatGranted>, ApiError> {
    let header = game_of_invite(&state, &code).await?;
    Ok(axum::Json(join_game(&state, &header.id, caller.as_ref(), req).await?))
}
