//! `docs/protocol.md` quotes the snapshot files: every JSON example there is preceded by a comment naming
//! its `.snap` file. This test holds the page to that: each example must be the same JSON value as the
//! snapshot it names, so the documentation cannot drift from what the code sends; and every snapshot
//! (game and lobby messages, HTTP bodies) is shown there.

use std::path::Path;

fn snapshot_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // An insta file: a front matter between `---` lines, then the value.
    let body = text.splitn(3, "---").nth(2).unwrap_or_else(|| panic!("{}: no front matter", path.display()));
    serde_json::from_str(body.trim()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_example_in_the_protocol_page_is_its_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let page = std::fs::read_to_string(root.join("docs/protocol.md")).expect("docs/protocol.md");
    let mut checked = 0;
    let mut lines = page.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let Some(snap) = line.trim().strip_prefix("<!-- ").and_then(|l| l.strip_suffix(" -->")) else { continue };
        if !snap.ends_with(".snap") {
            continue;
        }
        let fence = lines.next().map(|(_, l)| l.trim()).unwrap_or_default();
        assert_eq!(fence, "```json", "docs/protocol.md:{}: `{snap}` is not followed by a JSON block", n + 2);
        let block: Vec<&str> = lines.by_ref().map(|(_, l)| l).take_while(|l| l.trim() != "```").collect();
        let example: serde_json::Value = serde_json::from_str(&block.join("\n"))
            .unwrap_or_else(|e| panic!("docs/protocol.md:{}: the example of `{snap}` is not JSON: {e}", n + 1));
        let expected = snapshot_json(&root.join(snap));
        assert_eq!(example, expected, "docs/protocol.md:{}: the example differs from `{snap}`", n + 1);
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} examples found");
}

#[test]
fn every_snapshot_is_shown_in_the_protocol_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let page = std::fs::read_to_string(root.join("docs/protocol.md")).expect("docs/protocol.md");
    let dir = root.join("protocol/tests/snapshots");
    let mut missing = Vec::new();
    let mut lobby = 0;
    for entry in std::fs::read_dir(&dir).expect("the snapshots") {
        let name = entry.expect("an entry").file_name().to_string_lossy().to_string();
        if !name.ends_with(".snap") {
            continue;
        }
        lobby += name.starts_with("snapshots__lobby_") as usize;
        if !page.contains(&format!("<!-- protocol/tests/snapshots/{name} -->")) {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "snapshots docs/protocol.md does not show: {missing:?}");
    assert!(lobby >= 15, "only {lobby} lobby snapshots");
}
