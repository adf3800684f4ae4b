//! The server's integration tests, in one binary: each module is one area, run against the real server
//! (`common::TestServer` on an ephemeral port, or child processes for several nodes and kills). One binary
//! rather than one per file: each binary links the whole server, and forty of them were most of the
//! test build's time. `cargo test -p mancala-server --test it lobby::` runs one area. The failure-point
//! test (`tests/lost_answer.rs`) stays a binary of its own: a failure point is process-wide and would fire
//! in the other tests' commits.

mod common;

mod account_close;
mod accounts;
mod admin;
mod admin_check;
mod analysis;
mod berserk;
mod blocks;
mod blocks_pairing;
mod bots;
mod chat;
mod circles;
mod cluster;
mod cluster_lobby;
mod correspondence;
mod crash;
mod deploy;
mod docs_routes;
mod draw;
mod fairplay;
mod fencing;
mod first_data;
mod first_paint;
mod forbidden;
mod game_preview;
mod hardening;
mod history;
mod http_connection;
mod http_edge;
mod idle;
mod layers;
mod learn;
mod lobby;
mod lobby_games;
mod lobby_limits;
mod lobby_pairing;
mod lobby_security;
mod mail;
mod mark;
mod metrics;
mod migration;
mod moderation;
mod moderation_edge;
mod origin_policy;
mod outage;
mod partition;
mod play;
mod playban;
mod postgres;
mod puzzle_answers;
mod puzzle_mining;
mod puzzles;
mod ratings;
mod recovery;
mod rematch;
mod reset_password;
mod restore_drill;
mod review;
mod robustness;
mod rules_versions;
mod shutdown;
mod store;
mod takeback;
mod takeover_time;
mod tournament;
mod tournament_socket;
mod twostep;
mod upgrades;
