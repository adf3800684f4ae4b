//! Puzzles over HTTP (docs/puzzles.md): one puzzle (`GET /api/puzzles/{id}`, never its solution), the
//! next one near the caller's puzzle rating, the daily one, the streak's next one, an attempt judged
//! decision by decision (`POST /api/puzzles/{id}/attempt`), votes, an account's history, and the whole
//! set as NDJSON (`GET /api/puzzles/export`). Attempts and votes are limited per address and account
//! ([`Limit::Puzzles`]).

use super::judge::{AttemptError, Solution, Step, Verdict};
use super::queries::{self, AttemptOutcome, AttemptWrite, PuzzleFilter, PuzzleRow, PuzzleWrite};
use super::{daily as pick_daily, goal_text, utc_date};
use crate::edge::caller::{MaybeSignedIn, SignedIn};
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Json, NoParams, Params, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ratings::Rating;
use crate::store::Write;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{self, post};
use mancala_protocol::BoardView;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::puzzles::{
    AttemptAnswer, AttemptRequest, AttemptResult, DailyPuzzle, LineAlternative, LineDecision, PuzzleGoal,
    PuzzleHistory, PuzzleRatingChange, PuzzleView, StreakState, VoteAnswer, VoteRequest,
};
use mancala_puzzles::{Goal, PuzzleGame, Theme};

/// Puzzles `next` chooses among at random (the nearest to the rating), so guests do not all get one.
const NEAREST: u32 = 8;
/// Puzzles the streak's next is chosen among (the easiest of those harder than the last).
const STREAK_CHOICES: u32 = 3;
/// The history's default and largest page.
const HISTORY_DEFAULT: u32 = 20;
pub const HISTORY_MAX: u32 = 100;

/// The puzzles' routes, which `http/mod.rs` merges.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/puzzles/next", routing::get(next))
        .route("/api/puzzles/daily", routing::get(daily))
        .route("/api/puzzles/streak/next", routing::get(streak_next))
        .route("/api/puzzles/history", routing::get(history))
        .route("/api/puzzles/export", routing::get(export))
        .route("/api/puzzles/{id}", routing::get(get))
        .route("/api/puzzles/{id}/attempt", post(attempt))
        .route("/api/puzzles/{id}/vote", post(vote))
}

/// A puzzle's id: 16 lower-case hex digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleId(String);

impl std::str::FromStr for PuzzleId {
    type Err = String;
    fn from_str(s: &str) -> Result<PuzzleId, String> {
        if s.len() == 16 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
            Ok(PuzzleId(s.to_string()))
        } else {
            let shown: String = s.chars().take(40).collect();
            Err(format!("`id`: a puzzle id is 16 lower-case hex digits (got `{shown}`)"))
        }
    }
}

/// Every theme, in the order the API lists them.
const THEMES: [Theme; 10] = [
    Theme::RelayCapture,
    Theme::SownOnCapture,
    Theme::ReverseCapture,
    Theme::SpecialWin,
    Theme::StoreMove,
    Theme::CrossSowing,
    Theme::NoMoves,
    Theme::Endgame,
    Theme::Opening,
    Theme::Defence,
];

/// The themes' names as the API takes and gives them (also the OpenAPI document's enum).
pub fn theme_names() -> Vec<String> {
    THEMES.into_iter().map(theme_name).collect()
}

