//! The forbidden words and names (docs/moderation.md, "Forbidden words and names"): a list the operator
//! may replace (`--forbidden-words PATH`), with a default in English and French (`server/forbidden.txt`,
//! built in). A name is refused when it contains a listed word (`xXidiotXx`; a word under five letters
//! only as a word of the name, so `computer` is not `pute`); a chat line when
//! one of its words, or a run of its words, is a listed word or phrase (whole words: "classe" is not
//! "ass"). Both are compared folded: lower case, accents taken off, and the common leetspeak digits and
//! signs read as letters (`0`→o, `1`→i, `3`→e, `4`→a, `5`→s, `@`→a, `$`→s), so `1d10t` and `IDIÔT` are
//! `idiot`.
//!
//! The file: one entry a line; `#` starts a comment; blank lines are skipped. An entry is a word or a
//! phrase (words separated by spaces), forbidden in names and chat; `name: ENTRY` forbids it in names
//! only (impersonation: `admin`, `moderator`, which chat may say).

/// The list built into the server.
pub const DEFAULT: &str = include_str!("../../forbidden.txt");

/// The forbidden words, folded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ForbiddenWords {
    /// Forbidden in names and chat: each the folded words of an entry.
    everywhere: Vec<Vec<String>>,
    /// Forbidden in names only.
    names_only: Vec<Vec<String>>,
}

impl ForbiddenWords {
    /// The list of `text` (the file's format); an error names the line that cannot be an entry.
    pub fn parse(text: &str) -> Result<ForbiddenWords, String> {
        let mut list = ForbiddenWords::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (names_only, entry) = match line.strip_prefix("name:") {
                Some(rest) => (true, rest.trim()),
                None => (false, line),
            };
            let words = words(entry);
            if words.is_empty() {
                return Err(format!("line {}: `{line}` holds no letters", i + 1));
            }
            let into = if names_only { &mut list.names_only } else { &mut list.everywhere };
            into.push(words);
        }
        Ok(list)
    }

    /// The built-in list.
    pub fn builtin() -> ForbiddenWords {
        ForbiddenWords::parse(DEFAULT).expect("the built-in list parses")
    }

    /// How many entries the list holds.
    pub fn len(&self) -> usize {
        self.everywhere.len() + self.names_only.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry `name` contains, if any (folded, its words run together). An entry of
    /// [`ANYWHERE_LETTERS`] letters or more is found anywhere in the name; a shorter one only as a word of
    /// it (split at anything but letters and digits, and where a small letter meets a capital), so that
    /// `computer` is not `pute` while `sale_pute` and `SalePute` are.
    pub fn in_name(&self, name: &str) -> Option<String> {
        let letters: String = words(name).concat();
        let parts: Vec<String> = camel_parts(name).iter().flat_map(|p| words(p)).collect();
        self.everywhere.iter().chain(&self.names_only).map(|entry| entry.concat()).find(|entry| {
            if entry.chars().count() >= ANYWHERE_LETTERS {
                letters.contains(entry.as_str())
            } else {
                parts.iter().any(|p| p == entry)
            }
        })
    }

    /// The entry a chat line says, if any: one of its words, or a run of them, is an entry.
    pub fn in_text(&self, text: &str) -> Option<String> {
        let said = words(text);
        self.everywhere
            .iter()
            .find(|entry| said.windows(entry.len()).any(|run| run == entry.as_slice()))
            .map(|entry| entry.join(" "))
    }
}

/// The shortest entry found anywhere inside a name; shorter ones must be one of its words.
pub const ANYWHERE_LETTERS: usize = 5;

/// `name` cut where a small letter is followed by a capital (`SalePute`: `Sale`, `Pute`).
fn camel_parts(name: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut prev_lower = false;
    for c in name.chars() {
        if prev_lower && c.is_uppercase() {
            parts.push(String::new());
        }
        prev_lower = c.is_lowercase();
        parts.last_mut().expect("one part at least").push(c);
    }
    parts
}

