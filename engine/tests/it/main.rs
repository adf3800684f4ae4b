//! The engine crate's integration tests, one binary (a module per subject): one link instead of one per file.

mod azigo;
mod capture_reasons;
mod ikibuguzo;
mod opening_captures;
mod perft;
mod properties;
mod rules_doc;
mod scenarios;
