//! What the server enforces, written into the generated document from the server's own definitions (the
//! id types' patterns, `Variant::ALL`, the clock and page limits, the error codes), so it cannot say less
//! than the code does: the wire types are plain strings and integers in Rust (`mancala-protocol` knows
//! no server rule), and utoipa describes them as such.
//!
//! - shared schemas `GameId`, `InviteCode`, `PlayerName` (patterns), `VariantId`, `Side` (enums), used by
//!   the bodies, the answers and the parameters;
//! - required fields and ranges of the request bodies (`additionalProperties: false` comes from their
//!   `deny_unknown_fields`);
//! - every parameter by its name (`id`, `code`, `name`, `player`, `variant`, `status`, `result`, `since`,
//!   `until`, `cursor`, `limit`, `max`, `ply`, `format`, `v`);
//! - the errors each route can answer, besides those its `#[utoipa::path]` lists: 400 on every route (any query
//!   parameter it does not take), 408 and 500 everywhere, 503 where the database or a room answers, 413
//!   and 415 where a body is read, 429 (with `Retry-After`) where creation is rate-limited, and the
//!   `WWW-Authenticate` header of every 401.

use crate::accounts::tokens;
use crate::edge::error::ApiError;
use crate::game::clock::{MAX_BASE_SECS, MAX_INCREMENT_SECS};
use crate::games::routes::history::{MAX_LIMIT, MAX_MS};
use crate::ids::{GameId, InviteCode, PlayerName};
use crate::learn::routes::MAX_POSITION_CHARS;
use crate::password;
use crate::puzzles::routes::{EXCLUDE_MAX, HISTORY_MAX};
use crate::ratings::routes::LEADERBOARD_MAX;
use mancala_bot::Level;
use mancala_engine::Variant;
use mancala_protocol::ClockSpec;
use mancala_protocol::analysis::MAX_ANALYSIS_NODES;
use serde_json::{Value, json};

fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn nullable(schema: Value) -> Value {
    json!({ "oneOf": [schema, { "type": "null" }] })
}

/// Replaces the value at `pointer` (which must exist: a renamed field fails the test of this document).
fn set(doc: &mut Value, pointer: &str, value: Value) {
    *doc.pointer_mut(pointer).unwrap_or_else(|| panic!("OpenAPI document: no `{pointer}`")) = value;
}

/// Merges `extra` into the object at `pointer`.
fn merge(doc: &mut Value, pointer: &str, extra: Value) {
    let target = doc.pointer_mut(pointer).unwrap_or_else(|| panic!("OpenAPI document: no `{pointer}`"));
    for (k, v) in extra.as_object().expect("an object").clone() {
        target[k] = v;
    }
}

pub fn apply(doc: &mut Value) {
    shared_schemas(doc);
    bodies(doc);
    answers(doc);
    links(doc);
    let paths: Vec<String> = doc["paths"].as_object().expect("paths").keys().cloned().collect();
    for path in paths {
        let methods: Vec<String> = doc["paths"][&path].as_object().expect("a path").keys().cloned().collect();
        for method in methods {
            let op = &mut doc["paths"][&path][&method];
            parameters(&path, op);
            errors(&path, &method, op);
        }
    }
    // An API token's, a report's and a warning's id are not game ids.
    for p in doc["paths"]["/api/account/tokens/{id}"]["delete"]["parameters"].as_array_mut().expect("parameters") {
        p["schema"] = json!({ "type": "string", "description": "an API token's id" });
    }
    for (path, method) in
        [("/api/puzzles/{id}", "get"), ("/api/puzzles/{id}/attempt", "post"), ("/api/puzzles/{id}/vote", "post")]
    {
        for p in doc["paths"][path][method]["parameters"].as_array_mut().expect("parameters") {
            p["schema"] = json!({ "type": "string", "pattern": "^[0-9a-f]{16}$", "description": "a puzzle id" });
        }
    }
    for (path, method) in [
        ("/api/mod/reports/{id}", "get"),
        ("/api/mod/reports/{id}/dismiss", "post"),
        ("/api/account/warnings/{id}/acknowledge", "post"),
    ] {
        for p in doc["paths"][path][method]["parameters"].as_array_mut().expect("parameters") {
            p["schema"] = json!({ "type": "string", "pattern": "^[A-Za-z0-9]{12}$" });
        }
    }
}

