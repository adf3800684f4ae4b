//! Learning the games, a feature in one folder (docs/server.md, "Features"; docs/learn.md): the lessons
//! and rules pages as `mancala-learn` ships them, loaded once at start; a signed-in player's progress
//! through them.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the library of lessons and rules pages ([`load`] at start, [`library`]) |
//! | [`queries`] | the steps an account has met: its read, and [`queries::LearnStep`], the write the store's writer runs |
//! | [`routes`] | `/api/lessons…`, `/api/rules/{variant}`, `/api/preview`, `/api/account/learn…` (an edge file) |

pub mod queries;
pub mod routes;

use mancala_learn::{Library, LoadError};
use std::sync::OnceLock;

static LIBRARY: OnceLock<Library> = OnceLock::new();

/// Loads the lessons and rules pages (at start: an error names the file and the place).
pub fn load() -> Result<(), LoadError> {
    if LIBRARY.get().is_none() {
        let _ = LIBRARY.set(Library::load()?);
    }
    Ok(())
}

/// The library, loaded at start by [`load`] (the crate's tests make sure the shipped data loads).
pub fn library() -> &'static Library {
    LIBRARY.get_or_init(|| Library::load().expect("the embedded lessons load (mancala-learn's tests)"))
}
