//! What the texts claim, replayed through the engine: where a lesson's text or a rules page's caption says
//! what a sowing does (a capture, no capture, a result, the number of laps), the sowing the engine gives
//! for that step or diagram must do it. A text that stops being true fails here.

use mancala_engine::Variant;
use mancala_learn::{Library, Sowing};

fn library() -> Library {
    Library::load().unwrap_or_else(|e| panic!("the embedded data does not load: {e}"))
}

/// Where a sowing is shown: a lesson step (`game/lesson/step`), or a rules page's diagram (the rule set
/// whose page it is, the section id, the diagram's place in it).
enum Shown {
    Step(&'static str),
    Diagram(Variant, &'static str, usize),
}

/// One claim: the steps of the sowing (as their words, docs/protocol.md "StepEvent") that must come in
/// this order, how many captures it has in all, and how many laps.
struct Claim {
    shown: Shown,
    says: &'static str,
    steps: &'static [&'static str],
    captures: Option<usize>,
    laps: Option<usize>,
}

const CLAIMS: &[Claim] = &[
    Claim {
        shown: Shown::Step("ikibuguzo/arrays/opening-capture"),
        says: "g1 ends in g2 facing g3 and g4: the eight go into g1 and are sown on; South's next turn is f1",
        steps: &[
            "lift g1 4",
            "capture g3 2 g1 opposition g2 g3 g4",
            "capture g4 6 g1",
            "lift g1 8",
            "lift d3 3",
            "lift f1 4",
        ],
        captures: Some(2),
        laps: Some(4),
    },
    Claim {
        shown: Shown::Diagram(Variant::Ikibuguzo, "opening", 2),
        says: "South's g1 ends in g2, facing g3 and g4, takes them into g1 and sows them on",
        steps: &["lift g1 4", "capture g3 2 g1", "capture g4 6 g1", "lift g1 8"],
        captures: Some(2),
        laps: None,
    },
    Claim {
        shown: Shown::Step("ikibuguzo/arrays/mixed"),
        says: "North's b4 captures b2 and b1; South goes on with d2, North with d4",
        steps: &["lift b4 4", "capture b2 2 b4", "capture b1 6 b4", "lift b4 8", "lift d2 2", "lift d4 4"],
        captures: Some(2),
        laps: None,
    },
    Claim {
        shown: Shown::Step("ikibuguzo/arrays/first-played"),
        says: "the whole opening with array 1, no capture",
        steps: &["lift c2 3", "lift b3 3"],
        captures: Some(0),
        laps: Some(6),
    },
    Claim {
        shown: Shown::Step("ikibuguzo/arrays/second-played"),
        says: "with the same array on both sides no capture can happen",
        steps: &["lift h1 4", "lift h4 4"],
        captures: Some(0),
        laps: Some(16),
    },
    Claim {
        shown: Shown::Step("kubuguza/ending/at-once"),
        says: "g2 captures North's last counters: the game ends at once, before they are sown on",
        steps: &["lift g2 2", "capture e3 1 g2", "capture e4 1 g2", "game_end south all-captured"],
        captures: Some(2),
        laps: Some(1),
    },
    Claim {
        shown: Shown::Step("kubuguza/capture/first-turn"),
        says: "on each player's first turn a lap that would capture relays",
        steps: &["lift g2 2", "lift e2 2"],
        captures: Some(0),
        laps: None,
    },
    Claim {
        shown: Shown::Step("njombwa/ending/endless"),
        says: "h1 relays without end and after 128 laps the position comes back: a draw",
        steps: &["lift h1 2", "game_end draw endless-sowing"],
        captures: Some(0),
        laps: Some(128),
    },
    Claim {
        shown: Shown::Step("kubuguza/ending/endless"),
        says: "after 128 laps the very same position comes back: a draw",
        steps: &["lift h1 2", "game_end draw endless-sowing"],
        captures: Some(0),
        laps: Some(128),
    },
    Claim {
        shown: Shown::Step("ikibuguzo/winning/endless"),
        says: "after 128 laps the very same position comes back: a draw",
        steps: &["lift h1 2", "game_end draw endless-sowing"],
        captures: Some(0),
        laps: Some(128),
    },
];

/// The sowing shown at `shown`.
fn sowing(lib: &Library, shown: &Shown) -> Result<Sowing, String> {
    match *shown {
        Shown::Step(id) => {
            let step = lib.step(id, "en").map_err(|e| format!("{id}: {e}"))?;
            step.demo.ok_or_else(|| format!("{id}: no demo"))
        }
        Shown::Diagram(variant, section, i) => {
            let page = lib.rules(variant, "en").map_err(|e| format!("{variant}: {e}"))?;
            let s = page.sections.into_iter().find(|s| s.id == section).ok_or(format!("no section {section}"))?;
            let d = s.diagrams.into_iter().nth(i).ok_or(format!("{section}: no diagram {i}"))?;
            d.sowing.ok_or_else(|| format!("{section} diagram {i}: nothing played"))
        }
    }
}

/// Every claim, each problem listed.
#[test]
fn every_claim_of_a_text_holds_in_the_engine() {
    let lib = library();
    let mut problems = Vec::new();
    for claim in CLAIMS {
        let sowing = match sowing(&lib, &claim.shown) {
            Ok(s) => s,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let words: Vec<String> =
            sowing.events.iter().map(|e| serde_json::to_value(e).unwrap().as_str().unwrap().to_string()).collect();
        let mut rest = words.iter();
        for want in claim.steps {
            if !rest.any(|w| w.starts_with(want)) {
                problems.push(format!("`{}`: no `{want}` in order; the steps: {words:?}", claim.says));
                break;
            }
        }
        let count = |kind: &str| words.iter().filter(|w| w.starts_with(kind)).count();
        if let Some(n) = claim.captures
            && count("capture ") != n
        {
            problems.push(format!("`{}`: {} captures, not {n}", claim.says, count("capture ")));
        }
        if let Some(n) = claim.laps
            && count("lift ") != n
        {
            problems.push(format!("`{}`: {} laps, not {n}", claim.says, count("lift ")));
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}
