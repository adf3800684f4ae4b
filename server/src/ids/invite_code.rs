//! [`InviteCode`]: the shareable code of a game's open seat. 8 characters from an alphabet without
//! look-alikes (no `0`, `1`, `I`, `O`), read case-insensitively: `k7qx2mpa` is `K7QX2MPA`.

use super::{IdError, quoted, random_text, text_serde};
use std::str::FromStr;

/// Letters and digits that are hard to confuse when read aloud or copied by hand.
const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LEN: usize = 8;

/// An invite code, upper case.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InviteCode(String);

impl InviteCode {
    pub fn random() -> InviteCode {
        InviteCode(random_text(ALPHABET, LEN))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The shape as a regular expression (ECMA-262, for the OpenAPI document), either case.
    pub fn pattern() -> String {
        let upper = String::from_utf8(ALPHABET.to_vec()).expect("ASCII");
        format!("^[{upper}{}]{{{LEN}}}$", upper.to_ascii_lowercase().replace(char::is_numeric, ""))
    }
}

impl FromStr for InviteCode {
    type Err = IdError;

    fn from_str(text: &str) -> Result<InviteCode, IdError> {
        let code = text.to_ascii_uppercase();
        if code.len() == LEN && code.bytes().all(|b| ALPHABET.contains(&b)) {
            Ok(InviteCode(code))
        } else {
            Err(IdError(format!(
                "{} is not an invite code ({LEN} letters and digits, without 0, 1, I and O)",
                quoted(text)
            )))
        }
    }
}

text_serde!(InviteCode);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_case_insensitive_and_unambiguous() {
        let code = InviteCode::random();
        assert!(code.as_str().bytes().all(|b| ALPHABET.contains(&b)));
        assert_eq!(code.as_str().to_lowercase().parse::<InviteCode>(), Ok(code));
        assert_eq!("k7qx2mpa".parse::<InviteCode>().unwrap().as_str(), "K7QX2MPA");
        for bad in ["", "K7QX2MP", "K7QX2MPAA", "K7QX2MP0", "K7QX2MPI", "K7QX-MPA"] {
            let e = bad.parse::<InviteCode>().unwrap_err().to_string();
            assert!(e.contains("is not an invite code"), "{bad}: {e}");
        }
    }

    #[test]
    fn serde_is_the_text() {
        let code: InviteCode = serde_json::from_str(r#""abcd2345""#).unwrap();
        assert_eq!(serde_json::to_string(&code).unwrap(), r#""ABCD2345""#);
        assert!(serde_json::from_str::<InviteCode>(r#""nope""#).is_err());
    }
}
