//! Arenas.
