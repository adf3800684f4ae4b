//! A credential as the server names it without holding it: its hash. It says how an account was
//! recognised on a request or a long-lived connection, and is what a revocation names.

use super::TokenHash;

/// How an account was recognised: the credential, by its hash (what a revocation names).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Credential {
    /// A bearer token (its SHA-256).
    Token { hash: TokenHash },
    /// The session cookie (the session id's SHA-256).
    Session { id_hash: TokenHash },
}
