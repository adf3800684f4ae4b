//! Any text as position text (docs/rules.md#d11-position-text) for every variant: `position_text::parse`
//! never panics, and a position it accepts prints as text that reads back to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_engine::{Options, Variant, position_text};

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let variant = Variant::ALL[which as usize % Variant::ALL.len()];
    let mut options = Options::defaults(variant);
    if variant == Variant::Njombwa {
        options.width = 8 + (which / 8) % 3;
    }
    if let Ok(position) = position_text::parse(variant, options, text) {
        let printed = position.to_text();
        let again = position_text::parse(variant, options, &printed).expect("printed text reads back");
        assert_eq!(again.to_text(), printed);
        assert_eq!(format!("{again:?}"), format!("{position:?}"), "the same position");
    }
});
