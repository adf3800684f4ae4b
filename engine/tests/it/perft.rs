//! Perft, as shakmaty's `tests/perft.rs`: the number of distinct decision sequences of each length from a
//! position, per variant, against the counts in `tests/perft/*.txt`. A depth is a number of decisions
//! (a decision inside a turn counts as one; while both sides choose their arrays, each side's choice is
//! its own branch). Any change to which decisions are legal, or to where they lead, changes a count.
//!
//! File format, one line per count: `VARIANT; POSITION; DEPTH; COUNT[; rules_version=N]`, where POSITION is
//! position text or `start`, and the optional last field plays under an earlier reading of the rules
//! (docs/rules.md#rules-versions; the current one when absent); `#` starts a comment.

use mancala_engine::{NoEvents, Options, Position, Side, ToMove, Variant};

fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let sides: &[Side] = match pos.to_move() {
        ToMove::Side(s) => &[s][..],
        ToMove::Both { waiting } => {
            if waiting.south {
                &[Side::South, Side::North]
            } else {
                &[Side::North]
            }
        }
        ToMove::Nobody(_) => &[],
    };
    let mut nodes = 0;
    for &side in sides {
        for d in pos.legal_decisions(side) {
            let mut next = pos.clone();
            next.apply(side, d, &mut NoEvents).unwrap();
            nodes += perft(&next, depth - 1);
        }
    }
    nodes
}

#[test]
fn perft_counts_match_the_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let fields = line.split(';').map(str::trim).collect::<Vec<_>>();
            let bad = || -> ! { panic!("{}: bad line `{line}`", path.display()) };
            let (head, rest) = fields.split_at_checked(4).unwrap_or_else(|| bad());
            let &[variant, position, depth, count] = head else { bad() };
            let variant: Variant = variant.parse().unwrap();
            let mut options = Options::defaults(variant);
            match rest {
                [] => {}
                [version] => {
                    let v = version.strip_prefix("rules_version=").unwrap_or_else(|| panic!("bad field `{version}`"));
                    options.rules_version = v.parse().unwrap();
                }
                _ => bad(),
            }
            let pos = match position {
                "start" => Position::start(variant, options).unwrap(),
                text => Position::from_text(variant, options, text).unwrap(),
            };
            let (depth, count): (u32, u64) = (depth.parse().unwrap(), count.parse().unwrap());
            assert_eq!(perft(&pos, depth), count, "{}: {line}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} counts checked");
}