fn theme_name(t: Theme) -> String {
    serde_json::to_value(t).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

fn side_name(side: mancala_engine::Side) -> String {
    side.name().to_string()
}

fn line(steps: &[Step]) -> Vec<LineDecision> {
    steps.iter().map(|s| LineDecision { side: side_name(s.side), decision: s.text.clone() }).collect()
}

fn alternatives(s: &Solution) -> Vec<LineAlternative> {
    s.alternatives
        .iter()
        .map(|(at, step)| LineAlternative { at: *at as u32, side: side_name(step.side), decision: step.text.clone() })
        .collect()
}

/// A stored puzzle the engine cannot replay is the server's fault (the import checks every one).
fn solution(row: &PuzzleRow) -> Result<Solution, ApiError> {
    Solution::of(&row.puzzle).map_err(|e| ApiError::Internal(e.to_string()))
}

fn view(row: &PuzzleRow) -> Result<PuzzleView, ApiError> {
    let p = &row.puzzle;
    let s = solution(row)?;
    let start = p.start().map_err(|e| ApiError::Internal(e.to_string()))?;
    let (kind, counters) = match p.goal {
        Goal::Win => ("win", None),
        Goal::Capture { counters } => ("capture", Some(counters)),
        Goal::Score { counters } => ("score", Some(counters)),
        Goal::Hold => ("hold", None),
        Goal::Save { counters } => ("save", Some(counters)),
    };
    Ok(PuzzleView {
        id: p.id.clone(),
        game: p.game().id().to_string(),
        variant: p.variant.id().to_string(),
        options: p.options,
        position: p.position.clone(),
        solver: side_name(s.solver),
        goal: PuzzleGoal { kind: kind.to_string(), counters, text: goal_text(p.goal, s.solver) },
        themes: p.themes.iter().map(|&t| theme_name(t)).collect(),
        rating: row.rating.shown(),
        plays: row.rating.games,
        choices: s.choices() as u32,
        board: Some(mancala_learn::board_view(&start, None, true)),
    })
}

async fn stored(state: &AppState, id: &PuzzleId) -> Result<PuzzleRow, ApiError> {
    queries::puzzle(&state.store, &id.0).await?.ok_or_else(|| ApiError::NotFound(format!("no puzzle `{}`", id.0)))
}

/// One puzzle, without its solution (retired ones too).
#[utoipa::path(get, path = "/api/puzzles/{id}", operation_id = "get_puzzle", tag = "puzzles",
    params(("id" = String, Path, description = "a puzzle id: 16 lower-case hex digits")),
    responses(
        (status = 200, body = PuzzleView, description = "the puzzle"),
        (status = 404, body = ErrorBody, description = "no puzzle of that id")))]
// `GET /api/puzzles/{id}`: retired puzzles too (a link to one stays good).
pub async fn get(
    State(state): State<AppState>,
    _: Query<NoParams>,
    Path(id): Path<PuzzleId>,
) -> Result<axum::Json<PuzzleView>, ApiError> {
    Ok(axum::Json(one(&state, &id).await?))
}

/// The puzzle `id` as `GET /api/puzzles/{id}` answers it, to anyone (the first paint writes it too).
pub async fn one(state: &AppState, id: &PuzzleId) -> Result<PuzzleView, ApiError> {
    view(&stored(state, id).await?)
}

/// `game` and `theme`, as `next` and the streak take them.
#[derive(Debug, Default)]
pub struct Filter {
    game: Option<PuzzleGame>,
    theme: Option<String>,
}

impl Filter {
    fn of(params: &Params) -> Result<Filter, ApiError> {
        let games: Vec<(&str, PuzzleGame)> = PuzzleGame::ALL.iter().map(|g| (g.id(), *g)).collect();
        let game = params.word("game", &games)?;
        let theme = match params.get("theme") {
            None => None,
            Some(t) => {
                let theme: Theme = serde_json::from_value(serde_json::Value::String(t.to_string())).map_err(|_| {
                    let names = theme_names();
                    let shown: String = t.chars().take(40).collect();
                    ApiError::BadRequest(format!(
                        "parameter `theme` must be one of {} (got `{shown}`)",
                        names.join(", ")
                    ))
                })?;
                Some(theme_name(theme))
            }
        };
        Ok(Filter { game, theme })
    }

    fn store<'a>(&'a self, exclude: &'a [String]) -> PuzzleFilter<'a> {
        PuzzleFilter { game: self.game, theme: self.theme.as_deref(), exclude }
    }

    fn words(&self) -> String {
        let mut out = String::new();
        if let Some(g) = self.game {
            out.push_str(&format!(" of {}", g.id()));
        }
        if let Some(t) = &self.theme {
            out.push_str(&format!(" with theme {t}"));
        }
        out
    }
}

