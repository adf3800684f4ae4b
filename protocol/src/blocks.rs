//! The bodies of an account's blocks (`/api/blocks`): a blocked account can no longer challenge the
//! blocker, its chat lines are not delivered to the blocker, and the lobby never pairs the two.

use serde::{Deserialize, Serialize};

/// `POST /api/blocks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateBlock {
    /// The account to block (any spelling: names are case-insensitive).
    pub player: String,
}

/// A blocked account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BlockInfo {
    /// The blocked account, as it registered its name.
    pub name: String,
    /// Unix ms: when it was blocked.
    pub created_at: u64,
}

/// `GET /api/blocks`: the caller's blocks, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BlockList {
    pub blocks: Vec<BlockInfo>,
    /// The most accounts one account may block.
    pub max: u32,
}