fn shared_schemas(doc: &mut Value) {
    let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    let schemas = doc["components"]["schemas"].as_object_mut().expect("schemas");
    schemas
        .insert("GameId".into(), json!({ "type": "string", "pattern": GameId::pattern(), "description": "a game id" }));
    schemas.insert(
        "InviteCode".into(),
        json!({ "type": "string", "pattern": InviteCode::pattern(),
                "description": "an invite code: 8 letters and digits without 0, 1, I, O; either case" }),
    );
    schemas.insert(
        "PlayerName".into(),
        json!({ "type": "string", "pattern": PlayerName::pattern(),
                "description": "a player name: 1 to 24 letters, digits, `_`, `-`, `.`; case-insensitive. A name \
                 to register or play under also needs a letter or a digit, must not start with `bot-` and \
                 must not be reserved (`anonymous` may be a guest's)" }),
    );
    schemas.insert("VariantId".into(), json!({ "type": "string", "enum": variants, "description": "a variant id" }));
    schemas.insert("Side".into(), json!({ "type": "string", "enum": ["south", "north"] }));
    let codes = ApiError::CODES;
    schemas.insert(
        "ErrorBody".into(),
        json!({
            "type": "object",
            "description": "Every HTTP error body: a stable `error` code and a sentence saying what was wrong.",
            "required": ["error", "message"],
            "properties": { "error": { "type": "string", "enum": codes }, "message": { "type": "string" } },
        }),
    );
}

