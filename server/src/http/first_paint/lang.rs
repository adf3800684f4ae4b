//! The visitor's language, as the client will pick it (web/app/js/main.js): the one chosen with the
//! picker, which the client keeps in the `lang` cookie as well as in localStorage, else the first of the
//! browser's languages (`Accept-Language`) that has a catalog, else English.

use crate::learn::{library, routes::language};
use axum::http::HeaderMap;

/// The cookie the client writes when a language is chosen with the picker.
pub const COOKIE: &str = "lang";

/// The language to draw the page in.
pub fn visitor(headers: &HeaderMap) -> &'static str {
    let chosen = crate::accounts::session::read_cookie(headers, COOKIE);
    let known = library().languages();
    if let Some(lang) = chosen.and_then(|c| known.iter().copied().find(|k| *k == c)) {
        return lang;
    }
    language(None, headers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::web;
    use axum::http::{HeaderValue, header};

    fn headers(pairs: &[(header::HeaderName, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_chosen_language_then_the_browsers_then_english() {
        assert_eq!(visitor(&headers(&[(header::COOKIE, "sid=x; lang=fr"), (header::ACCEPT_LANGUAGE, "en")])), "fr");
        assert_eq!(visitor(&headers(&[(header::COOKIE, "lang=rw"), (header::ACCEPT_LANGUAGE, "fr-BI, en")])), "fr");
        assert_eq!(visitor(&headers(&[(header::ACCEPT_LANGUAGE, "de, en;q=0.5")])), "en");
        assert_eq!(visitor(&HeaderMap::new()), "en");
    }

    #[test]
    fn the_texts_and_the_catalogs_have_the_same_languages() {
        // The page's words and its texts in one language.
        let mut texts: Vec<&str> = library().languages();
        texts.sort();
        assert_eq!(web::languages(), texts.join(" "));
    }
}
