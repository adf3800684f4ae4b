//! The extractors of the HTTP API: each refuses a bad request once, here, with an [`ApiError`] that says
//! what was wrong, so handlers receive typed values only.
//!
//! - [`Path<T>`]: a path parameter parsed into its type (`Path<GameId>`, `Path<InviteCode>`,
//!   `Path<PlayerName>`): a malformed one is a 400 naming it, before any database query.
//! - [`Json<T>`] and [`OptionalJson<T>`]: a JSON object body (`Content-Type: application/json`, else 415),
//!   deserialised strictly: unknown fields (at any depth: the body types deny them), a missing field, a
//!   wrong type, and an array where an object belongs are 400s that name the field by its path
//!   (`clock.extra_secs`). serde would read an array as a struct's fields in order (`["azigo", null,
//!   "south"]` was a game), so arrays are refused anywhere but at the fields that are arrays
//!   ([`ARRAY_FIELDS`]: a seek's rating `range`, `[min, max]`). A key repeated in an object is refused
//!   too, named by its path (`mancala_protocol::strict`): serde would keep the last one.
//! - [`Query<T>`]: the query string checked against the parameters the route takes ([`FromParams`]):
//!   an unknown parameter, or one given twice, is a 400 listing the ones it takes. Every API route has
//!   one (`Query<NoParams>` where it takes none).
//! - [`Bearer`]: the `Authorization` header. Absent, the request is a guest's; present, it must be
//!   `Bearer <token>` (the scheme is case-insensitive, RFC 7235 §2.1) or the request is refused with 401:
//!   a malformed header (empty, `Basic …`, no token) never silently makes a guest.

use crate::edge::error::ApiError;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Display;
use std::str::FromStr;

/// The largest request body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A path parameter of type `T` (the route's only one).
#[derive(Debug)]
pub struct Path<T>(pub T);

impl<S, T> FromRequestParts<S> for Path<T>
where
    S: Send + Sync,
    T: FromStr + Send,
    T::Err: Display,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let axum::extract::Path(text) = axum::extract::Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::BadRequest(format!("bad path: {}", e.body_text())))?;
        text.parse().map(Path).map_err(|e: T::Err| ApiError::BadRequest(e.to_string()))
    }
}

/// A required JSON body.
#[derive(Debug)]
pub struct Json<T>(pub T);

/// An optional JSON body: an empty one (or `null`) is `T::default()`.
#[derive(Debug)]
pub struct OptionalJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match body(req, state).await? {
            Some(bytes) => parse(&bytes).map(Json),
            None => {
                Err(ApiError::BadRequest("a JSON body is required (with `Content-Type: application/json`)".to_string()))
            }
        }
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for OptionalJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match body(req, state).await? {
            // JSON `null` is no body too (OpenAPI describes an optional body as nullable).
            Some(bytes) if bytes.trim_ascii() == b"null" => Ok(OptionalJson(T::default())),
            Some(bytes) => parse(&bytes).map(OptionalJson),
            None => Ok(OptionalJson(T::default())),
        }
    }
}

/// The body's bytes, `None` when it is empty (or only white space). A body that is not empty must be
/// declared JSON.
async fn body<S: Send + Sync>(req: Request, state: &S) -> Result<Option<axum::body::Bytes>, ApiError> {
    let declared = req.headers().get(header::CONTENT_TYPE).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let bytes = axum::body::Bytes::from_request(req, state).await.map_err(|e| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(format!("the body is larger than {} bytes", MAX_BODY_BYTES))
        } else {
            ApiError::BadRequest(format!("the body could not be read: {}", e.body_text()))
        }
    })?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    match declared.as_deref() {
        Some(t) if is_json(t) => Ok(Some(bytes)),
        Some(t) => Err(ApiError::UnsupportedMediaType(format!(
            "the body must be JSON, sent with `Content-Type: application/json` (got `{}`)",
            t.chars().take(60).collect::<String>()
        ))),
        None => Err(ApiError::UnsupportedMediaType(
            "the body must be JSON, sent with `Content-Type: application/json` (no Content-Type was given)".to_string(),
        )),
    }
}

/// `application/json` or `application/…+json`, with any parameters (`; charset=utf-8`).
fn is_json(content_type: &str) -> bool {
    let media = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    media == "application/json" || (media.starts_with("application/") && media.ends_with("+json"))
}

