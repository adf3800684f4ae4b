//! The rules pages: every diagram's position is one the engine reads and every decision it plays is legal
//! there, every rule is drawn and either quoted from a source or said to be this site's reading, and
//! Ikibuguzo's two arrays are drawn.

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
    let quote = one.sections.iter().flat_map(|s| &s.quotes).next().expect("a quotation");
    assert!(quote.translation.is_some(), "French readers get a translation beside the original words");
    let en = lib.rules(Variant::Ikibuguzo, "en").unwrap();
    assert!(en.sections.iter().flat_map(|s| &s.quotes).all(|q| q.translation.is_none()));
}
