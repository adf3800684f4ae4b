//! The web client's words on the server: the same catalogs (`web/app/i18n/{lang}.json`, and the books
//! beside them, `{lang}/{book}.json`) read from the files the binary embeds for the client, so a word
//! the first paint writes is the word the client draws over it. [`Words::t`] fills `{name}`
//! placeholders as the client's `t` does.

use super::super::web;
use serde_json::{Map, Value};

/// A language's catalog with some of its books.
pub struct Words {
    lang: &'static str,
    map: Map<String, Value>,
}

impl Words {
    /// The catalog of `lang` and its `books` (a missing or unreadable file adds no words: the ids show,
    /// as the client shows them, and the tests that compare the catalogs catch it).
    pub fn load(lang: &'static str, books: &[&str]) -> Words {
        let mut map = Map::new();
        let files =
            std::iter::once(format!("i18n/{lang}.json")).chain(books.iter().map(|b| format!("i18n/{lang}/{b}.json")));
        for path in files {
            if let Some(Ok(Value::Object(words))) = web::embedded(&path).map(|bytes| serde_json::from_slice(&bytes)) {
                map.extend(words);
            }
        }
        Words { lang, map }
    }

    /// The language of these words.
    pub fn lang(&self) -> &'static str {
        self.lang
    }

    pub fn has(&self, id: &str) -> bool {
        self.map.contains_key(id)
    }

    /// The sentence `id` (its plural `other` form for a plural entry); the id itself when missing.
    pub fn t(&self, id: &str) -> String {
        self.t_with(id, &[])
    }

    /// The sentence `id` with its `{name}` placeholders filled from `params`.
    pub fn t_with(&self, id: &str, params: &[(&str, &str)]) -> String {
        let text = match self.map.get(id) {
            Some(Value::String(s)) => s.as_str(),
            Some(Value::Object(forms)) => forms.get("other").and_then(Value::as_str).unwrap_or(id),
            _ => id,
        };
        let mut out = text.to_string();
        for (name, value) in params {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }

    /// A rule set's or a game's name ("Njombwa"), as the client's `variantName`.
    pub fn variant(&self, id: &str) -> String {
        let key = format!("variant.{id}");
        if self.has(&key) { self.t(&key) } else { id.to_string() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogs_and_books_are_read_in_each_language() {
        let en = Words::load("en", &["rules"]);
        assert_eq!(en.t("nav.learn"), "Learn");
        assert_eq!(en.t_with("rules.title", &[("game", "Njombwa")]), "Njombwa: the rules");
        let fr = Words::load("fr", &["rules"]);
        assert_ne!(fr.t("nav.learn"), "Learn");
        assert!(fr.t_with("rules.title", &[("game", "Njombwa")]).contains("Njombwa"));
        assert_eq!(en.t("no.such.id"), "no.such.id");
        assert_eq!(en.variant("njombwa"), "Njombwa");
    }
}
