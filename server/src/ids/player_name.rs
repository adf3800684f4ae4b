//! [`PlayerName`]: the name of a seat (a guest's display name, a registered account's name, a server
//! bot's `bot-LEVEL`). The one place that knows what a name is:
//!
//! - **Shape** ([`PlayerName::parse`]): 1 to 24 characters, ASCII letters, digits, `_`, `-`, `.`. Every
//!   name the server ever stored has this shape, so lookups and stored rows use it.
//! - **Identity** ([`PlayerName::key`]): names are case-insensitive, as on lichess: `Amina` and `AMINA`
//!   are the same player. The key is the ASCII lower case; the registered spelling is what is shown.
//!   The database holds the same key as `lower(name)` (a unique index on accounts, migration 0002).
//! - **Taking a name** ([`PlayerName::for_account`], [`PlayerName::for_guest`]): a new name must also
//!   have a letter or a digit (so `.`, `..`, `-` are not names: `/api/players/..` is not a profile), must
//!   not start with `bot-` (the server's computer players) and must not be reserved ([`RESERVED`]: the
//!   guests' default `anonymous`, which a guest may use but nobody may register, and names that would
//!   pass for the site or its staff, or for a route word such as `me`).

use super::{quoted, text_serde};
use std::str::FromStr;

/// The longest name, in characters.
pub const MAX_CHARS: usize = 24;

/// The name of a guest who gives none.
pub const ANONYMOUS: &str = "anonymous";

/// The reporter of the reports the server files itself on a fair-play signal (docs/moderation.md,
/// "Fair play"): reserved, so no account ever stands for it.
pub const FAIR_PLAY: &str = "fair-play";

/// Names nobody may register or play under (compared case-insensitively), besides `bot-…`. `anonymous`
/// is every nameless guest's: registering it made every nameless create and join a 409.
pub const RESERVED: &[&str] = &[
    ANONYMOUS,
    "guest",
    "admin",
    "administrator",
    "moderator",
    "mod",
    "root",
    "system",
    "server",
    "support",
    "staff",
    "official",
    "mancala",
    "bot",
    "me",
    "null",
    "undefined",
    FAIR_PLAY,
];

/// What server bots' names start with.
const BOT_PREFIX: &str = "bot-";

/// A player name as spelt (compare players with [`PlayerName::key`] or [`PlayerName::same_player`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerName(String);

/// Why a text is not a name, or not one that may be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("name {0} must have 1 to {MAX_CHARS} characters")]
    Length(String),
    #[error("name {0} has `{1}`: use letters, digits, `_`, `-` or `.`")]
    Character(String, char),
    #[error("name {0} needs a letter or a digit")]
    NoLetterOrDigit(String),
    #[error("name {0}: names starting with `bot-` are the server's computer players")]
    Bot(String),
    #[error("name {0} is reserved")]
    Reserved(String),
}

impl PlayerName {
    /// A name of the right shape (any name a seat may hold; not necessarily one that may be taken now).
    pub fn parse(text: &str) -> Result<PlayerName, NameError> {
        if text.is_empty() || text.chars().count() > MAX_CHARS {
            return Err(NameError::Length(quoted(text)));
        }
        if let Some(c) = text.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))) {
            return Err(NameError::Character(quoted(text), c));
        }
        Ok(PlayerName(text.to_string()))
    }

    /// A name to register as an account.
    pub fn for_account(text: &str) -> Result<PlayerName, NameError> {
        let name = PlayerName::parse(text)?;
        name.check_new()?;
        if RESERVED.contains(&name.key().as_str()) {
            return Err(NameError::Reserved(quoted(text)));
        }
        Ok(name)
    }

    /// A guest's display name: as for an account, except that the guests' default `anonymous` is allowed.
    /// (Whether a registered player holds it is the caller's question: see `games/routes/create.rs`.)
    pub fn for_guest(text: &str) -> Result<PlayerName, NameError> {
        let name = PlayerName::parse(text)?;
        name.check_new()?;
        let key = name.key();
        if key != ANONYMOUS && RESERVED.contains(&key.as_str()) {
            return Err(NameError::Reserved(quoted(text)));
        }
        Ok(name)
    }

    /// The name of a guest who gives none.
    pub fn anonymous() -> PlayerName {
        PlayerName(ANONYMOUS.to_string())
    }

    /// The seat name of a server bot: `bot-LEVEL`.
    pub fn bot(level: impl std::fmt::Display) -> PlayerName {
        PlayerName(format!("{BOT_PREFIX}{level}"))
    }

    /// The level of a server bot's seat name.
    pub fn bot_level(&self) -> Option<&str> {
        self.0.strip_prefix(BOT_PREFIX)
    }

    fn check_new(&self) -> Result<(), NameError> {
        if !self.0.bytes().any(|b| b.is_ascii_alphanumeric()) {
            return Err(NameError::NoLetterOrDigit(quoted(&self.0)));
        }
        if self.key().starts_with(BOT_PREFIX) {
            return Err(NameError::Bot(quoted(&self.0)));
        }
        Ok(())
    }

    /// The player's identity: the name in ASCII lower case (`lower(name)` in SQL).
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    /// The same player, whatever the case of each spelling.
    pub fn same_player(&self, other: &PlayerName) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The shape ([`PlayerName::parse`]) as a regular expression (ECMA-262, for the OpenAPI document).
    pub fn pattern() -> String {
        format!("^[A-Za-z0-9_.-]{{1,{MAX_CHARS}}}$")
    }
}

