//! The learn crate's integration tests, one binary (a module per subject): one link instead of one per file.

mod claims;
mod lessons;
mod review_claims;
mod rules;
mod texts;