/// A JSON object as `T`, or a 400 that names what was wrong and where.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // Before the `Value`, which would keep the last of repeated keys.
    if let Some(path) = mancala_protocol::strict::first_duplicate(bytes) {
        return Err(ApiError::BadRequest(format!("bad body: {}", mancala_protocol::strict::duplicate_message(&path))));
    }
    let value: Value =
        serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("the body is not JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::BadRequest(format!("the body must be a JSON object, not {}", kind(&value))));
    }
    if let Some(path) = first_array(&value, String::new()) {
        return Err(ApiError::BadRequest(format!("`{path}` must be an object or a value, not an array")));
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." || path.is_empty() {
            ApiError::BadRequest(format!("bad body: {inner}"))
        } else {
            ApiError::BadRequest(format!("bad body: `{path}`: {inner}"))
        }
    })
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The fields of request bodies that are arrays, by their path: the only places an array is read.
/// (`range` of `POST /api/lobby/seeks`, a `[i32; 2]`: serde reads exactly two integers there; `decisions`
/// of a lesson check, a list of strings; `variants` of `POST /api/tournaments`, a list of variant ids.)
pub const ARRAY_FIELDS: &[&str] = &["range", "decisions", "variants"];

/// The path of the first array inside `v` (`clock`, `options.handicap`), but for [`ARRAY_FIELDS`].
fn first_array(v: &Value, at: String) -> Option<String> {
    match v {
        Value::Array(_) if ARRAY_FIELDS.contains(&at.as_str()) => None,
        Value::Array(_) => Some(at),
        Value::Object(m) => m.iter().find_map(|(k, x)| {
            let path = if at.is_empty() { k.clone() } else { format!("{at}.{k}") };
            first_array(x, path)
        }),
        _ => None,
    }
}

/// The query parameters of a request: each given at most once, none unknown to the route.
#[derive(Debug, Default)]
pub struct Params(HashMap<String, String>);

impl Params {
    /// Reads the query string of `uri`, checked against the names `known`.
    pub fn parse(uri: &axum::http::Uri, known: &[&str]) -> Result<Params, ApiError> {
        let axum::extract::Query(pairs) = axum::extract::Query::<Vec<(String, String)>>::try_from_uri(uri)
            .map_err(|e| ApiError::BadRequest(format!("bad query string: {}", e.body_text())))?;
        let mut map = HashMap::new();
        for (name, value) in pairs {
            if !known.contains(&name.as_str()) {
                let takes = match known {
                    [] => "no parameters".to_string(),
                    _ => known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
                };
                let name: String = name.chars().take(40).collect();
                return Err(ApiError::BadRequest(format!("unknown parameter `{name}`; this route takes {takes}")));
            }
            if map.contains_key(&name) {
                return Err(ApiError::BadRequest(format!("parameter `{name}` is given more than once")));
            }
            map.insert(name, value);
        }
        Ok(Params(map))
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// An unsigned integer parameter within `range`.
    pub fn number(&self, name: &str, range: std::ops::RangeInclusive<u64>) -> Result<Option<u64>, ApiError> {
        let Some(text) = self.get(name) else { return Ok(None) };
        match text.parse::<u64>() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(ApiError::BadRequest(format!(
                "parameter `{name}` must be an integer from {} to {} (got `{}`)",
                range.start(),
                range.end(),
                text.chars().take(40).collect::<String>()
            ))),
        }
    }

    /// One of a fixed set of values, each with its word.
    pub fn word<T: Copy>(&self, name: &str, allowed: &[(&str, T)]) -> Result<Option<T>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => allowed.iter().find(|(w, _)| *w == v).map(|&(_, t)| Some(t)).ok_or_else(|| {
                let words: Vec<&str> = allowed.iter().map(|(w, _)| *w).collect();
                ApiError::BadRequest(format!(
                    "parameter `{name}` must be one of {} (got `{}`)",
                    words.join(", "),
                    v.chars().take(40).collect::<String>()
                ))
            }),
        }
    }

    /// A parameter parsed by its type (a game id, a name); the error names the parameter.
    pub fn parsed<T: FromStr>(&self, name: &str) -> Result<Option<T>, ApiError>
    where
        T::Err: Display,
    {
        self.get(name)
            .map(|text| text.parse().map_err(|e| ApiError::BadRequest(format!("parameter `{name}`: {e}"))))
            .transpose()
    }
}

/// The parameters of a route as a type.
pub trait FromParams: Sized {
    /// Every parameter the route takes.
    const NAMES: &'static [&'static str];
    fn from_params(params: &Params) -> Result<Self, ApiError>;
}

/// A route without query parameters.
#[derive(Debug)]
pub struct NoParams;

impl FromParams for NoParams {
    const NAMES: &'static [&'static str] = &[];
    fn from_params(_: &Params) -> Result<Self, ApiError> {
        Ok(NoParams)
    }
}

/// The query parameters of a route, as `T`.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: FromParams> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let params = Params::parse(&parts.uri, T::NAMES)?;
        T::from_params(&params).map(Query)
    }
}

/// The token of the `Authorization` header, when there is one.
#[derive(Debug)]
pub struct Bearer(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let mut values = parts.headers.get_all(header::AUTHORIZATION).iter();
        let Some(value) = values.next() else { return Ok(Bearer(None)) };
        if values.next().is_some() {
            return Err(ApiError::BadToken("send one `Authorization` header, not several".to_string()));
        }
        bearer_token(value.as_bytes()).map(|t| Bearer(Some(t))).map_err(ApiError::BadToken)
    }
}

