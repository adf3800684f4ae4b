//! Any text as a decision in notation, on every board shape: `Decision::parse` never panics, and a
//! decision it accepts prints as notation that parses back to the same decision.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_engine::{Decision, Geometry};

const SHAPES: [Geometry; 4] =
    [Geometry::FourRows(8), Geometry::FourRows(9), Geometry::FourRows(10), Geometry::TwoByTwenty];

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let geometry = SHAPES[shape as usize % SHAPES.len()];
    if let Ok(decision) = Decision::parse(text, geometry) {
        let printed = decision.notation(geometry);
        assert_eq!(Decision::parse(&printed, geometry).ok(), Some(decision), "`{text}` printed as `{printed}`");
    }
});
