//! Writing HTML by hand, safely: every text and attribute value the first paint puts in a page goes
//! through [`esc`], whatever its source (a player's name, an address, the catalogs' words); JSON data
//! goes through [`json_data`], whose `<` cannot close its element.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// `text` with the five characters HTML gives a meaning escaped, for a text node or a quoted attribute.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `value` as a JSON data block with the id `id` (`<script type="application/json">`: data the browser
/// never runs, which the content security policy allows). `<`, `>` and `&` are written as JSON's `\u`
/// escapes, which `JSON.parse` reads back as the same characters, so no `</script>` nor `<!--` in a
/// text can end the element or change how the HTML parser reads it.
pub fn json_data(id: &str, value: &serde_json::Value) -> String {
    let json = value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
    format!(r#"<script type="application/json" id="{}">{json}</script>"#, esc(id))
}

/// What the client's `encodeURIComponent` encodes: everything but the letters, digits and `-_.!~*'()`.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// `s` as the client's `encodeURIComponent` writes it: the unreserved characters kept, every other byte
/// of its UTF-8 as `%XX`.
pub fn encode_component(s: &str) -> String {
    utf8_percent_encode(s, COMPONENT).to_string()
}

/// A path segment as the client's router reads it (`decodeURIComponent`): `%XX` decoded, and the raw
/// segment kept when the result is not UTF-8 (the client would throw and draw nothing of it).
pub fn decode_segment(segment: &str) -> String {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| segment.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(
            esc(r#"<script>"a" & 'b'</script>"#),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
        assert_eq!(esc("Njombwa: les règles"), "Njombwa: les règles");
    }

    #[test]
    fn json_data_cannot_close_its_element() {
        let value = serde_json::json!({"title": "</script><script>alert(1)</script><!-- & more"});
        let html = json_data("first-answer", &value);
        let body = html.strip_prefix(r#"<script type="application/json" id="first-answer">"#).unwrap();
        let body = body.strip_suffix("</script>").unwrap();
        assert!(!body.contains('<') && !body.contains('>') && !body.contains('&'), "{body}");
        let back: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(back, value);
    }

    #[test]
    fn components_encode_as_the_client_encodes_them() {
        assert_eq!(encode_component("capture"), "capture");
        assert_eq!(encode_component("a b/c?d"), "a%20b%2Fc%3Fd");
        assert_eq!(encode_component("règle(1)!"), "r%C3%A8gle(1)!");
    }

    #[test]
    fn segments_decode_as_the_client_reads_them() {
        assert_eq!(decode_segment("%3Cb%3E"), "<b>");
        assert_eq!(decode_segment("r%C3%A8gle"), "règle");
        assert_eq!(decode_segment("50%"), "50%");
        assert_eq!(decode_segment("%FF"), "%FF");
    }
}
