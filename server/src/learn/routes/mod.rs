//! Learning the games: the courses and lessons, the check of a learner's decisions, the players' rules
//! pages, and the move preview. Every answer comes from `mancala-learn` (the data and the engine behind
//! it): this module only reads requests, picks the language and maps errors to statuses.
//!
//! | path | what |
//! |---|---|
//! | `GET /api/lessons?lang=&variant=` | the courses, each game's lessons in order (one game's with `variant`) |
//! | `GET /api/lessons/{game}/{lesson}?lang=` | a whole lesson with its steps |
//! | `POST /api/lessons/{game}/{lesson}/{step}/check` | the verdict on the learner's decisions |
//! | `GET /api/rules/{variant}?lang=` | the rules page of the game a rule set belongs to |
//! | `POST /api/preview` | what one decision does at a position the asker knows whole |
//!
//! The language is `lang` when given, else the first language of `Accept-Language` that has texts, else
//! English. The static answers (courses, lessons, rules) carry an `ETag` and are revalidated
//! (`no-cache`, `Vary: Accept-Language`). A check and a preview make the engine play: they are
//! rate-limited per client address ([`Limit::Engine`]) and run on the blocking pool. A signed-in
//! player's progress through the lessons is [`progress`].

pub mod progress;

use super::library;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Json, NoParams, Params, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use mancala_engine::Variant;
use mancala_learn::LessonView;
use mancala_learn::Preview;
use mancala_learn::RulesView;
use mancala_learn::Verdict;
use mancala_learn::{CourseView, LearnError, PreviewError};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::OptionsPatch;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The learning routes, which `http/mod.rs` merges.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/lessons", get(courses))
        .route("/api/lessons/{game}/{lesson}", get(lesson))
        .route("/api/lessons/{game}/{lesson}/{step}/check", post(check))
        .route("/api/rules/{variant}", get(rules))
        .route("/api/preview", post(preview))
        .route("/api/account/learn", get(progress::get))
        .route("/api/account/learn/{game}/{lesson}/{step}", put(progress::put))
}

/// The longest `lang` value read: a BCP 47 tag is rarely longer than `zh-Hant-TW`.
const MAX_LANG_CHARS: usize = 35;

/// The longest position text a preview reads (a 2x20 board with every hole named fits in a few hundred).
pub const MAX_POSITION_CHARS: usize = 2048;

/// A language tag as read: letters, digits and `-`, starting with a letter.
fn valid_lang(lang: &str) -> bool {
    !lang.is_empty()
        && lang.len() <= MAX_LANG_CHARS
        && lang.starts_with(|c: char| c.is_ascii_alphabetic())
        && lang.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

fn bad_lang(what: &str, lang: &str) -> ApiError {
    ApiError::BadRequest(format!("{what} must be a language tag such as `en` or `fr-BI` (got `{}`)", segment(lang)))
}

/// `lang` as given.
fn lang_param(params: &Params) -> Result<Option<String>, ApiError> {
    match params.get("lang") {
        Some(lang) if !valid_lang(lang) => Err(bad_lang("parameter `lang`", lang)),
        lang => Ok(lang.map(str::to_string)),
    }
}

/// `?lang=`.
#[derive(Debug)]
pub struct LangParams {
    lang: Option<String>,
}

impl FromParams for LangParams {
    const NAMES: &'static [&'static str] = &["lang"];
    fn from_params(params: &Params) -> Result<Self, ApiError> {
        Ok(LangParams { lang: lang_param(params)? })
    }
}

/// `?lang=&variant=`.
#[derive(Debug)]
pub struct LessonsParams {
    lang: Option<String>,
    variant: Option<Variant>,
}

impl FromParams for LessonsParams {
    const NAMES: &'static [&'static str] = &["lang", "variant"];
    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let variant = params.get("variant").map(parse_variant).transpose().map_err(|e| match e {
            ApiError::NotFound(m) => ApiError::BadRequest(format!("parameter `variant`: {m}")),
            other => other,
        })?;
        Ok(LessonsParams { lang: lang_param(params)?, variant })
    }
}