/// `next`'s query: `game`, `theme`, and `exclude` (puzzle ids, comma-separated, at most
/// [`EXCLUDE_MAX`]).
#[derive(Debug)]
pub struct NextQuery {
    filter: Filter,
    exclude: Vec<String>,
}

/// The most ids `next`'s `exclude` takes: a guest's recent finished puzzles, as its browser keeps them.
/// A bound on the query's size and the SQL's parameters; the browser sends its most recent ones.
pub const EXCLUDE_MAX: usize = 100;

impl FromParams for NextQuery {
    const NAMES: &'static [&'static str] = &["game", "theme", "exclude"];
    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let exclude = match params.get("exclude") {
            None | Some("") => Vec::new(),
            Some(list) => {
                let ids: Vec<&str> = list.split(',').collect();
                if ids.len() > EXCLUDE_MAX {
                    return Err(ApiError::BadRequest(format!(
                        "parameter `exclude` takes at most {EXCLUDE_MAX} puzzle ids (got {})",
                        ids.len()
                    )));
                }
                let parsed = ids.iter().map(|id| id.parse::<PuzzleId>().map(|p| p.0));
                parsed
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| ApiError::BadRequest(e.replacen("`id`", "parameter `exclude`", 1)))?
            }
        };
        Ok(NextQuery { filter: Filter::of(params)?, exclude })
    }
}

/// A puzzle near the caller's puzzle rating (a guest's: 1500) that the caller has not attempted and
/// `exclude` does not name, at random among the nearest few; never a retired one.
#[utoipa::path(get, path = "/api/puzzles/next", operation_id = "next_puzzle", tag = "puzzles",
    params(
        ("game" = Option<String>, Query, description = "`kubuguza`, `ikibuguzo`, `njombwa` or `azigo`"),
        ("theme" = Option<String>, Query, description = "a theme name (`relay_capture`, `endgame`, …)"),
        ("exclude" = Option<String>, Query, description = "puzzle ids not to offer, comma-separated, at most \
            100 (a guest's finished puzzles, which only its browser knows)")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = PuzzleView, description = "the puzzle"),
        (status = 404, body = ErrorBody, description = "no puzzle of that game and theme is left to play")))]
// `GET /api/puzzles/next?game=&theme=&exclude=`: a puzzle near the caller's puzzle rating (a guest's is
// 1500) that the caller has no recorded attempt of and that `exclude` does not name, chosen at random
// among the nearest few.
pub async fn next(
    State(state): State<AppState>,
    Query(NextQuery { filter, exclude }): Query<NextQuery>,
    MaybeSignedIn(caller): MaybeSignedIn,
) -> Result<axum::Json<PuzzleView>, ApiError> {
    Ok(axum::Json(next_for(&state, &filter, &exclude, caller.map(|c| c.name.key())).await?))
}

/// What `GET /api/puzzles/next` answers the account `key` (`None`: a guest) asking with `filter` and
/// `exclude` (the first paint writes a guest's unfiltered answer too).
pub async fn next_for(
    state: &AppState,
    filter: &Filter,
    exclude: &[String],
    key: Option<String>,
) -> Result<PuzzleView, ApiError> {
    let rating = match &key {
        Some(k) => queries::puzzle_standing(&state.store, k).await?.map_or(Rating::default(), |s| s.rating),
        None => Rating::default(),
    };
    let near =
        queries::puzzles_near(&state.store, filter.store(exclude), rating.rating, key.as_deref(), NEAREST).await?;
    if near.is_empty() {
        return Err(ApiError::NotFound(format!("no puzzle{} left to play", filter.words())));
    }
    let pick = &near[rand::random::<u32>() as usize % near.len()];
    view(pick)
}

