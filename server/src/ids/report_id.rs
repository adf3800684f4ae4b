//! [`ReportId`]: a player's report as moderators name it (12 letters and digits drawn at random when the
//! report is opened). Not a secret, but only moderators ever see one.

use super::{IdError, quoted, random_text, text_serde};
use std::str::FromStr;

const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const LEN: usize = 12;

/// A report's id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReportId(String);

impl ReportId {
    pub fn random() -> ReportId {
        ReportId(random_text(ALNUM, LEN))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for ReportId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<ReportId, IdError> {
        if text.len() == LEN && text.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(ReportId(text.to_string()))
        } else {
            Err(IdError(format!("{} is not a report id ({LEN} letters and digits)", quoted(text))))
        }
    }
}

text_serde!(ReportId);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_twelve_letters_and_digits() {
        let id = ReportId::random();
        assert_eq!(id.as_str().parse::<ReportId>(), Ok(id.clone()));
        assert!("abc".parse::<ReportId>().unwrap_err().to_string().contains("not a report id"));
    }
}