fn parse_variant(text: &str) -> Result<Variant, ApiError> {
    text.parse().map_err(|_| {
        let known: Vec<_> = Variant::ALL.iter().map(|v| v.id()).collect();
        let shown: String = text.chars().take(40).collect();
        ApiError::NotFound(format!("no variant `{shown}` (known: {})", known.join(", ")))
    })
}

/// The language to answer in: `lang`, else the best of `Accept-Language` that has texts, else English.
pub fn language(lang: Option<&str>, headers: &HeaderMap) -> &'static str {
    let known = library().languages();
    let pick = |tag: &str| {
        let primary = tag.split('-').next().unwrap_or("").to_ascii_lowercase();
        known.iter().copied().find(|k| *k == primary)
    };
    if let Some(lang) = lang {
        return pick(lang).unwrap_or("en");
    }
    let header = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let mut wanted: Vec<(f32, usize, &str)> = header
        .split(',')
        .take(20)
        .enumerate()
        .filter_map(|(i, part)| {
            let mut bits = part.split(';');
            let tag = bits.next()?.trim();
            let q = bits
                .find_map(|b| b.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()))
                .unwrap_or(1.0);
            (!tag.is_empty() && q > 0.0).then_some((q, i, tag))
        })
        .collect();
    wanted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    wanted.iter().find_map(|(_, _, tag)| pick(tag)).unwrap_or("en")
}

/// A static answer: JSON with an `ETag` of its bytes, revalidated on every use (a new build may change
/// it), varying with `Accept-Language`; `304` when the client holds it already.
fn cached(body: &impl Serialize, lang: &str, request: &HeaderMap) -> Result<Response, ApiError> {
    let bytes = serde_json::to_vec(body).map_err(|e| ApiError::Internal(format!("serialising an answer: {e}")))?;
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&bytes)[..8]));
    let matches = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut response =
        if matches { StatusCode::NOT_MODIFIED.into_response() } else { (StatusCode::OK, bytes).into_response() };
    let h = response.headers_mut();
    if !matches {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, etag);
    }
    if let Ok(lang) = HeaderValue::from_str(lang) {
        h.insert(header::CONTENT_LANGUAGE, lang);
    }
    Ok(response)
}

fn learn_error(e: LearnError) -> ApiError {
    match e {
        LearnError::UnknownStep(_) | LearnError::UnknownLesson(_) => ApiError::NotFound(e.to_string()),
        LearnError::BadAttempt { .. } => ApiError::BadRequest(format!("`decisions`: {e}")),
        LearnError::Data { .. } => ApiError::Internal(e.to_string()),
    }
}

/// The list of courses.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LessonList {
    /// The language of the texts.
    pub lang: &'static str,
    pub courses: Vec<CourseView>,
}

/// A path segment as an id: at most 40 characters are echoed in a message.
fn segment(s: &str) -> String {
    s.chars().take(40).collect()
}

/// The courses: each game's lessons in order (one game's with `variant`), in one language.
///
/// The language is `lang`, else the first language of `Accept-Language` that has texts, else English.
#[utoipa::path(get, path = "/api/lessons", operation_id = "lessons", tag = "learn",
    params(
        ("lang" = Option<String>, Query, description = "a language tag (`fr`, `fr-BI`); unknown ones get English"),
        ("variant" = Option<String>, Query, description = "only the course of this rule set's game")),
    responses(
        (status = 200, body = LessonList, description = "the courses (with an `ETag`)"),
        (status = 304, description = "the client's copy (`If-None-Match`) is current"),
        (status = 400, body = ErrorBody, description = "a bad `lang` or `variant`; the message names it")))]
pub async fn courses(headers: HeaderMap, Query(p): Query<LessonsParams>) -> Result<Response, ApiError> {
    let lang = language(p.lang.as_deref(), &headers);
    let courses = match p.variant {
        Some(v) => vec![library().course_for(v, lang)],
        None => library().courses(lang),
    };
    cached(&LessonList { lang, courses }, lang, &headers)
}