/// The puzzle of the UTC day: derived from the date and the puzzles served, the same on every node.
#[utoipa::path(get, path = "/api/puzzles/daily", operation_id = "daily_puzzle", tag = "puzzles",
    responses(
        (status = 200, body = DailyPuzzle, description = "the day and its puzzle"),
        (status = 404, body = ErrorBody, description = "no puzzle is served")))]
// `GET /api/puzzles/daily`: the UTC day's puzzle, the same on every node ([`crate::puzzles::daily`]).
pub async fn daily(State(state): State<AppState>, _: Query<NoParams>) -> Result<axum::Json<DailyPuzzle>, ApiError> {
    Ok(axum::Json(daily_puzzle(&state).await?))
}

/// What `GET /api/puzzles/daily` answers, to anyone (the first paint writes it too).
pub async fn daily_puzzle(state: &AppState) -> Result<DailyPuzzle, ApiError> {
    let date = utc_date(UnixMs::now());
    let ids = queries::served_puzzle_ids(&state.store).await?;
    let Some(id) = pick_daily(&date, &ids) else {
        return Err(ApiError::NotFound("no puzzle is served yet".into()));
    };
    let row =
        queries::puzzle(&state.store, id).await?.ok_or_else(|| ApiError::NotFound(format!("no puzzle `{id}`")))?;
    Ok(DailyPuzzle { date, puzzle: view(&row)? })
}

/// The streak's query: `after` (the puzzle just solved), `game`, `theme`.
#[derive(Debug)]
pub struct StreakQuery {
    after: Option<PuzzleId>,
    filter: Filter,
}

impl FromParams for StreakQuery {
    const NAMES: &'static [&'static str] = &["after", "game", "theme"];
    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let after = params
            .get("after")
            .map(|t| {
                t.parse::<PuzzleId>().map_err(|e| ApiError::BadRequest(e.replacen("`id`", "parameter `after`", 1)))
            })
            .transpose()?;
        Ok(StreakQuery { after, filter: Filter::of(params)? })
    }
}

/// The streak's next puzzle: harder (rated higher now) than `after`, among the easiest few such; without
/// `after`, a streak's first. The run is kept by attempts sent with `streak: true`.
#[utoipa::path(get, path = "/api/puzzles/streak/next", tag = "puzzles",
    params(
        ("after" = Option<String>, Query, description = "the puzzle just solved (16 hex digits)"),
        ("game" = Option<String>, Query, description = "`kubuguza`, `ikibuguzo`, `njombwa` or `azigo`"),
        ("theme" = Option<String>, Query, description = "a theme name")),
    responses(
        (status = 200, body = PuzzleView, description = "the puzzle"),
        (status = 404, body = ErrorBody, description = "`after` is no puzzle, or no puzzle is harder: the streak is complete")))]
// `GET /api/puzzles/streak/next?after=ID`: a puzzle harder than `after` (rated above it now), among the
// easiest few such; without `after`, among the easiest of all: a streak's first.
pub async fn streak_next(
    State(state): State<AppState>,
    Query(q): Query<StreakQuery>,
) -> Result<axum::Json<PuzzleView>, ApiError> {
    let above = match &q.after {
        Some(id) => Some(stored(&state, id).await?.rating.rating),
        None => None,
    };
    let harder = queries::puzzles_above(&state.store, q.filter.store(&[]), above, STREAK_CHOICES).await?;
    if harder.is_empty() {
        return Err(ApiError::NotFound(format!("no harder puzzle{}: the streak is complete", q.filter.words())));
    }
    let pick = &harder[rand::random::<u32>() as usize % harder.len()];
    Ok(axum::Json(view(pick)?))
}

/// The board before the solver's choice number `n` (0 is the first) of the solution, with its legal
/// decisions, everything shown; `None` past the last.
fn board_at_choice(row: &PuzzleRow, s: &Solution, n: usize) -> Result<Option<BoardView>, ApiError> {
    let Some(at) = s.steps.iter().enumerate().filter(|(_, step)| step.choice).nth(n).map(|(i, _)| i) else {
        return Ok(None);
    };
    let line = row.puzzle.replay().map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(line.steps.get(at).map(|(_, _, before)| mancala_learn::board_view(before, None, true)))
}

