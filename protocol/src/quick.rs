//! The one message a game's socket reads most, `decide`, read by hand: a pass over the text that takes the
//! plain form (`{"type":"decide","id":"d17","decision":"c2"}`, with `game` and `seat` optional, keys in any
//! order, JSON whitespace anywhere between tokens, strings without escapes) and gives up on anything else.
//! Giving up costs nothing but the general path ([`crate::strict`], then serde), which stays the reference:
//! whatever this reads, serde reads the same (the tests compare the two on every text they make), and every
//! text this does not take (an escape, a repeated or unknown key, a `null`, a bad seat, broken JSON) goes
//! there, to be read or refused with the general path's own words.
//!
//! Why by hand: serde reads an internally tagged enum (`"type"`) by first buffering the whole object into
//! its own `Content` tree (a `String` per key and value), and the strict pass reads the text once more;
//! for a message of five short strings that is most of its cost (BENCHMARKS.md, "The live path's CPU per
//! decision, kept"), the same reasoning as the hand-written event writer (`json.rs`).

use crate::ws::ClientMsg;
use mancala_engine::Side;

/// The `decide` message in `text`, if it is in the plain form; `None` sends it the general way.
pub(crate) fn decide(text: &str) -> Option<ClientMsg> {
    let mut r = Reader { bytes: text.as_bytes(), at: 0 };
    let (mut kind, mut id, mut decision, mut game, mut seat) = (None, None, None, None, None);
    r.byte(b'{')?;
    loop {
        let key = r.string()?;
        r.byte(b':')?;
        let value = r.string()?;
        let slot = match key {
            "type" => &mut kind,
            "id" => &mut id,
            "decision" => &mut decision,
            "game" => &mut game,
            "seat" => &mut seat,
            _ => return None,
        };
        if slot.replace(value).is_some() {
            return None;
        }
        match r.token()? {
            b',' => continue,
            b'}' => break,
            _ => return None,
        }
    }
    r.skip_space();
    if r.at != r.bytes.len() || kind? != "decide" {
        return None;
    }
    let seat = match seat {
        None => None,
        Some(s) => Some(s.parse::<Side>().ok()?),
    };
    Some(ClientMsg::Decide { id: id?.to_owned(), decision: decision?.to_owned(), game: game.map(str::to_owned), seat })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// JSON's whitespace: space, tab, line feed, carriage return.
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte after whitespace.
    fn token(&mut self) -> Option<u8> {
        self.skip_space();
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn byte(&mut self, want: u8) -> Option<()> {
        (self.token()? == want).then_some(())
    }

    /// A string without escapes or control characters (either would need serde's rules), borrowed. The
    /// text is a `str`, so the bytes between two quotes are whole UTF-8 characters.
    fn string(&mut self) -> Option<&'a str> {
        self.byte(b'"')?;
        let start = self.at;
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => break,
                b'\\' | 0..=0x1f => return None,
                _ => self.at += 1,
            }
        }
        let s = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        self.at += 1;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the general path (the check for repeated keys, then serde) makes of `text`.
    fn general(text: &str) -> Option<ClientMsg> {
        if crate::strict::first_duplicate(text.as_bytes()).is_some() {
            return None;
        }
        serde_json::from_str(text).ok()
    }

    #[test]
    fn the_plain_forms_are_read_as_serde_reads_them() {
        for text in [
            r#"{"type":"decide","id":"d17","decision":"c2"}"#,
            r#"{"type":"decide","id":"d17","decision":"a1:cw","game":"jg0fTdKfaa","seat":"south"}"#,
            r#" { "decision" : "store:cross" ,"seat":"north", "type":"decide","id":"" } "#,
            "{\n\t\"id\":\"é\u{1F600}\",\r\n\"type\":\"decide\",\"decision\":\"opening:1\"}",
        ] {
            let quick = decide(text);
            assert!(quick.is_some(), "{text}");
            assert_eq!(quick, general(text), "{text}");
        }
    }

    #[test]
    fn what_it_does_not_take_goes_the_general_way() {
        for text in [
            r#"{"type":"decide","id":"d1","decision":"c2","id":"d2"}"#,
            r#"{"type":"decide","id":"d1","decision":"c\u0032"}"#,
            r#"{"type":"decide","id":"d1","decision":"c2","game":null}"#,
            r#"{"type":"decide","id":"d1","decision":"c2","seat":"east"}"#,
            r#"{"type":"decide","id":"d1","decision":"c2","extra":"x"}"#,
            r#"{"type":"resign","id":"d1"}"#,
            r#"{"type":"decide","id":"d1"}"#,
            r#"{"type":"decide","id":1,"decision":"c2"}"#,
            r#"{"type":"decide","id":"d1","decision":"c2",}"#,
            r#"{"type":"decide","id":"d1","decision":"c2"} x"#,
            r#"{"type":"decide","id":"d1","decision":"c2""#,
            r#"{}"#,
            "",
        ] {
            assert_eq!(decide(text), None, "{text}");
        }
    }

    /// Every text made by cutting, repeating and changing the bytes of plain messages: what this reads,
    /// serde reads the same.
    #[test]
    fn never_disagrees_with_serde() {
        let seeds = [
            r#"{"type":"decide","id":"d17","decision":"c2","game":"jg0f","seat":"south"}"#,
            r#" { "seat" : "north" , "decision":"a1:cw" ,"id":"x","type":"decide"}"#,
        ];
        let alphabet = b" \t\n{}[]:,\"\\0123nortsuhdecidypegamiwx";
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        let mut taken = 0;
        for round in 0..200_000 {
            let mut bytes = seeds[round % seeds.len()].as_bytes().to_vec();
            for _ in 0..1 + next(3) {
                let at = next(bytes.len() + 1);
                match next(3) {
                    0 if at < bytes.len() => bytes[at] = alphabet[next(alphabet.len())],
                    1 => bytes.insert(at, alphabet[next(alphabet.len())]),
                    _ if at < bytes.len() => drop(bytes.remove(at)),
                    _ => {}
                }
            }
            let Ok(text) = std::str::from_utf8(&bytes) else { continue };
            if let Some(quick) = decide(text) {
                taken += 1;
                assert_eq!(Some(quick), general(text), "{text}");
            }
        }
        assert!(taken > 1_000, "only {taken} texts were read by hand");
    }
}