fn bodies(doc: &mut Value) {
    let s = "/components/schemas";
    set(doc, &format!("{s}/CreateGame/properties/variant"), reference("VariantId"));
    doc.pointer_mut(&format!("{s}/CreateGame")).expect("CreateGame")["required"] = json!(["variant"]);
    set(doc, &format!("{s}/CreateGame/properties/name"), nullable(reference("PlayerName")));
    // Every level by its number, then the names that levels 1 to 4 are also known by.
    let names = Level::ALL.iter().map(|l| l.id()).chain(Level::ALL.iter().filter_map(|l| l.alias()));
    let mut bots: Vec<Value> = names.map(|l| json!(format!("bot:{l}"))).collect();
    bots.push(Value::Null);
    merge(doc, &format!("{s}/CreateGame/properties/opponent"), json!({ "enum": bots }));
    merge(doc, &format!("{s}/OptionsPatch/properties/width"), json!({ "enum": [8, 9, 10, null] }));
    merge(doc, &format!("{s}/OptionsPatch/properties/turn_limit"), json!({ "maximum": u32::MAX }));
    merge(
        doc,
        &format!("{s}/OptionsPatch/properties/rules_version"),
        json!({ "minimum": 1, "maximum": mancala_engine::RULES_VERSION }),
    );
    // A request's real-time base is at most MAX_BASE_SECS; a correspondence game's (the server's, in
    // answers) is its days, up to the longest.
    let longest = ClockSpec::DAYS.iter().max().map_or(0, |d| d * 86_400);
    merge(
        doc,
        &format!("{s}/ClockSpec/properties/base_secs"),
        json!({ "minimum": 1, "maximum": longest.max(MAX_BASE_SECS) }),
    );
    let mut days: Vec<Value> = ClockSpec::DAYS.iter().map(|d| json!(d)).collect();
    days.push(Value::Null);
    merge(doc, &format!("{s}/ClockSpec/properties/days"), json!({ "enum": days }));
    merge(doc, &format!("{s}/ClockSpec/properties/increment_secs"), json!({ "maximum": MAX_INCREMENT_SECS }));
    set(doc, &format!("{s}/JoinGame/properties/name"), nullable(reference("PlayerName")));
    set(doc, &format!("{s}/CreatePlayer/properties/name"), reference("PlayerName"));
    set(doc, &format!("{s}/SeekRequest/properties/variant"), reference("VariantId"));
    set(doc, &format!("{s}/PreviewRequest/properties/variant"), reference("VariantId"));
    merge(doc, &format!("{s}/PreviewRequest/properties/decision"), json!({ "minLength": 1, "maxLength": 40 }));
    merge(doc, &format!("{s}/PreviewRequest/properties/position"), json!({ "maxLength": MAX_POSITION_CHARS }));
    merge(doc, &format!("{s}/GamePreviewRequest/properties/decision"), json!({ "minLength": 1, "maxLength": 40 }));
    merge(doc, &format!("{s}/GamePreviewRequest/properties/token"), json!({ "minLength": 1, "maxLength": 64 }));
    set(doc, &format!("{s}/AnalysisRequest/properties/variant"), nullable(reference("VariantId")));
    set(doc, &format!("{s}/AnalysisRequest/properties/game"), nullable(reference("GameId")));
    merge(doc, &format!("{s}/AnalysisRequest/properties/position"), json!({ "maxLength": MAX_POSITION_CHARS }));
    merge(
        doc,
        &format!("{s}/AnalysisRequest/properties/nodes"),
        json!({ "minimum": mancala_bot::analysis::MIN_NODES, "maximum": MAX_ANALYSIS_NODES }),
    );
    set(doc, &format!("{s}/CreateChallenge/properties/variant"), reference("VariantId"));
    set(doc, &format!("{s}/CreateChallenge/properties/to"), reference("PlayerName"));
    set(
        doc,
        &format!("{s}/CreateTournament/properties/variants"),
        json!({ "type": "array",
        "items": reference("VariantId"), "minItems": 1, "maxItems": Variant::ALL.len(), "uniqueItems": true }),
    );
    merge(doc, &format!("{s}/CreateTournament/properties/name"), json!({ "minLength": 2, "maxLength": 48 }));
    merge(doc, &format!("{s}/CreateTournament/properties/minutes"), json!({ "minimum": 5, "maximum": 360 }));
    merge(doc, &format!("{s}/CreateTournament/properties/rounds"), json!({ "minimum": 2, "maximum": 15 }));
    merge(doc, &format!("{s}/CreateTournament/properties/password"), json!({ "minLength": 4, "maxLength": 64 }));
    merge(
        doc,
        &format!("{s}/CreateTournament/properties/starts_at"),
        json!({ "maximum": MAX_MS, "description": "unix ms, at most 7 days ahead; absent: at once" }),
    );
    merge(doc, &format!("{s}/JoinTournament/properties/password"), json!({ "minLength": 1, "maxLength": 64 }));
    merge(doc, &format!("{s}/AttemptRequest/properties/decisions"), json!({ "minItems": 1 }));
    set(doc, &format!("{s}/Signup/properties/name"), reference("PlayerName"));
    for password in ["Signup/properties/password", "ChangePassword/properties/new", "ResetPassword/properties/password"]
    {
        merge(
            doc,
            &format!("{s}/{password}"),
            json!({ "minLength": password::MIN_CHARS, "maxLength": password::MAX_CHARS }),
        );
    }
    let email_max = crate::ids::EmailAddress::MAX_LEN;
    merge(doc, &format!("{s}/SetEmail/properties/email"), json!({ "maxLength": email_max }));
    merge(doc, &format!("{s}/ForgotPassword/properties/who"), json!({ "minLength": 1, "maxLength": email_max }));
    for lang in ["SetEmail/properties/lang", "ForgotPassword/properties/lang"] {
        merge(doc, &format!("{s}/{lang}"), json!({ "pattern": "^[A-Za-z][A-Za-z0-9-]{0,34}$" }));
    }
    for label in ["Signin/properties/token_label", "CreateApiToken/properties/label"] {
        merge(doc, &format!("{s}/{label}"), json!({ "minLength": 1, "maxLength": tokens::MAX_LABEL_CHARS }));
    }
}

