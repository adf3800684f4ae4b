//! The texts: every id the data uses exists in every language, no text is unused, the placeholders of a
//! text are the same in every language, every quotation is used and translated, and a player's text
//! shows no developer's words (code identifiers, the rules specification's numbering: docs/rules.md#numbering).

use mancala_learn::Library;
use mancala_learn::text::placeholders;
use std::collections::BTreeSet;

fn library() -> Library {
    Library::load().unwrap_or_else(|e| panic!("the embedded data does not load: {e}"))
}

#[test]
fn every_text_used_exists_in_every_language_and_none_is_unused() {
    let lib = library();
    let used = lib.used_text_ids();
    let quotes = lib.used_quotes();
    let mut problems = Vec::new();
    for lang in lib.languages() {
        let have: BTreeSet<&str> = lib.texts().ids(lang).collect();
        for id in &used {
            if !have.contains(id.as_str()) {
                problems.push(format!("{lang}: `{id}` is missing"));
            }
        }
        for id in &have {
            let translation = id.strip_prefix("quote.");
            let is_used = match translation {
                Some(q) => lang != "en" && quotes.contains(q),
                None => used.contains(*id),
            };
            if !is_used {
                problems.push(format!("{lang}: `{id}` is not used"));
            }
        }
        if lang != "en" {
            for q in &quotes {
                if !have.contains(format!("quote.{q}").as_str()) {
                    problems.push(format!("{lang}: the quotation `{q}` has no translation `quote.{q}`"));
                }
            }
        }
    }
    check_all(problems);
}

#[test]
fn placeholders_match_between_languages() {
    let lib = library();
    let texts = lib.texts();
    let mut problems = Vec::new();
    for id in texts.ids("en") {
        let en = placeholders(texts.lookup("en", id).unwrap());
        for lang in lib.languages() {
            if let Some(text) = texts.lookup(lang, id)
                && placeholders(text) != en
            {
                problems.push(format!("{lang}: `{id}` names {:?}, English {:?}", placeholders(text), en));
            }
        }
    }
    check_all(problems);
}

#[test]
fn every_source_and_quotation_is_used_and_quotations_are_not_empty() {
    let lib = library();
    let sources = &lib.texts().sources;
    let used_quotes = lib.used_quotes();
    let used_sources: BTreeSet<String> =
        lib.rules_data().iter().flat_map(|p| &p.sections).flat_map(|s| &s.quotes).map(|q| q.source.clone()).collect();
    let mut problems = Vec::new();
    for (id, words) in &sources.quotes {
        if !used_quotes.contains(id) {
            problems.push(format!("quotation `{id}` is not used"));
        }
        if words.trim().len() < 20 {
            problems.push(format!("quotation `{id}` is too short to be a quotation"));
        }
    }
    for id in sources.sources.keys() {
        if !used_sources.contains(id) {
            problems.push(format!("source `{id}` is not used"));
        }
    }
    check_all(problems);
}

/// Players read these texts: no code identifiers, no numbering of the rules specification (decision numbers,
/// ambiguities, section signs: docs/rules.md#numbering),
/// no markup, no empty text, no stray spaces.
#[test]
fn player_texts_hold_no_developer_words() {
    let lib = library();
    let texts = lib.texts();
    let mut problems = Vec::new();
    for lang in lib.languages() {
        for id in texts.ids(lang) {
            let text = texts.lookup(lang, id).unwrap();
            let words: Vec<&str> = text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).collect();
            let bad = [
                text.trim().is_empty().then_some("empty"),
                (text.trim() != text || text.contains("  ")).then_some("stray spaces"),
                text.contains('`').then_some("a backtick"),
                text.contains('§').then_some("a section sign"),
                text.to_lowercase().contains("ambigu").then_some("the specification's ambiguities"),
                text.contains("RULES").then_some("the specification's file name"),
                text.contains("::").then_some("a path"),
                words.iter().any(|w| w.contains('_')).then_some("a snake_case identifier"),
                words.iter().any(|w| is_decision_number(w)).then_some("a decision number like D4"),
            ];
            for why in bad.into_iter().flatten() {
                problems.push(format!("{lang}: `{id}` holds {why}: {text}"));
            }
        }
    }
    check_all(problems);
}

/// `D1` … `D11` (the decisions of docs/rules.md#numbering); hole names such as `d1` are lower case and fine.
fn is_decision_number(word: &str) -> bool {
    word.strip_prefix('D').is_some_and(|n| !n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()))
}

#[test]
fn french_is_not_english() {
    let lib = library();
    let texts = lib.texts();
    let mut problems = Vec::new();
    for id in texts.ids("en") {
        let en = texts.lookup("en", id).unwrap();
        if let Some(fr) = texts.lookup("fr", id)
            && fr == en
            && en.split_whitespace().count() > 3
        {
            problems.push(format!("`{id}` is the same in French and English: {en}"));
        }
    }
    check_all(problems);
}

fn check_all(problems: Vec<String>) {
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}