/// The folded words of `text`: letters and digits folded (leetspeak read as letters), split at anything
/// else.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        match fold(c) {
            Some(letters) => word.push_str(letters),
            None if !word.is_empty() => out.push(std::mem::take(&mut word)),
            None => {}
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// `c` as the letters it is compared as, or `None` for a separator.
fn fold(c: char) -> Option<&'static str> {
    let lower = c.to_lowercase().next().unwrap_or(c);
    Some(match lower {
        'a'..='z' => LETTERS[(lower as u8 - b'a') as usize],
        '0' => "o",
        '1' => "i",
        '3' => "e",
        '4' => "a",
        '5' => "s",
        '@' => "a",
        '$' => "s",
        '2' | '6'..='9' => DIGITS[lower as usize - '0' as usize],
        'à' | 'â' | 'ä' | 'á' | 'ã' | 'å' => "a",
        'ç' | 'ć' | 'č' => "c",
        'é' | 'è' | 'ê' | 'ë' => "e",
        'î' | 'ï' | 'í' | 'ì' => "i",
        'ô' | 'ö' | 'ó' | 'ò' | 'õ' | 'ø' => "o",
        'ù' | 'û' | 'ü' | 'ú' => "u",
        'ÿ' | 'ý' => "y",
        'ñ' => "n",
        'œ' => "oe",
        'æ' => "ae",
        'ß' => "ss",
        _ => return None,
    })
}

const LETTERS: [&str; 26] = [
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w",
    "x", "y", "z",
];
const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> ForbiddenWords {
        ForbiddenWords::parse("# a comment\nidiot\nfils de pute # a phrase\npute\n\nname: admin\n").unwrap()
    }

    #[test]
    fn chat_matches_whole_words_folded() {
        let l = list();
        assert_eq!(l.in_text("you IDIOT!"), Some("idiot".into()));
        assert_eq!(l.in_text("quel 1d10t"), Some("idiot".into()));
        assert_eq!(l.in_text("ïdîöt"), Some("idiot".into()));
        assert_eq!(l.in_text("espèce de FILS  DE-PUTE"), Some("fils de pute".into()));
        // Whole words only: a longer word holding one is not it.
        assert_eq!(l.in_text("idiotic move, good game"), None);
        assert_eq!(l.in_text("fils de putois"), None);
        // Names-only entries are for names.
        assert_eq!(l.in_text("ask an admin"), None);
    }

    #[test]
    fn names_match_anywhere_inside() {
        let l = list();
        assert_eq!(l.in_name("xXidiotXx"), Some("idiot".into()));
        assert_eq!(l.in_name("Adm1n_2"), Some("admin".into()));
        assert_eq!(l.in_name("the_4dmin"), Some("admin".into()));
        assert_eq!(l.in_name("fils_de_pute"), Some("filsdepute".into()));
        // A short entry is a word of the name, not any part of it.
        assert_eq!(l.in_name("sale_pute"), Some("pute".into()));
        assert_eq!(l.in_name("SalePute"), Some("pute".into()));
        assert_eq!(l.in_name("computer_bob"), None);
        assert_eq!(l.in_name("amina"), None);
        assert_eq!(l.in_name("baraka-77"), None);
    }

    #[test]
    fn the_builtin_list_parses_and_leaves_ordinary_names_alone() {
        let l = ForbiddenWords::builtin();
        assert!(l.len() > 10, "{}", l.len());
        for name in ["amina", "baraka", "zanele", "kwame", "claire", "bob", "Cassandra", "computer", "deputy"] {
            assert_eq!(l.in_name(name), None, "{name}");
        }
        assert!(l.in_name("Moderator").is_some());
        assert!(l.in_name("mancala_official").is_some());
        assert!(l.in_text("connard").is_some());
        assert!(l.in_text("what a good game, merci").is_none());
    }

    #[test]
    fn a_line_without_letters_is_refused_by_number() {
        let err = ForbiddenWords::parse("idiot\n  --- \n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
    }
}