impl FromStr for PlayerName {
    type Err = NameError;

    fn from_str(text: &str) -> Result<PlayerName, NameError> {
        PlayerName::parse(text)
    }
}

text_serde!(PlayerName);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape() {
        assert_eq!(PlayerName::parse("amina_2").unwrap().as_str(), "amina_2");
        assert!(PlayerName::parse(&"a".repeat(24)).is_ok());
        assert!(matches!(PlayerName::parse(""), Err(NameError::Length(_))));
        assert!(matches!(PlayerName::parse(&"a".repeat(25)), Err(NameError::Length(_))));
        assert!(PlayerName::parse("a b").unwrap_err().to_string().contains("` `"));
        assert!(matches!(PlayerName::parse("amïna"), Err(NameError::Character(_, 'ï'))));
        // Stored names keep working whatever the rules for new ones: a bot's, a dot.
        assert!(PlayerName::parse("bot-hard").is_ok());
        assert!(PlayerName::parse(".").is_ok());
    }

    #[test]
    fn names_are_case_insensitive_and_keep_their_spelling() {
        let a = PlayerName::parse("Amina").unwrap();
        let b = PlayerName::parse("AMINA").unwrap();
        assert!(a.same_player(&b));
        assert_eq!(a.key(), "amina");
        assert_eq!(a.to_string(), "Amina");
        assert_ne!(a, b, "the spelling is kept");
        assert!(!a.same_player(&PlayerName::parse("amina2").unwrap()));
    }

    #[test]
    fn names_that_may_not_be_taken() {
        for text in [".", "..", "...", "-", "_.-"] {
            assert!(matches!(PlayerName::for_account(text), Err(NameError::NoLetterOrDigit(_))), "{text}");
            assert!(matches!(PlayerName::for_guest(text), Err(NameError::NoLetterOrDigit(_))), "{text}");
        }
        for text in ["bot-hard", "BOT-easy", "bot-"] {
            assert!(matches!(PlayerName::for_account(text), Err(NameError::Bot(_))), "{text}");
            assert!(matches!(PlayerName::for_guest(text), Err(NameError::Bot(_))), "{text}");
        }
        for text in ["anonymous", "Anonymous", "ADMIN", "me", "mancala", "bot"] {
            assert!(matches!(PlayerName::for_account(text), Err(NameError::Reserved(_))), "{text}");
        }
        // A guest may be `anonymous` (the default), not another reserved name.
        assert!(PlayerName::for_guest("anonymous").is_ok());
        assert!(PlayerName::for_guest("Anonymous").is_ok());
        assert!(matches!(PlayerName::for_guest("admin"), Err(NameError::Reserved(_))));
        assert!(PlayerName::for_account("a.b-c_d").is_ok());
        assert!(PlayerName::for_account("botanist").is_ok());
        assert!(PlayerName::for_account(".x").is_ok());
        assert_eq!(PlayerName::anonymous().as_str(), ANONYMOUS);
    }

    #[test]
    fn bots() {
        let bot = PlayerName::bot("hard");
        assert_eq!(bot.as_str(), "bot-hard");
        assert_eq!(bot.bot_level(), Some("hard"));
        assert_eq!(PlayerName::parse("amina").unwrap().bot_level(), None);
    }

    #[test]
    fn serde_is_the_text() {
        let name: PlayerName = serde_json::from_str(r#""Kwame""#).unwrap();
        assert_eq!(serde_json::to_string(&name).unwrap(), r#""Kwame""#);
        assert!(serde_json::from_str::<PlayerName>(r#""a b""#).is_err());
    }
}
