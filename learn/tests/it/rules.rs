//! The rules pages: every diagram's position is one the engine reads and every decision it plays is legal
//! there, every rule is drawn and either quoted from a source or said to be this site's reading,
//! Ikibuguzo's two arrays are drawn, the sources are numbered notes referenced once, and a source's own
//! notation is explained.

use mancala_engine::Variant;
use mancala_learn::{Game, Library};

fn library() -> Library {
    Library::load().unwrap_or_else(|e| panic!("the embedded data does not load: {e}"))
}

fn check_all(problems: Vec<String>) {
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn every_diagram_plays_in_every_language() {
    let lib = library();
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        for lang in lib.languages() {
            let rules = match lib.rules(variant, lang) {
                Ok(r) => r,
                Err(e) => {
                    problems.push(format!("{variant} ({lang}): {e}"));
                    continue;
                }
            };
            assert_eq!(rules.game, Game::of(variant));
            for section in &rules.sections {
                for diagram in &section.diagrams {
                    if let Some(sowing) = &diagram.sowing
                        && sowing.events.is_empty()
                    {
                        problems.push(format!("{}#{}: a diagram's sowing shows nothing", rules.game, section.id));
                    }
                }
            }
        }
    }
    check_all(problems);
}

#[test]
fn every_rule_is_drawn_and_sourced_or_said_to_be_our_reading() {
    let lib = library();
    let mut problems = Vec::new();
    for page in lib.rules_data() {
        if page.sections.len() < 5 {
            problems.push(format!("{}: only {} sections", page.game, page.sections.len()));
        }
        for section in &page.sections {
            let place = format!("{}#{}", page.game, section.id);
            if section.diagrams.is_empty() {
                problems.push(format!("{place}: no diagram"));
            }
            if section.quotes.is_empty() && section.reading.is_none() {
                problems.push(format!("{place}: neither a source's words nor this site's reading"));
            }
        }
    }
    check_all(problems);
}

#[test]
fn ikibuguzo_shows_both_arrays() {
    let lib = library();
    let page = lib.rules_data().iter().find(|p| p.game == Game::Ikibuguzo).unwrap();
    let diagrams: Vec<_> = page.sections.iter().flat_map(|s| &s.diagrams).collect();
    for array in [Variant::IkibuguzoOpening1, Variant::IkibuguzoOpening2] {
        assert!(
            diagrams.iter().any(|d| d.variant == Some(array) && d.position.is_none()),
            "no diagram of the start of {array}"
        );
    }
}

#[test]
fn a_variant_of_ikibuguzo_gets_the_ikibuguzo_page() {
    let lib = library();
    let one = lib.rules(Variant::IkibuguzoOpening1, "fr").unwrap();
    let both = lib.rules(Variant::Ikibuguzo, "fr").unwrap();
    assert_eq!(one.title, both.title);
    let note = one.notes.first().expect("a note");
    assert!(note.translation.is_some(), "French readers get a translation beside the original words");
    let en = lib.rules(Variant::Ikibuguzo, "en").unwrap();
    assert!(en.notes.iter().all(|n| n.translation.is_none()));
}

/// The rules come first and the sources' words are notes at the end, numbered 1, 2, 3… in the order the
/// sections call them; a source's full reference and where it was read are given once, with its first
/// note, instead of after every quotation.
#[test]
fn notes_are_numbered_in_page_order_and_each_source_is_referenced_once() {
    let lib = library();
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        for lang in lib.languages() {
            let rules = lib.rules(variant, lang).unwrap();
            let place = format!("{} ({lang})", rules.game);
            let numbers: Vec<usize> = rules.notes.iter().map(|n| n.number).collect();
            if numbers != (1..=rules.notes.len()).collect::<Vec<_>>() {
                problems.push(format!("{place}: notes numbered {numbers:?}"));
            }
            let called: Vec<usize> = rules.sections.iter().flat_map(|s| s.notes.iter().copied()).collect();
            if called != numbers {
                problems.push(format!("{place}: the sections call {called:?}, not each note once in order"));
            }
            for section in &rules.sections {
                for &n in &section.notes {
                    if rules.notes[n - 1].section != section.id {
                        problems.push(format!("{place}: note {n} does not lead back to `{}`", section.id));
                    }
                }
            }
            let mut seen = std::collections::BTreeSet::new();
            for note in &rules.notes {
                let first = seen.insert(note.source.clone());
                if note.citation.is_some() != first || (note.via.is_some() && !first) {
                    problems.push(format!("{place}: note {} of `{}` references it again", note.number, note.source));
                }
            }
            if rules.notes.iter().all(|n| n.citation.is_none()) {
                problems.push(format!("{place}: no full reference at all"));
            }
        }
    }
    check_all(problems);
}

/// Murray writes holes as letters (`N`, `3L`: the three beans in L) and cites his own sections (`8.3.3.`),
/// and Sanderson speaks of front and back rows; a player cannot read that without a key, so every quotation
/// that uses such notation explains it, each time.
#[test]
fn a_quotation_in_the_sources_own_notation_is_explained() {
    let lib = library();
    let mut problems = Vec::new();
    let mut explained = 0;
    for page in lib.rules_data() {
        for quote in page.sections.iter().flat_map(|s| &s.quotes) {
            let words = &lib.texts().sources.quotes[&quote.words];
            let rows = ["front row", "back row"].iter().any(|r| words.contains(r));
            let notation = rows || words.split(|c: char| c.is_whitespace() || ",;()".contains(c)).any(is_notation);
            if notation && quote.explain.is_none() {
                problems
                    .push(format!("{}: `{}` uses the source's notation unexplained: {words}", page.game, quote.words));
            }
            explained += usize::from(quote.explain.is_some());
        }
    }
    check_all(problems);
    assert!(explained >= 4, "only {explained} explanations");
}

/// A hole letter (`O`, not `A`, which may be an article, nor an initial such as `K.`), a count and a hole
/// (`3L`), or a section number (`8.3.3.`).
fn is_notation(token: &str) -> bool {
    let b = token.as_bytes();
    let letter = b.len() == 1 && b[0].is_ascii_uppercase() && b[0] != b'A';
    let count_hole =
        b.len() >= 2 && b[..b.len() - 1].iter().all(u8::is_ascii_digit) && b[b.len() - 1].is_ascii_uppercase();
    let section = token.trim_end_matches('.').split('.').count() >= 3
        && token.trim_end_matches('.').split('.').all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()));
    letter || count_hole || section
}