/// A whole lesson: its steps with their boards, marks, texts and goals.
#[utoipa::path(get, path = "/api/lessons/{game}/{lesson}", tag = "learn",
    params(
        ("game" = String, Path, description = "a game: `kubuguza`, `ikibuguzo`, `njombwa`, `azigo`"),
        ("lesson" = String, Path, description = "a lesson id of that game's course"),
        ("lang" = Option<String>, Query, description = "a language tag; unknown ones get English")),
    responses(
        (status = 200, body = LessonView, description = "the lesson (with an `ETag`)"),
        (status = 304, description = "the client's copy (`If-None-Match`) is current"),
        (status = 400, body = ErrorBody, description = "a bad `lang`"),
        (status = 404, body = ErrorBody, description = "no such lesson")))]
pub async fn lesson(
    axum::extract::Path((game, lesson)): axum::extract::Path<(String, String)>,
    headers: HeaderMap,
    Query(p): Query<LangParams>,
) -> Result<Response, ApiError> {
    let lang = language(p.lang.as_deref(), &headers);
    let view = lesson_view(&game, &lesson, lang).map_err(learn_error)?;
    cached(&view, lang, &headers)
}

/// The lesson `game`/`lesson` in `lang`, as `GET /api/lessons/{game}/{lesson}` answers it (the first
/// paint writes the same answer into the lesson's page).
pub fn lesson_view(game: &str, lesson: &str, lang: &'static str) -> Result<mancala_learn::LessonView, LearnError> {
    library().lesson(&format!("{}/{}", segment(game), segment(lesson)), lang)
}

/// The body of a check.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// Every decision of the learner in this turn so far, in notation (`["e2", "b2:cw"]`).
    pub decisions: Vec<String>,
    /// The language of the hint (else `Accept-Language`, else English).
    #[serde(default)]
    pub lang: Option<String>,
}

/// Judge the learner's decisions at a step: the engine plays them and the goal is checked.
///
/// Send every decision of the turn so far. `illegal` (the engine refused the last decision) is a verdict,
/// not an error; `continue` asks for one more decision among `board.legal`.
#[utoipa::path(post, path = "/api/lessons/{game}/{lesson}/{step}/check", tag = "learn", request_body = CheckRequest,
    params(
        ("game" = String, Path, description = "a game"),
        ("lesson" = String, Path, description = "a lesson id"),
        ("step" = String, Path, description = "a step id of that lesson")),
    responses(
        (status = 200, body = Verdict, description = "the verdict, the events to animate, the hint or the success"),
        (status = 400, body = ErrorBody, description = "`decisions` cannot be checked (none, unreadable, more than 16, a step without a goal) or a bad `lang`"),
        (status = 404, body = ErrorBody, description = "no such step"),
        (status = 429, body = ErrorBody, description = "too many checks and previews from this client address")))]
pub async fn check(
    State(state): State<AppState>,
    client: ClientAddr,
    axum::extract::Path((game, lesson, step)): axum::extract::Path<(String, String, String)>,
    headers: HeaderMap,
    _: Query<NoParams>,
    Json(req): Json<CheckRequest>,
) -> Result<Response, ApiError> {
    let id = format!("{}/{}/{}", segment(&game), segment(&lesson), segment(&step));
    if library().step_data(&id).is_none() {
        return Err(ApiError::NotFound(format!("no lesson step `{id}`")));
    }
    if let Some(lang) = req.lang.as_deref().filter(|l| !valid_lang(l)) {
        return Err(bad_lang("`lang`", lang));
    }
    state.limits.check(Limit::Engine, client)?;
    let lang = language(req.lang.as_deref(), &headers);
    let verdict = tokio::task::spawn_blocking(move || {
        let decisions: Vec<&str> = req.decisions.iter().map(String::as_str).collect();
        library().check(&id, &decisions, lang)
    })
    .await
    .map_err(|e| ApiError::Internal(format!("a lesson check failed: {e}")))?
    .map_err(learn_error)?;
    Ok(axum::Json(verdict).into_response())
}

