//! [`EmailAddress`]: an account's email address as the server accepts it: ASCII, one `@` between a local
//! part and a domain with a dot, no spaces or control characters, at most 254 characters (RFC 5321's
//! path limit). Kept as typed (trimmed); its identity is the lowercase form ([`EmailAddress::key`]), the one
//! the database's unique index on `lower(email)` compares (ASCII, so SQLite and PostgreSQL agree).

use super::{IdError, quoted, text_serde};
use std::str::FromStr;

/// A checked email address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EmailAddress(String);

impl EmailAddress {
    /// The longest address accepted.
    pub const MAX_LEN: usize = 254;

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address's identity: lowercase.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    /// An address read back from a row the server wrote.
    pub fn stored(text: String) -> EmailAddress {
        EmailAddress(text)
    }
}

impl FromStr for EmailAddress {
    type Err = IdError;

    fn from_str(text: &str) -> Result<EmailAddress, IdError> {
        let text = text.trim();
        let bad = |why: &str| Err(IdError(format!("{} is not an email address: {why}", quoted(text))));
        if text.is_empty() {
            return Err(IdError("the email address is empty".into()));
        }
        if text.len() > EmailAddress::MAX_LEN {
            return bad("longer than 254 characters");
        }
        if !text.bytes().all(|b| b.is_ascii_graphic()) {
            return bad("only ASCII letters, digits and signs, without spaces");
        }
        if text
            .bytes()
            .any(|b| matches!(b, b'<' | b'>' | b'(' | b')' | b',' | b';' | b':' | b'\\' | b'"' | b'[' | b']'))
        {
            return bad("it holds a sign an address cannot have here (`<>(),;:\\\"[]`)");
        }
        let Some((local, domain)) = text.split_once('@') else { return bad("no `@`") };
        if local.is_empty() || local.len() > 64 {
            return bad("the part before `@` must have 1 to 64 characters");
        }
        if domain.contains('@') {
            return bad("more than one `@`");
        }
        let labels: Vec<&str> = domain.split('.').collect();
        if labels.len() < 2 || labels.iter().any(|l| l.is_empty() || l.starts_with('-') || l.ends_with('-')) {
            return bad("the domain after `@` must be names separated by dots, like `example.org`");
        }
        if !domain.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.') {
            return bad("the domain may hold only letters, digits, `-` and `.`");
        }
        Ok(EmailAddress(text.to_string()))
    }
}

text_serde!(EmailAddress);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_addresses_are_accepted_and_keyed_in_lowercase() {
        let a: EmailAddress = " Amani.K+games@Mail.Example.org ".parse().unwrap();
        assert_eq!(a.as_str(), "Amani.K+games@Mail.Example.org");
        assert_eq!(a.key(), "amani.k+games@mail.example.org");
    }

    #[test]
    fn what_is_not_an_address_is_refused_with_the_reason() {
        for (text, why) in [
            ("", "empty"),
            ("amani", "no `@`"),
            ("a@b@example.org", "more than one"),
            ("@example.org", "1 to 64"),
            ("amani@localhost", "dots"),
            ("amani@exa mple.org", "without spaces"),
            ("amani@example..org", "dots"),
            ("Amani <amani@example.org>", "without spaces"),
            ("amani<x>@example.org", "cannot have"),
            ("amani@ex_ample.org", "only letters"),
            ("amaní@example.org", "ASCII"),
        ] {
            let err = text.parse::<EmailAddress>().unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
        let long = format!("{}@{}.org", "a".repeat(60), "b".repeat(200));
        assert!(long.parse::<EmailAddress>().unwrap_err().to_string().contains("254"));
    }
}
