//! The page's catalogs named for preloading: the client asks for its language's catalog once `main.js`
//! runs, and for the page's books (`export const books = […]` in `js/pages/{page}.js`) once the page's
//! module is in, each a round trip after the modules; named in the HTML, they come with the modules.

use super::super::web;

/// The books the page module `page` declares, as the client's router loads them.
pub fn books(page: &str) -> Vec<String> {
    let Some(code) = web::embedded(&format!("js/pages/{page}.js")) else { return Vec::new() };
    let code = String::from_utf8_lossy(&code);
    let Some(start) = code.find("export const books = [") else { return Vec::new() };
    let list = &code[start + "export const books = [".len()..];
    let list = &list[..list.find(']').unwrap_or(0)];
    list.split(',')
        .map(|b| b.trim().trim_matches('\''))
        .filter(|b| !b.is_empty() && b.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .map(str::to_string)
        .collect()
}

/// `<link rel="preload">` for the catalog of `lang` and its `books`, under the asset folder `base`. The
/// client fetches them with `fetch(url)`: a CORS-mode request with credentials, which `crossorigin`
/// (anonymous: same-origin credentials) matches.
pub fn links(base: &str, lang: &str, books: &[String]) -> String {
    std::iter::once(format!("{lang}.json"))
        .chain(books.iter().map(|b| format!("{lang}/{b}.json")))
        .map(|path| format!(r#"<link rel="preload" href="{base}/i18n/{path}" as="fetch" crossorigin />"#))
        .collect::<Vec<_>>()
        .join("\n    ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_books_are_the_page_modules() {
        assert_eq!(books("rules"), ["rules", "demo"]);
        // A lesson's sowing to watch loads its words with its module (lesson/ctrl.js).
        assert_eq!(books("lesson"), ["learn"]);
        assert_eq!(books("home"), ["home", "lobby", "lists"]);
        assert!(books("game").is_empty());
        let links = links("/assets/v", "fr", &books("learn"));
        assert!(links.contains(r#"href="/assets/v/i18n/fr.json" as="fetch" crossorigin"#), "{links}");
        assert!(links.contains(r#"href="/assets/v/i18n/fr/learn.json""#), "{links}");
    }
}
