//! The seats this user holds, kept in a small local file so a game can be resumed after the terminal
//! closes: `$MANCALA_HOME/seats.json`, or `~/.local/share/mancala/seats.json`. A seat token is a secret:
//! the file is created readable by its owner only.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    pub server: String,
    pub game: String,
    pub seat: String,
    pub token: String,
    pub variant: String,
}

pub fn path() -> PathBuf {
    if let Some(home) = std::env::var_os("MANCALA_HOME") {
        return PathBuf::from(home).join("seats.json");
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(".local/share/mancala/seats.json")
}

pub fn load() -> Vec<SavedSeat> {
    std::fs::read_to_string(path()).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
}

/// Remembers a seat (replacing an older entry for the same server and game).
pub fn save(seat: SavedSeat) -> std::io::Result<()> {
    let mut all = load();
    all.retain(|s| !(s.server == seat.server && s.game == seat.game));
    all.push(seat);
    let p = path();
    if let Some(dir) = p.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&p, serde_json::to_string_pretty(&all).expect("seats serialise"))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(())
}

/// Remembers a granted seat of `server`.
pub fn keep(server: &str, granted: &mancala_protocol::http::SeatGranted) -> std::io::Result<()> {
    save(SavedSeat {
        server: server.to_string(),
        game: granted.game.id.clone(),
        seat: granted.seat.to_string(),
        token: granted.token.clone(),
        variant: granted.game.variant.to_string(),
    })
}

/// The seat held in `game` on `server`.
pub fn find(server: &str, game: &str) -> Option<SavedSeat> {
    load().into_iter().find(|s| s.server == server && s.game == game)
}