fn answers(doc: &mut Value) {
    let s = "/components/schemas";
    for (pointer, schema) in [
        ("GameSummary/properties/id", reference("GameId")),
        ("GameSummary/properties/variant", reference("VariantId")),
        ("GameSummary/properties/invite_code", nullable(reference("InviteCode"))),
        ("PlayerInfo/properties/name", reference("PlayerName")),
        ("SeatGranted/properties/seat", reference("Side")),
        ("SeatGranted/properties/invite_code", nullable(reference("InviteCode"))),
        ("RecordEntry/properties/side", reference("Side")),
        ("OutcomeInfo/properties/winner", nullable(reference("Side"))),
        ("PositionAt/properties/game_id", reference("GameId")),
        ("VariantInfo/properties/id", reference("VariantId")),
        ("PlayerProfile/properties/name", reference("PlayerName")),
        ("PlayerCreated/properties/name", reference("PlayerName")),
        ("TournamentGame/properties/variant", reference("VariantId")),
        ("TournamentGame/properties/winner", nullable(reference("Side"))),
    ] {
        set(doc, &format!("{s}/{pointer}"), schema);
    }
    merge(doc, &format!("{s}/ClockState/properties/running"), json!({ "items": reference("Side") }));
}

/// Links from a created game to the operations on it (OpenAPI 3.1 §4.8.20), so a client generator or a
/// stateful fuzzer knows where the ids and codes of an answer lead.
fn links(doc: &mut Value) {
    let by_id = |op: &str| json!({ "operationId": op, "parameters": { "id": "$response.body#/game/id" } });
    let by_code = |op: &str| json!({ "operationId": op, "parameters": { "code": "$response.body#/invite_code" } });
    let links = json!({
        "GameDetail": by_id("game_detail"),
        "GamePosition": by_id("game_position"),
        "GameExport": by_id("game_export"),
        "GameReview": by_id("game_review"),
        "JoinGame": by_id("join_game"),
        "Invite": by_code("invite"),
        "JoinInvite": by_code("join_invite"),
    });
    doc["paths"]["/api/games"]["post"]["responses"]["201"]["links"] = links;
}

/// The schema of a parameter, by its name and place.
/// `next`'s `exclude`: up to [`EXCLUDE_MAX`] puzzle ids, comma-separated (or nothing).
fn exclude_pattern() -> String {
    format!("^([0-9a-f]{{16}}(,[0-9a-f]{{16}}){{0,{}}})?$", EXCLUDE_MAX - 1)
}

fn parameter_schema(path: &str, place: &str, name: &str) -> Option<Value> {
    let integer = |min: u64, max: u64| json!({ "type": "integer", "minimum": min, "maximum": max });
    Some(match (place, name) {
        ("path", "id") => reference("GameId"),
        ("path", "code") => reference("InviteCode"),
        ("path", "name") | ("query", "player" | "name") => reference("PlayerName"),
        ("query", "variant") => reference("VariantId"),
        ("query", "status") => reference("GameStatus"),
        ("query", "result") => json!({ "type": "string", "enum": ["south", "north", "draw"] }),
        ("query", "since" | "until") => integer(0, MAX_MS),
        ("query", "limit") if path.starts_with("/api/leaderboard/") => integer(1, LEADERBOARD_MAX as u64),
        ("query", "limit") if path == "/api/puzzles/history" => integer(1, HISTORY_MAX as u64),
        ("query", "limit") => integer(1, MAX_LIMIT as u64),
        ("query", "game") => json!({ "type": "string", "enum": ["kubuguza", "ikibuguzo", "njombwa", "azigo"] }),
        ("query", "after") => json!({ "type": "string", "pattern": "^[0-9a-f]{16}$" }),
        ("query", "exclude") => json!({ "type": "string", "pattern": exclude_pattern() }),
        ("query", "theme") => json!({ "type": "string", "enum": crate::puzzles::routes::theme_names() }),
        ("query", "max") => integer(1, u32::MAX as u64),
        ("query", "ply") => integer(0, u32::MAX as u64),
        ("query", "v") => json!({ "type": "integer", "minimum": 0, "format": "int64" }),
        ("query", "format") => json!({ "type": "string", "enum": ["text", "json"] }),
        ("query", "lang") => json!({ "type": "string", "pattern": "^[A-Za-z][A-Za-z0-9-]{0,34}$" }),
        ("path", "variant") => reference("VariantId"),
        ("path", "game") => json!({ "type": "string", "enum": ["kubuguza", "ikibuguzo", "njombwa", "azigo"] }),
        ("path", "lesson" | "step") => json!({ "type": "string", "pattern": "^[a-z0-9-]{1,40}$" }),
        ("query", "cursor") => json!({ "type": "string", "pattern": "^[0-9]{1,18}\\.[A-Za-z0-9]{1,32}$" }),
        _ => return None,
    })
}

