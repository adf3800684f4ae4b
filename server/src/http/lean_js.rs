//! The web client's modules as sent: without their comment lines. The modules carry their JSDoc types
//! (checked by `tsc --noEmit`, no build step) and comments, about a fifth of the bytes a page loads; a
//! phone on a slow network pays for every one. The server blanks each line that is only a comment (a
//! `//` line, or a block comment that starts a line and ends one), keeping the line itself, so that a
//! stack trace's line numbers are the repository's. Comments after code on a line, and casts such as
//! `/** @type {X} */ (y)`, stay: blanking only whole lines needs no JavaScript parser. A line inside a
//! template literal that spans lines is never touched (an odd count of backticks opens or closes one),
//! and a file with a block comment that does not end a line is sent as written.

use std::borrow::Cow;

/// `source` with every comment-only line made empty (its line break kept).
pub fn without_comment_lines(source: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(source.len());
    let mut in_block = false;
    let mut in_template = false;
    let mut changed = false;
    for line in source.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let ending = &line[body.len()..];
        let trimmed = body.trim();
        let blank = if in_block {
            if let Some(end) = trimmed.find("*/") {
                if end + 2 != trimmed.len() {
                    // Code after the block's end on its line: the file is sent as written.
                    return Cow::Borrowed(source);
                }
                in_block = false;
            }
            true
        } else if in_template {
            false
        } else if trimmed.starts_with("//") {
            true
        } else if trimmed.starts_with("/*") {
            match trimmed.find("*/") {
                Some(end) if end + 2 == trimmed.len() => true,
                Some(_) => false,
                None => {
                    in_block = true;
                    true
                }
            }
        } else {
            false
        };
        if !blank && body.matches('`').count() % 2 == 1 {
            in_template = !in_template;
        }
        if blank {
            changed |= !body.is_empty();
            out.push_str(ending);
        } else {
            out.push_str(line);
        }
    }
    if in_block || in_template || !changed {
        // A comment or a template literal never closed: not a file to touch.
        return Cow::Borrowed(source);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_lines_are_blanked_and_lines_kept() {
        let js = "// @ts-check\n// a module\nimport { a } from './a.js';\n\n/**\n * Doubles.\n * @param {number} n\n */\nexport function twice(n) {\n  return 2 * n; // why\n}\n";
        let lean = without_comment_lines(js);
        assert_eq!(
            lean,
            "\n\nimport { a } from './a.js';\n\n\n\n\n\nexport function twice(n) {\n  return 2 * n; // why\n}\n"
        );
        assert_eq!(lean.lines().count(), js.lines().count(), "line numbers kept");
    }

    #[test]
    fn casts_and_code_after_a_comment_stay() {
        let js = "const x = 1;\n/** @type {Foo} */ (bar).go();\n/* a */ f();\n  /** one line */\nlet y;\n";
        assert_eq!(without_comment_lines(js), "const x = 1;\n/** @type {Foo} */ (bar).go();\n/* a */ f();\n\nlet y;\n");
    }

    #[test]
    fn a_template_literal_across_lines_is_left_alone() {
        let js = "const t = `first\n// not a comment\n/* nor this */\nlast`;\n// a comment\n";
        assert_eq!(without_comment_lines(js), "const t = `first\n// not a comment\n/* nor this */\nlast`;\n\n");
    }

    #[test]
    fn a_block_that_does_not_end_its_line_leaves_the_file_as_written() {
        let js = "// kept\nlet a;\n/*\n * kept\n */ let b;\n// kept too\n";
        assert_eq!(without_comment_lines(js), js);
    }

    #[test]
    fn a_file_without_comments_is_not_copied() {
        assert!(matches!(without_comment_lines("let a = 1;\n"), Cow::Borrowed(_)));
        assert!(matches!(without_comment_lines("/* never closed\nlet a;\n"), Cow::Borrowed(_)));
    }
}
