//! The account tokens of `mancala login`, one per server, kept so every online command can send it:
//! `$MANCALA_HOME/tokens.json`, or `~/.local/share/mancala/tokens.json` (beside the kept seats). A token is
//! a secret: the file is created readable by its owner only.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credential {
    /// The server's base URL, as [`super::api::Api::base`] writes it.
    pub server: String,
    /// The account's name as registered.
    pub name: String,
    pub token: String,
}

pub fn path() -> PathBuf {
    super::seats::path().with_file_name("tokens.json")
}

pub fn load() -> Vec<Credential> {
    std::fs::read_to_string(path()).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
}

/// The credential kept for `server`.
pub fn find(server: &str) -> Option<Credential> {
    load().into_iter().find(|c| c.server == server)
}

fn store(all: &[Credential]) -> std::io::Result<()> {
    let p = path();
    if let Some(dir) = p.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // Created owner-only before the secret is written into it.
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&p)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    std::io::Write::write_all(&mut file, serde_json::to_string_pretty(all).expect("credentials serialise").as_bytes())
}

/// Keeps `credential`, replacing the one of the same server.
pub fn save(credential: Credential) -> std::io::Result<()> {
    let mut all = load();
    all.retain(|c| c.server != credential.server);
    all.push(credential);
    store(&all)
}

/// Forgets the credential of `server`; returns it.
pub fn remove(server: &str) -> std::io::Result<Option<Credential>> {
    let mut all = load();
    let found = all.iter().position(|c| c.server == server).map(|i| all.remove(i));
    if found.is_some() {
        store(&all)?;
    }
    Ok(found)
}