fn parameters(path: &str, op: &mut Value) {
    let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) else { return };
    for p in params {
        let (place, name) = (p["in"].as_str().unwrap_or("").to_string(), p["name"].as_str().unwrap_or("").to_string());
        if let Some(schema) = parameter_schema(path, &place, &name) {
            p["schema"] = schema;
        }
    }
}

fn error(description: &str) -> Value {
    json!({
        "description": description,
        "content": { "application/json": { "schema": reference("ErrorBody") } },
    })
}

fn errors(path: &str, method: &str, op: &mut Value) {
    let post = method == "post";
    let static_answer = matches!(path, "/metrics" | "/api/openapi.json" | "/api/variants" | "/api/site");
    let responses = op["responses"].as_object_mut().expect("responses");
    let mut add = |status: &str, response: Value| {
        responses.entry(status.to_string()).or_insert(response);
    };
    add(
        "400",
        error("a bad parameter or body (an unknown or repeated query parameter included); the message names it"),
    );
    add("408", error("the request took longer than the server allows (30 s by default)"));
    add("500", error("a fault of the server (logged)"));
    if !static_answer {
        add(
            "503",
            error(
                "the database or the game's room cannot answer now, the lobby is busy (`busy`: its queue is \
                 full, nothing was done), or the server is shutting down",
            ),
        );
    }
    if post {
        add("413", error("the body is larger than 64 KiB"));
        add("415", error("a body that is not `application/json`"));
    }
    let unsafe_method = post || method == "delete";
    // The learning routes write nothing: no cookie makes them act for anyone.
    let writes = path != "/api/players"
        && !path.ends_with("/preview")
        && path != "/api/analysis"
        && !path.starts_with("/api/lessons/");
    if unsafe_method && writes {
        add("403", error("a write authenticated by the session cookie whose `Origin` is another site (CSRF)"));
    }
    let password_check = matches!(
        path,
        "/api/account/signin"
            | "/api/account/password"
            | "/api/account/reset"
            | "/api/account/signin/code"
            | "/api/account/twostep/enable"
            | "/api/account/twostep/disable"
            | "/api/account/twostep/backup-codes"
            | "/api/account/email"
            | "/api/account/email/confirm"
            | "/api/account/close"
    );
    if post && (matches!(path, "/api/games" | "/api/players" | "/api/account/signup") || password_check) {
        let what = if password_check { "password checks" } else { "creations" };
        let mut limited =
            error(&format!("too many {what} from this client address; retry after `Retry-After` seconds"));
        limited["headers"] = json!({ "Retry-After": { "description": "seconds to wait", "schema": { "type": "integer", "minimum": 1 } } });
        add("429", limited);
    }
    if path.ends_with("/ws") {
        add("426", error("not a WebSocket handshake (a plain GET): open it with a WebSocket client"));
        add(
            "403",
            error("a handshake that carries the session cookie from another origin (`Origin` is not this server)"),
        );
    }
    // Every 429 says when to ask again.
    if let Some(limited) = responses.get_mut("429") {
        limited["headers"] = json!({ "Retry-After": { "description": "seconds to wait", "schema": { "type": "integer", "minimum": 1 } } });
    }
    if let Some(unauthorized) = responses.get_mut("401") {
        unauthorized["headers"] = json!({
            "WWW-Authenticate": { "description": "`Bearer realm=\"mancala\"`", "schema": { "type": "string" } }
        });
        if !path.starts_with("/api/account") {
            unauthorized["description"] = json!(
                "a malformed `Authorization` header (not `Bearer <token>`), or a token that is not a player or \
                 API token (a seat token of the game, on the WebSocket)"
            );
        }
    }
}
