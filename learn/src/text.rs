//! The texts: one catalog per language (`learn/text/{lang}/*.json`, ids to strings), English the
//! fallback, and the language-neutral sources and quotations (`learn/text/sources.json`). A text may name
//! values in braces (`{count}`); every language must name the same ones.

use crate::format::SourceTexts;
use std::collections::{BTreeMap, BTreeSet};

/// The languages shipped, English first (the fallback).
pub const LANGUAGES: [&str; 2] = ["en", "fr"];

/// The embedded language files: (language, file name, contents).
const FILES: &[(&str, &str, &str)] = &[
    ("en", "common", include_str!("../text/en/common.json")),
    ("en", "kubuguza", include_str!("../text/en/kubuguza.json")),
    ("en", "ikibuguzo", include_str!("../text/en/ikibuguzo.json")),
    ("en", "njombwa", include_str!("../text/en/njombwa.json")),
    ("en", "azigo", include_str!("../text/en/azigo.json")),
    ("en", "rules", include_str!("../text/en/rules.json")),
    ("fr", "common", include_str!("../text/fr/common.json")),
    ("fr", "kubuguza", include_str!("../text/fr/kubuguza.json")),
    ("fr", "ikibuguzo", include_str!("../text/fr/ikibuguzo.json")),
    ("fr", "njombwa", include_str!("../text/fr/njombwa.json")),
    ("fr", "azigo", include_str!("../text/fr/azigo.json")),
    ("fr", "rules", include_str!("../text/fr/rules.json")),
];

const SOURCES: &str = include_str!("../text/sources.json");

/// A text file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("learn/text/{lang}/{file}.json: {reason}")]
    File { lang: String, file: String, reason: String },
    #[error("learn/text/{lang}: the id `{id}` is given twice ({first}.json and {second}.json)")]
    Duplicate { lang: String, id: String, first: String, second: String },
    #[error("learn/text/sources.json: {0}")]
    Sources(String),
}

/// Every catalog, and the sources.
#[derive(Clone, Debug)]
pub struct Texts {
    /// Per language: id -> text.
    catalogs: BTreeMap<&'static str, BTreeMap<String, String>>,
    pub sources: SourceTexts,
}

impl Texts {
    /// Reads the embedded files.
    pub fn load() -> Result<Texts, TextError> {
        let mut catalogs: BTreeMap<&'static str, BTreeMap<String, String>> = BTreeMap::new();
        let mut origin: BTreeMap<(&str, String), &str> = BTreeMap::new();
        for &(lang, file, contents) in FILES {
            let entries: BTreeMap<String, String> = serde_json::from_str(contents).map_err(|e| TextError::File {
                lang: lang.into(),
                file: file.into(),
                reason: e.to_string(),
            })?;
            let catalog = catalogs.entry(lang).or_default();
            for (id, text) in entries {
                if let Some(first) = origin.insert((lang, id.clone()), file) {
                    return Err(TextError::Duplicate {
                        lang: lang.into(),
                        id,
                        first: first.into(),
                        second: file.into(),
                    });
                }
                catalog.insert(id, text);
            }
        }
        let sources = serde_json::from_str(SOURCES).map_err(|e| TextError::Sources(e.to_string()))?;
        Ok(Texts { catalogs, sources })
    }

    /// The language shipped that best fits `wanted` (`fr`, `fr-BI`, `FR`): the same language, else English.
    pub fn language(&self, wanted: &str) -> &'static str {
        let primary = wanted.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        self.catalogs.keys().copied().find(|&l| l == primary).unwrap_or(LANGUAGES[0])
    }

    /// The text `id` in `lang`, else in English, else the id itself (the tests make sure this never shows).
    pub fn get<'a>(&'a self, lang: &str, id: &'a str) -> &'a str {
        self.lookup(lang, id).or_else(|| self.lookup(LANGUAGES[0], id)).unwrap_or(id)
    }

    /// The text `id` in `lang` only.
    pub fn lookup(&self, lang: &str, id: &str) -> Option<&str> {
        self.catalogs.get(lang).and_then(|c| c.get(id)).map(String::as_str)
    }

    /// The text `id` in `lang` with its placeholders filled.
    pub fn render(&self, lang: &str, id: &str, values: &[(&str, String)]) -> String {
        let mut out = self.get(lang, id).to_string();
        for (name, value) in values {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }

    /// Every id of `lang`'s catalog.
    pub fn ids(&self, lang: &str) -> impl Iterator<Item = &str> {
        self.catalogs.get(lang).into_iter().flat_map(|c| c.keys().map(String::as_str))
    }

    /// The languages that have a catalog.
    pub fn languages(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.catalogs.keys().copied()
    }
}

/// The names in braces in `text`: `"Capture {count}"` names `count`.
pub fn placeholders(text: &str) -> BTreeSet<&str> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        out.insert(&after[..close]);
        rest = &after[close + 1..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_the_names_in_braces() {
        assert_eq!(placeholders("Capture {count} in {holes}."), BTreeSet::from(["count", "holes"]));
        assert!(placeholders("no braces").is_empty());
    }

    #[test]
    fn a_language_falls_back_to_english() {
        let texts = Texts::load().unwrap();
        assert_eq!(texts.language("fr-BI"), "fr");
        assert_eq!(texts.language("FR"), "fr");
        assert_eq!(texts.language("rw"), "en");
        assert_eq!(texts.get("rw", "goal.safe"), texts.get("en", "goal.safe"));
    }
}