/// Judge the solver's decisions so far: `right` (solved), `wrong` (with the expected decision and the
/// whole solution) or `continue` (with the decisions to play before the next choice). An account's first
/// finished attempt of a puzzle is recorded and moves its puzzle rating and the puzzle's (Glicko-2); a
/// guest's is judged only.
#[utoipa::path(post, path = "/api/puzzles/{id}/attempt", operation_id = "attempt_puzzle", tag = "puzzles", request_body = AttemptRequest,
    params(("id" = String, Path, description = "a puzzle id: 16 lower-case hex digits")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = AttemptAnswer, description = "the judgement"),
        (status = 400, body = ErrorBody, description = "no decisions, more than the solution asks for, or one that is not notation (the message names it)"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player or API token"),
        (status = 404, body = ErrorBody, description = "no puzzle of that id"),
        (status = 429, body = ErrorBody, description = "too many puzzle attempts and votes from this address or account")))]
// `POST /api/puzzles/{id}/attempt`: judges the solver's decisions so far; a finished attempt (the first
// wrong decision, or the whole line) of an account is recorded once per puzzle with both ratings, and
// moves the account's streak when `streak` is set. A guest's attempt is judged only.
pub async fn attempt(
    State(state): State<AppState>,
    _: Query<NoParams>,
    client: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
    Path(id): Path<PuzzleId>,
    Json(req): Json<AttemptRequest>,
) -> Result<axum::Json<AttemptAnswer>, ApiError> {
    state.limits.check_for(Limit::Puzzles, client, caller.as_ref().map(|c| &c.name))?;
    let row = stored(&state, &id).await?;
    let s = solution(&row)?;
    let verdict =
        s.judge(&req.decisions, &row.puzzle).map_err(|e: AttemptError| ApiError::BadRequest(e.to_string()))?;
    let by_alternative = matches!(verdict, Verdict::Right { by_alternative: true, .. });
    let board = match verdict {
        Verdict::Continue { .. } => board_at_choice(&row, &s, req.decisions.len())?,
        _ => None,
    };
    let (result, reply, wrong) = match verdict {
        Verdict::Right { reply, .. } => (AttemptResult::Right, reply, None),
        Verdict::Continue { reply } => (AttemptResult::Continue, reply, None),
        Verdict::Wrong { index, expected } => (AttemptResult::Wrong, Vec::new(), Some((index, expected))),
    };
    let mut answer = AttemptAnswer {
        result,
        reply: line(&reply),
        wrong_index: wrong.as_ref().map(|(i, _)| *i as u32),
        expected: wrong.as_ref().map(|(_, e)| e.text.clone()),
        solution: (result != AttemptResult::Continue).then(|| line(&s.steps)),
        alternatives: if result == AttemptResult::Continue { Vec::new() } else { alternatives(&s) },
        by_alternative,
        recorded: false,
        rating: None,
        puzzle_rating: row.rating.shown(),
        streak: None,
        board,
    };
    if let (Some(caller), true) = (caller, result != AttemptResult::Continue) {
        let write = AttemptWrite {
            puzzle: row.puzzle.id.clone(),
            player_key: caller.name.key(),
            won: result == AttemptResult::Right,
            at: UnixMs::now(),
            streak: req.streak,
        };
        let mut committed = state.store.write_for(vec![Write::feature(PuzzleWrite::Attempt(write))]).await?;
        let outcome = committed.report::<AttemptOutcome>().unwrap_or_default();
        if let Some((before, after)) = outcome.account {
            answer.recorded = true;
            answer.rating = Some(PuzzleRatingChange {
                before: before.shown(),
                after: after.shown(),
                provisional: after.provisional(),
            });
        }
        if let Some(p) = outcome.puzzle {
            answer.puzzle_rating = p.shown();
        }
        answer.streak = outcome.streak.map(|(run, best)| StreakState { run, best });
    }
    Ok(axum::Json(answer))
}

