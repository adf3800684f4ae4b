//! Strict JSON: a key repeated in an object is refused, at any depth, and named by its path
//! (`clock.base_secs`). serde_json keeps the last of repeated keys without a word (`{"variant":"kubuguza",
//! "variant":"azigo"}` would be an Azigo game), and a client whose JSON library keeps the first would
//! mean something else than the server reads. Every JSON the server reads from a client goes through
//! [`first_duplicate`] (the game socket's [`ClientMsg::from_text`](crate::ClientMsg::from_text), the lobby
//! socket through [`from_str`], HTTP bodies in the server's `Json` extractor).
//!
//! The check is a pass over the text that builds nothing: every value is visited and dropped, with the keys
//! of each object kept aside while it is read (borrowed from the text unless they hold escapes) and compared.
//! No crate did this for serde_json without building a `Value` of the whole text; a decision message is a
//! few short keys, so the pass costs far less than the typed parse that follows (BENCHMARKS.md, "Strict
//! JSON").

use arrayvec::ArrayVec;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

/// The path (`clock.base_secs`, `moves[2].id`) of the first key that `text` repeats inside one object, if
/// any. Text that is not JSON has none: the parse that follows says what is wrong with it.
pub fn first_duplicate(text: &[u8]) -> Option<String> {
    let found = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(text);
    let _ = Unique { at: &Path::Root, found: &found }.deserialize(&mut de);
    found.into_inner()
}

/// `text` as `T`, refused when it repeats a key (serde_json's error, saying which key).
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    if let Some(path) = first_duplicate(text.as_bytes()) {
        return Err(de::Error::custom(duplicate_message(&path)));
    }
    serde_json::from_str(text)
}

/// What a refusal says about a repeated key.
pub fn duplicate_message(path: &str) -> String {
    format!("duplicate key `{path}`: a key may appear once in an object")
}

/// Where a value is, for naming a repeated key.
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => Ok(()),
            Path::Key(Path::Root, key) => f.write_str(key),
            Path::Key(parent, key) => write!(f, "{parent}.{key}"),
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// Reads one value, checking every object inside it.
struct Unique<'a> {
    at: &'a Path<'a>,
    /// The first repeated key (the pass stops there).
    found: &'a RefCell<Option<String>>,
}

impl<'de> DeserializeSeed<'de> for Unique<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// Objects up to this many keys are checked by comparing each new key with the ones before (no
/// allocation); larger ones use a hash set, so a body of thousands of keys costs no quadratic time.
const FEW_KEYS: usize = 16;

impl<'de> Visitor<'de> for Unique<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut few: ArrayVec<Key<'de>, FEW_KEYS> = ArrayVec::new();
        let mut many: HashSet<Key<'de>> = HashSet::new();
        while let Some(key) = map.next_key::<Key<'de>>()? {
            let repeated = if few.is_full() { many.contains(&key) } else { few.contains(&key) };
            if repeated {
                let path = Path::Key(self.at, &key.0).to_string();
                *self.found.borrow_mut() = Some(path);
                return Err(de::Error::custom("duplicate key"));
            }
            map.next_value_seed(Unique { at: &Path::Key(self.at, &key.0), found: self.found })?;
            if few.is_full() {
                if many.is_empty() {
                    many.extend(few.iter().cloned());
                }
                many.insert(key);
            } else {
                few.push(key);
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        while seq.next_element_seed(Unique { at: &Path::Index(self.at, i), found: self.found })?.is_some() {
            i += 1;
        }
        Ok(())
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
}

/// An object's key: borrowed from the text when it has no escapes.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key<'de>(Cow<'de, str>);

impl<'de> de::Deserialize<'de> for Key<'de> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_string())))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_key_is_named_by_its_path() {
        assert_eq!(first_duplicate(br#"{"variant":"kubuguza","variant":"azigo"}"#).as_deref(), Some("variant"));
        assert_eq!(first_duplicate(br#"{"clock":{"base_secs":1,"base_secs":2}}"#).as_deref(), Some("clock.base_secs"));
        assert_eq!(first_duplicate(br#"{"a":[{"x":1},{"x":1,"x":2}]}"#).as_deref(), Some("a[1].x"));
        // An escaped key is the same key.
        assert_eq!(first_duplicate(br#"{"id":"1","\u0069d":"2"}"#).as_deref(), Some("id"));
    }

    #[test]
    fn distinct_keys_and_non_json_pass() {
        assert_eq!(first_duplicate(br#"{"type":"decide","id":"7","decision":"c2"}"#), None);
        assert_eq!(first_duplicate(br#"{"a":{"x":1},"b":{"x":1}}"#), None, "the same key in two objects");
        assert_eq!(first_duplicate(b"{"), None);
        assert_eq!(first_duplicate(b"[1,2,3]"), None);
    }

    #[test]
    fn large_objects_are_checked_too() {
        let keys: Vec<String> = (0..40).map(|i| format!("\"k{i}\":{i}")).collect();
        let text = format!("{{{}}}", keys.join(","));
        assert_eq!(first_duplicate(text.as_bytes()), None);
        let text = format!("{{{},\"k3\":0}}", keys.join(","));
        assert_eq!(first_duplicate(text.as_bytes()).as_deref(), Some("k3"));
    }

    #[test]
    fn from_str_refuses_with_the_key() {
        let e = from_str::<serde_json::Value>(r#"{"a":1,"a":2}"#).unwrap_err();
        assert!(e.to_string().contains("duplicate key `a`"), "{e}");
        assert_eq!(from_str::<serde_json::Value>(r#"{"a":1}"#).unwrap()["a"], 1);
    }
}