/// The rules of the game a rule set belongs to, for players: sections, board diagrams (with the sowing
/// of those that play), the sources' own words (translated beside them), and this site's readings.
#[utoipa::path(get, path = "/api/rules/{variant}", tag = "learn",
    params(
        ("variant" = String, Path, description = "a variant id"),
        ("lang" = Option<String>, Query, description = "a language tag; unknown ones get English")),
    responses(
        (status = 200, body = RulesView, description = "the rules page (with an `ETag`)"),
        (status = 304, description = "the client's copy (`If-None-Match`) is current"),
        (status = 400, body = ErrorBody, description = "a bad `lang`"),
        (status = 404, body = ErrorBody, description = "no such variant")))]
// `GET /api/rules/{variant}`: the rules page of the game `variant` belongs to.
pub async fn rules(
    axum::extract::Path(variant): axum::extract::Path<String>,
    headers: HeaderMap,
    Query(p): Query<LangParams>,
) -> Result<Response, ApiError> {
    let v = parse_variant(&variant)?;
    let lang = language(p.lang.as_deref(), &headers);
    let view = library().rules(v, lang).map_err(learn_error)?;
    cached(&view, lang, &headers)
}

/// The body of a preview.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreviewRequest {
    /// A rule set id.
    pub variant: String,
    /// Options on top of the rule set's defaults.
    #[serde(default)]
    pub options: Option<OptionsPatch>,
    /// The position text (docs/rules.md#d11-position-text); the rule set's start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// One decision in notation (`e2`, `b2:cw`, `store`).
    pub decision: String,
}

/// What one decision does at a position the asker knows whole: its steps (as the game socket sends
/// them), the board after, the counters captured, and whether the turn waits for another decision.
#[utoipa::path(post, path = "/api/preview", tag = "learn", request_body = PreviewRequest,
    responses(
        (status = 200, body = Preview, description = "what the decision does"),
        (status = 400, body = ErrorBody, description = "an unknown `variant`, bad `options`, an unreadable `position`, an unreadable or illegal `decision` (the message lists the legal ones)"),
        (status = 429, body = ErrorBody, description = "too many checks and previews from this client address")))]
pub async fn preview(
    State(state): State<AppState>,
    client: ClientAddr,
    _: Query<NoParams>,
    Json(req): Json<PreviewRequest>,
) -> Result<Response, ApiError> {
    let variant: Variant = req.variant.parse().map_err(|_| match parse_variant(&req.variant) {
        Err(ApiError::NotFound(m)) => ApiError::BadRequest(format!("`variant`: {m}")),
        _ => ApiError::BadRequest("`variant`: unknown".to_string()),
    })?;
    if req.position.as_ref().is_some_and(|p| p.chars().count() > MAX_POSITION_CHARS) {
        return Err(ApiError::BadRequest(format!("`position`: longer than {MAX_POSITION_CHARS} characters")));
    }
    if req.decision.chars().count() > 40 {
        return Err(ApiError::BadRequest("`decision`: longer than 40 characters".to_string()));
    }
    state.limits.check(Limit::Engine, client)?;
    let options = req.options.unwrap_or_default();
    let answer = tokio::task::spawn_blocking(move || {
        mancala_learn::preview(variant, &options, req.position.as_deref(), &req.decision)
    })
    .await
    .map_err(|e| ApiError::Internal(format!("a preview failed: {e}")))?
    .map_err(|e: PreviewError| ApiError::BadRequest(e.to_string()))?;
    Ok(axum::Json(answer).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static(value));
        h
    }

    #[test]
    fn the_language_is_the_parameter_then_the_header_then_english() {
        assert_eq!(language(Some("fr-BI"), &accept("en")), "fr");
        assert_eq!(language(Some("rw"), &accept("fr")), "en", "a language without texts is English");
        assert_eq!(language(None, &accept("rw, fr;q=0.8, en;q=0.5")), "fr");
        assert_eq!(language(None, &accept("en;q=0.4, fr-FR;q=0.9")), "fr");
        assert_eq!(language(None, &accept("fr;q=0, de")), "en");
        assert_eq!(language(None, &HeaderMap::new()), "en");
    }
}