/// Vote on a puzzle the caller has attempted (a second vote replaces the first); enough down votes retire
/// it (docs/puzzles.md, "Retiring").
#[utoipa::path(post, path = "/api/puzzles/{id}/vote", operation_id = "vote_puzzle", tag = "puzzles", request_body = VoteRequest,
    params(("id" = String, Path, description = "a puzzle id: 16 lower-case hex digits")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = VoteAnswer, description = "the puzzle's votes now"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no puzzle of that id"),
        (status = 409, body = ErrorBody, description = "the caller has not attempted the puzzle"),
        (status = 429, body = ErrorBody, description = "too many puzzle attempts and votes from this address or account")))]
// `POST /api/puzzles/{id}/vote`: an account's vote on a puzzle it has a recorded attempt of; enough down
// votes retire it ([`crate::puzzles::retires`]).
pub async fn vote(
    State(state): State<AppState>,
    _: Query<NoParams>,
    client: ClientAddr,
    SignedIn(caller): SignedIn,
    Path(id): Path<PuzzleId>,
    Json(req): Json<VoteRequest>,
) -> Result<axum::Json<VoteAnswer>, ApiError> {
    state.limits.check_for(Limit::Puzzles, client, Some(&caller.name))?;
    stored(&state, &id).await?;
    let key = caller.name.key();
    if !queries::puzzle_attempted(&state.store, &id.0, &key).await? {
        return Err(ApiError::Conflict(format!("vote on puzzle `{}` after attempting it", id.0)));
    }
    let write = PuzzleWrite::Vote { puzzle: id.0.clone(), player_key: key, up: req.up, at: UnixMs::now() };
    state.store.write(vec![Write::feature(write)]).await?;
    let row = stored(&state, &id).await?;
    Ok(axum::Json(VoteAnswer { up: row.votes_up, down: row.votes_down, retired: row.retired }))
}

/// The history's query: `limit`.
#[derive(Debug)]
pub struct HistoryQuery {
    limit: u32,
}

impl FromParams for HistoryQuery {
    const NAMES: &'static [&'static str] = &["limit"];
    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let limit = params.number("limit", 1..=u64::from(HISTORY_MAX))?.map_or(HISTORY_DEFAULT, |n| n as u32);
        Ok(HistoryQuery { limit })
    }
}

/// The caller's puzzle rating, best streak, newest attempts and results by theme.
#[utoipa::path(get, path = "/api/puzzles/history", operation_id = "puzzle_history", tag = "puzzles",
    params(("limit" = Option<u32>, Query, description = "newest attempts listed, 1 to 100 (default 20)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = PuzzleHistory, description = "the caller's puzzle history"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
// `GET /api/puzzles/history?limit=`: the caller's puzzle rating, best streak, newest attempts and
// results by theme (over every attempt).
pub async fn history(
    State(state): State<AppState>,
    Query(q): Query<HistoryQuery>,
    SignedIn(caller): SignedIn,
) -> Result<axum::Json<PuzzleHistory>, ApiError> {
    Ok(axum::Json(super::history::of(&state.store, &caller.name.key(), Some(q.limit as usize)).await?))
}

/// Every puzzle served, one JSON object per line (the `mancala-puzzles` form, with the solution and each
/// puzzle's rating now), in id order.
#[utoipa::path(get, path = "/api/puzzles/export", operation_id = "export_puzzles", tag = "puzzles",
    responses((status = 200, body = String, content_type = "application/x-ndjson", description = "NDJSON: one puzzle per line")))]
// `GET /api/puzzles/export`: every puzzle served, as NDJSON (the `mancala-puzzles` crate's form, with
// each puzzle's rating now), in id order.
pub async fn export(State(state): State<AppState>, _: Query<NoParams>) -> Result<Response, ApiError> {
    let rows = queries::all_puzzles(&state.store, false).await?;
    let puzzles: Vec<_> = rows.into_iter().map(|r| r.puzzle).collect();
    let mut response = mancala_puzzles::write_ndjson(&puzzles).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    Ok(response)
}
