//! The examples of the document's schemas, taken from the protocol's snapshot files
//! (`protocol/tests/snapshots/`, which docs/protocol.md quotes too): every example is a value the wire
//! really carries, pinned by a test, so an example cannot drift from the code. A snapshot of a list gives
//! one example per element (the schema is the element's).

use serde_json::Value;

/// Whether a snapshot is one example, or a list whose elements each are.
#[derive(Clone, Copy)]
enum Holds {
    One,
    Each,
}

macro_rules! snapshot {
    ($name:literal) => {
        ($name, include_str!(concat!("../../../../protocol/tests/snapshots/snapshots__", $name, ".snap")))
    };
}

/// A snapshot file: its name and its text.
type Snapshot = (&'static str, &'static str);

/// (schema, what the snapshot holds, snapshots).
const EXAMPLES: &[(&str, Holds, &[Snapshot])] = &[
    ("AccountInfo", Holds::One, &[snapshot!("http_account")]),
    ("ErrorBody", Holds::One, &[snapshot!("http_api_error")]),
    ("ApiTokenCreated", Holds::One, &[snapshot!("http_api_token_created")]),
    ("ApiTokenInfo", Holds::Each, &[snapshot!("http_api_tokens")]),
    (
        "BoardView",
        Holds::One,
        &[
            snapshot!("board_kubuguza_start_as_south"),
            snapshot!("board_ikibuguzo_choice_hidden_from_north"),
            snapshot!("board_azigo_spectator"),
        ],
    ),
    ("Challenge", Holds::One, &[snapshot!("lobby_challenge_created")]),
    ("ChallengeList", Holds::One, &[snapshot!("lobby_challenge_list")]),
    ("ChangePassword", Holds::One, &[snapshot!("http_change_password")]),
    (
        "ClientMsg",
        Holds::One,
        &[
            snapshot!("client_decide"),
            snapshot!("client_decide_with_checks"),
            snapshot!("client_resign"),
            snapshot!("client_abort"),
            snapshot!("client_claim_win"),
            snapshot!("client_berserk"),
            snapshot!("client_draw_offer"),
            snapshot!("client_draw_accept"),
            snapshot!("client_takeback_propose"),
            snapshot!("client_takeback_accept"),
            snapshot!("client_rematch_offer"),
            snapshot!("client_rematch_cancel"),
            snapshot!("client_chat"),
            snapshot!("client_sync"),
            snapshot!("client_ping"),
        ],
    ),
    ("CreateApiToken", Holds::One, &[snapshot!("http_create_api_token")]),
    ("CreateChallenge", Holds::One, &[snapshot!("lobby_create_challenge")]),
    ("CreateGame", Holds::One, &[snapshot!("http_create_game")]),
    ("CreatePlayer", Holds::One, &[snapshot!("http_create_player")]),
    ("GameDetail", Holds::One, &[snapshot!("http_game_detail")]),
    ("GameList", Holds::One, &[snapshot!("http_game_list")]),
    ("GameSummary", Holds::One, &[snapshot!("http_game_summary_finished"), snapshot!("http_game_summary_berserk")]),
    ("JoinGame", Holds::One, &[snapshot!("http_join_game")]),
    (
        "LobbyClientMsg",
        Holds::One,
        &[
            snapshot!("lobby_client_seek"),
            snapshot!("lobby_client_cancel"),
            snapshot!("lobby_client_accept"),
            snapshot!("lobby_client_quick"),
            snapshot!("lobby_client_ping"),
        ],
    ),
    (
        "LobbyServerMsg",
        Holds::One,
        &[
            snapshot!("lobby_seeks"),
            snapshot!("lobby_seek_added"),
            snapshot!("lobby_seek_removed"),
            snapshot!("lobby_seek_created"),
            snapshot!("lobby_games"),
            snapshot!("lobby_game_added"),
            snapshot!("lobby_game_changed"),
            snapshot!("lobby_game_removed"),
            snapshot!("lobby_paired"),
            snapshot!("lobby_challenge"),
            snapshot!("lobby_challenge_gone"),
            snapshot!("lobby_error_rate_limited"),
            snapshot!("lobby_error"),
            snapshot!("lobby_pong"),
        ],
    ),
    ("PlayerCreated", Holds::One, &[snapshot!("http_player_created")]),
    ("Playing", Holds::One, &[snapshot!("http_playing")]),
    ("PlayerProfile", Holds::One, &[snapshot!("http_player_profile")]),
    ("PositionAt", Holds::One, &[snapshot!("http_position_at")]),
    ("RecordEntry", Holds::Each, &[snapshot!("http_record_entries")]),
    ("TakebackEntry", Holds::Each, &[snapshot!("http_takebacks")]),
    ("SeatGranted", Holds::One, &[snapshot!("http_seat_granted")]),
    ("SeekRequest", Holds::One, &[snapshot!("lobby_seek_request")]),
    ("SeekList", Holds::One, &[snapshot!("lobby_seek_list")]),
    (
        "ServerMsg",
        Holds::One,
        &[
            snapshot!("server_snapshot"),
            snapshot!("server_snapshot_spectator_azigo"),
            snapshot!("server_event_start"),
            snapshot!("server_event_move"),
            snapshot!("server_event_move_hidden_choice"),
            snapshot!("server_event_move_reveal"),
            snapshot!("server_event_move_inside_a_change"),
            snapshot!("server_event_move_azigo_store_hidden"),
            snapshot!("server_event_end"),
            snapshot!("server_accepted"),
            snapshot!("server_rejected"),
            snapshot!("server_rejected_without_legal"),
            snapshot!("server_error"),
            snapshot!("server_presence"),
            snapshot!("server_presence_opponent_away"),
            snapshot!("server_draw_offer"),
            snapshot!("server_draw_offer_none"),
            snapshot!("server_takeback_offer"),
            snapshot!("server_takeback_offer_none"),
            snapshot!("server_event_takeback"),
            snapshot!("server_event_berserk"),
            snapshot!("server_rematch_offer"),
            snapshot!("server_rematch_offer_none"),
            snapshot!("server_rematch"),
            snapshot!("server_rematch_spectator"),
            snapshot!("server_chat"),
            snapshot!("server_chat_spectator"),
            snapshot!("server_pong"),
        ],
    ),
    ("SignedIn", Holds::One, &[snapshot!("http_signed_in"), snapshot!("http_signed_in_token")]),
    ("Signin", Holds::One, &[snapshot!("http_signin_token")]),
    ("Signup", Holds::One, &[snapshot!("http_signup")]),
    ("Step", Holds::Each, &[snapshot!("step_events")]),
    ("VariantList", Holds::One, &[snapshot!("http_variant_list")]),
];

/// The value of an insta snapshot file: its front matter between `---` lines, then the JSON.
fn value(name: &str, text: &str) -> Value {
    let body = text.splitn(3, "---").nth(2).unwrap_or_else(|| panic!("snapshot {name}: no front matter"));
    serde_json::from_str(body.trim()).unwrap_or_else(|e| panic!("snapshot {name}: {e}"))
}

/// Sets `examples` on every schema of [`EXAMPLES`] (a schema missing from the document panics: the
/// document's test catches a renamed type).
pub fn apply(doc: &mut Value) {
    for &(schema, holds, snapshots) in EXAMPLES {
        let mut examples = Vec::new();
        for &(name, text) in snapshots {
            match (holds, value(name, text)) {
                (Holds::Each, Value::Array(items)) => examples.extend(items),
                (Holds::Each, _) => panic!("snapshot {name} is not a list"),
                (Holds::One, v) => examples.push(v),
            }
        }
        let target = doc
            .pointer_mut(&format!("/components/schemas/{schema}"))
            .unwrap_or_else(|| panic!("OpenAPI document: no schema `{schema}`"));
        target["examples"] = Value::Array(examples);
    }
}
