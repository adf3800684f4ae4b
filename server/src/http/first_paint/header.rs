//! The header's words in the visitor's language: `index.html` marks each word with the catalog id the
//! client translates it by (`data-i18n="nav.learn"` for an element's text, `data-i18n-label` for its
//! `aria-label`); the server puts the same words in first.

use super::html::esc;
use super::words::Words;

const TEXT: &str = "data-i18n=\"";
const LABEL: &str = "data-i18n-label=\"";

/// `html` with every marked text and label in `words`' language.
pub fn translate(html: &str, words: &Words) -> String {
    let mut out = String::with_capacity(html.len() + 256);
    let mut rest = html;
    loop {
        let text = rest.find(TEXT);
        let label = rest.find(LABEL);
        let (at, is_label) = match (text, label) {
            (Some(t), Some(l)) if l < t => (l, true),
            (Some(t), _) => (t, false),
            (None, Some(l)) => (l, true),
            (None, None) => break,
        };
        let mark = if is_label { LABEL } else { TEXT };
        let Some(key_len) = rest[at + mark.len()..].find('"') else { break };
        let key = &rest[at + mark.len()..at + mark.len() + key_len];
        let after_key = at + mark.len() + key_len + 1;
        if is_label {
            // The label is an attribute of the same tag, written before the mark.
            let tag_start = rest[..at].rfind('<').unwrap_or(0);
            let (before, mark_on) = rest.split_at(at);
            let (head, tag) = before.split_at(tag_start);
            out.push_str(head);
            out.push_str(&relabel(tag, &esc(&words.t(key))));
            out.push_str(&mark_on[..after_key - at]);
            rest = &rest[after_key..];
        } else {
            // The text runs from the end of the tag to the next tag.
            let Some(gt) = rest[after_key..].find('>') else { break };
            let text_start = after_key + gt + 1;
            let text_end = rest[text_start..].find('<').map_or(rest.len(), |e| text_start + e);
            out.push_str(&rest[..text_start]);
            out.push_str(&esc(&words.t(key)));
            rest = &rest[text_end..];
        }
    }
    out.push_str(rest);
    out
}

/// The part of a tag before a label's mark with its `aria-label` value set to `label` (escaped).
fn relabel(tag: &str, label: &str) -> String {
    const ARIA: &str = "aria-label=\"";
    match tag.find(ARIA).and_then(|a| tag[a + ARIA.len()..].find('"').map(|e| (a + ARIA.len(), a + ARIA.len() + e))) {
        Some((start, end)) => format!("{}{label}{}", &tag[..start], &tag[end..]),
        None => tag.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_labels_are_translated_in_place() {
        let html = r#"<nav aria-label="Site" data-i18n-label="nav.label"><a href="/" data-i18n="nav.play">Play</a> <a href="/learn" data-i18n="nav.learn">Learn</a></nav><button
        type="button" aria-label="Switch" data-i18n-label="header.theme">◐</button>"#;
        let fr = Words::load("fr", &[]);
        let out = translate(html, &fr);
        assert!(out.contains(&format!(r#"data-i18n="nav.learn">{}</a>"#, esc(&fr.t("nav.learn")))), "{out}");
        assert!(
            out.contains(&format!(r#"aria-label="{}" data-i18n-label="nav.label""#, esc(&fr.t("nav.label")))),
            "{out}"
        );
        assert!(
            out.contains(&format!(r#"aria-label="{}" data-i18n-label="header.theme">◐"#, esc(&fr.t("header.theme")))),
            "{out}"
        );
        assert_ne!(fr.t("nav.learn"), "Learn");
        let en = translate(html, &Words::load("en", &[]));
        assert!(en.contains(r#"data-i18n="nav.play">Play</a>"#) && en.contains(r#"aria-label="Site""#), "{en}");
    }
}
