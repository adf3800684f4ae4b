//! An author's tool: shows a step (or every step of a lesson) and how the checker answers every attempt of
//! one turn there, so a new lesson can be tuned before the tests run.
//!
//! ```text
//! cargo run -q -p mancala-learn --example explore -- kubuguza/capture/first [fr]
//! cargo run -q -p mancala-learn --example explore -- kubuguza/capture
//! ```

use mancala_learn::{Library, Status, Verdict};
use mancala_protocol::StepEvent;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(id) = args.next() else {
        eprintln!("usage: explore GAME/LESSON[/STEP] [LANG]");
        std::process::exit(2);
    };
    let lang = args.next().unwrap_or_else(|| "en".into());
    let library = match Library::load() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let ids: Vec<String> =
        library.step_ids().into_iter().filter(|s| *s == id || s.starts_with(&format!("{id}/"))).collect();
    if ids.is_empty() {
        eprintln!("no step or lesson `{id}`");
        std::process::exit(1);
    }
    for id in ids {
        show(&library, &id, &lang);
    }
}

fn show(library: &Library, id: &str, lang: &str) {
    let view = match library.step(id, lang) {
        Ok(v) => v,
        Err(e) => {
            println!("== {id}: {e}\n");
            return;
        }
    };
    println!("== {id} ({} {})", view.variant, view.position);
    println!("{}", view.text);
    let Some(goal) = &view.goal else {
        if let Some(demo) = &view.demo {
            println!("demo {}: {} steps", demo.decisions.join(" "), demo.events.len());
        }
        println!();
        return;
    };
    println!("goal: {}", goal.text);
    let attempts = library.attempts(id, 500).unwrap_or_default();
    let mut refused: Vec<(String, String)> = Vec::new();
    for attempt in attempts {
        let refs: Vec<&str> = attempt.iter().map(String::as_str).collect();
        match library.check(id, &refs, lang) {
            Ok(v) if v.status == Status::Illegal => {
                let hint = v.hint.map(|t| t.id).unwrap_or_default();
                match refused.iter_mut().find(|(h, _)| *h == hint) {
                    Some((_, list)) => list.push_str(&format!(" {}", attempt.join(" "))),
                    None => refused.push((hint, attempt.join(" "))),
                }
            }
            Ok(v) => {
                let status = format!("{:?}", v.status).to_lowercase();
                let note = match v.status {
                    Status::Met => v.success.as_ref().map(|t| t.id.clone()).unwrap_or_default(),
                    _ => v.hint.as_ref().map(|t| t.id.clone()).unwrap_or_default(),
                };
                println!("  {:<14} {:<7} {} {note}", attempt.join(" "), status, summary(&v));
            }
            Err(e) => println!("  {:<14} error: {e}", attempt.join(" ")),
        }
    }
    for (hint, list) in refused {
        println!("  refused -> {hint}:{list}");
    }
    println!();
}

/// Laps, counters captured, the last hole and the position after, in a few words.
fn summary(v: &Verdict) -> String {
    let (mut laps, mut captured, mut last) = (0, 0, String::new());
    for e in &v.events {
        match e {
            StepEvent::Lift { .. } => laps += 1,
            StepEvent::Capture { count, .. } => captured += *count as u32,
            StepEvent::Drop { hole } => last = hole.as_str().to_string(),
            StepEvent::GameEnd { outcome } => {
                last.push_str(&format!(" [end: {:?} {}]", outcome.winner, outcome.reason))
            }
            _ => {}
        }
    }
    let holes: Vec<String> = v.board.hole_counts().filter(|(_, n)| *n > 0).map(|(h, n)| format!("{h}={n}")).collect();
    format!("laps {laps} took {captured} last {last} | {}", holes.join(" "))
}