/// The token of an `Authorization` value: `Bearer` (any case) then one or more spaces, then a token68
/// (RFC 7235 §2.1, RFC 6750 §2.1). The error never repeats the credentials.
fn bearer_token(value: &[u8]) -> Result<String, String> {
    let text = std::str::from_utf8(value).map_err(|_| "the `Authorization` header is not text".to_string())?;
    let text = text.trim();
    if text.is_empty() {
        return Err("the `Authorization` header is empty: send `Bearer <token>` or no header".to_string());
    }
    let (scheme, rest) = text.split_once(' ').unwrap_or((text, ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        let scheme: String = scheme.chars().take(20).collect();
        return Err(format!("the `Authorization` scheme must be `Bearer`, not `{scheme}`"));
    }
    let token = rest.trim_start_matches(' ');
    let token68 = |t: &str| {
        let body = t.trim_end_matches('=');
        !body.is_empty() && body.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b))
    };
    if !token68(token) {
        return Err("the `Authorization` header must be `Bearer <token>`: the token is missing or malformed".into());
    }
    Ok(token.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        a: u32,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        name: String,
        #[serde(default)]
        inner: Option<Inner>,
    }

    fn err<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
        parse::<T>(json.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn bodies_are_objects_of_known_fields() {
        assert_eq!(parse::<Outer>(br#"{"name":"x","inner":{"a":1}}"#).unwrap().inner, Some(Inner { a: 1 }));
        assert!(err::<Outer>(r#"["x",{"a":1}]"#).contains("must be a JSON object, not an array"));
        assert!(err::<Outer>(r#"{"name":"x","inner":[1]}"#).contains("`inner` must be an object"));
        assert!(err::<Outer>("null").contains("not null"));
        let e = err::<Outer>(r#"{"name":"x","inner":{"a":1,"b":2}}"#);
        assert!(e.contains("`inner") && e.contains("unknown field `b`"), "{e}");
        assert!(err::<Outer>(r#"{}"#).contains("missing field `name`"));
        let e = err::<Outer>(r#"{"name":"x","inner":{"a":"one"}}"#);
        assert!(e.contains("`inner.a`"), "{e}");
        assert!(err::<Outer>("{").contains("not JSON"));
        let e = err::<Outer>(r#"{"name":"x","inner":{"a":1,"a":2}}"#);
        assert!(e.contains("duplicate key `inner.a`"), "{e}");
    }

    #[test]
    fn a_seek_range_is_an_array_and_nothing_else_is() {
        use mancala_protocol::lobby::SeekRequest;
        let seek = parse::<SeekRequest>(br#"{"variant":"kubuguza","range":[1400,1600]}"#).unwrap();
        assert_eq!(seek.range, Some([1400, 1600]));
        assert!(err::<SeekRequest>(r#"{"variant":"kubuguza","range":[1400]}"#).contains("`range`"));
        let e = err::<SeekRequest>(r#"{"variant":"kubuguza","clock":[300,3]}"#);
        assert!(e.contains("`clock` must be an object"), "{e}");
    }

    #[test]
    fn a_tournament_lists_its_variants_in_an_array() {
        use mancala_protocol::tournament::CreateTournament;
        let body = br#"{"name":"Friday arena","kind":"arena","variants":["kubuguza","azigo"],
            "clock":{"base_secs":180,"increment_secs":2},"minutes":30}"#;
        let t = parse::<CreateTournament>(body).unwrap();
        assert_eq!(t.variants.len(), 2);
        let e = err::<CreateTournament>(
            r#"{"name":"x","kind":"arena","variants":["kubuguza"],"clock":[180,2],"minutes":30}"#,
        );
        assert!(e.contains("`clock` must be an object"), "{e}");
    }

    #[test]
    fn json_media_types() {
        assert!(is_json("application/json"));
        assert!(is_json("Application/JSON; charset=utf-8"));
        assert!(is_json("application/merge-patch+json"));
        assert!(!is_json("text/plain"));
        assert!(!is_json("application/jsonx"));
    }

    #[test]
    fn authorization_headers() {
        assert_eq!(bearer_token(b"Bearer abc123").unwrap(), "abc123");
        assert_eq!(bearer_token(b"bearer abc123").unwrap(), "abc123", "the scheme is case-insensitive");
        assert_eq!(bearer_token(b"BEARER  abc123").unwrap(), "abc123");
        for bad in
            [&b""[..], b"   ", b"Bearer", b"Bearer ", b"Basic YWxhZGRpbjpvcGVuc2VzYW1l", b"Bearer a b", b"abc123"]
        {
            assert!(bearer_token(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
        assert!(!bearer_token(b"Basic c2VjcmV0").unwrap_err().contains("c2VjcmV0"), "credentials are not repeated");
    }
}
