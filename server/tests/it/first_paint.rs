//! The first paint over HTTP (docs/web.md, "Serving"): each drawn page's HTML holds its words, from the
//! same data as the API answers, in the visitor's language (the `lang` cookie, then `Accept-Language`),
//! escaped, with an ETag that changes with the language and the content.

use crate::common::TestServer;
use serde_json::json;

/// Escaped as the server writes text.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// The page's HTML and its headers, asked with `headers`.
async fn page(s: &TestServer, path: &str, headers: &[(&str, &str)]) -> (u16, reqwest::header::HeaderMap, String) {
    let mut req = s.http.get(s.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let r = req.send().await.expect("request");
    let (status, h) = (r.status().as_u16(), r.headers().clone());
    (status, h, r.text().await.unwrap_or_default())
}

/// What `<main>` holds.
fn main_of(html: &str) -> &str {
    let start = html.find(r#"<main id="main""#).expect("a main element");
    let end = html.find("</main>").expect("main's end");
    &html[start..end]
}

#[tokio::test]
async fn the_rules_page_holds_its_words_in_the_visitors_language() {
    let s = TestServer::start().await;
    let (_, en) = s.get("/api/rules/njombwa?lang=en").await;
    let (status, headers, html) = page(&s, "/rules/njombwa", &[]).await;
    assert_eq!(status, 200);
    let main = main_of(&html);
    assert!(main.contains(&format!("<h1>{}</h1>", esc(en["title"].as_str().unwrap()))), "{main}");
    let sentence = en["sections"][1]["body"][0].as_str().unwrap();
    assert!(main.contains(&esc(sentence)), "the second rule's words: {sentence}");
    assert!(!main.contains("Loading"), "{main}");
    assert!(html.contains(r#"<html lang="en">"#));
    assert_eq!(headers["content-language"], "en");
    assert!(headers["vary"].to_str().unwrap().contains("Accept-Language"));
    let english_etag = headers["etag"].to_str().unwrap().to_string();

    // French: by the browser's languages, and by the cookie the picker writes, which wins.
    let (_, fr) = s.get("/api/rules/njombwa?lang=fr").await;
    let french_title = format!("<h1>{}</h1>", esc(fr["title"].as_str().unwrap()));
    assert_ne!(fr["title"], en["title"]);
    let (_, headers, html) = page(&s, "/rules/njombwa", &[("accept-language", "fr-BI, en;q=0.5")]).await;
    assert!(main_of(&html).contains(&french_title), "{html}");
    assert!(html.contains(r#"<html lang="fr">"#));
    assert!(html.contains(r#"data-i18n="nav.learn">Apprendre<"#), "the header's words in French");
    assert_ne!(headers["etag"].to_str().unwrap(), english_etag, "the ETag covers the language");
    let (_, _, html) = page(&s, "/rules/njombwa", &[("accept-language", "en"), ("cookie", "sid=x; lang=fr")]).await;
    assert!(main_of(&html).contains(&french_title), "the chosen language wins over the browser's");

    // The English copy is not answered 304 to a French visitor holding it.
    let (status, _, _) =
        page(&s, "/rules/njombwa", &[("accept-language", "fr"), ("if-none-match", &english_etag)]).await;
    assert_eq!(status, 200);
    let (status, _, _) = page(&s, "/rules/njombwa", &[("if-none-match", &english_etag)]).await;
    assert_eq!(status, 304);
}

#[tokio::test]
async fn learn_lists_the_lessons_and_a_lesson_shows_its_first_step() {
    let s = TestServer::start().await;
    let (_, list) = s.get("/api/lessons?lang=en").await;
    let (_, _, html) = page(&s, "/learn", &[]).await;
    let main = main_of(&html);
    for course in list["courses"].as_array().unwrap() {
        assert!(main.contains(&esc(course["title"].as_str().unwrap())), "{}", course["title"]);
        for lesson in course["lessons"].as_array().unwrap() {
            let link = format!(
                r#"<a href="/learn/{}">{}</a>"#,
                lesson["id"].as_str().unwrap(),
                esc(lesson["title"].as_str().unwrap())
            );
            assert!(main.contains(&link), "{link}");
        }
    }
    let (_, lesson) = s.get("/api/lessons/njombwa/capture?lang=en").await;
    let (_, _, html) = page(&s, "/learn/njombwa/capture", &[]).await;
    let main = main_of(&html);
    assert!(main.contains(&esc(lesson["title"].as_str().unwrap())), "{main}");
    assert!(main.contains(&esc(lesson["steps"][0]["text"].as_str().unwrap())), "{main}");
}

#[tokio::test]
async fn a_game_page_names_its_players_and_the_address_is_escaped() {
    let s = TestServer::start().await;
    let body = json!({ "variant": "njombwa", "seat": "south", "name": "amina", "opponent": "bot:easy" });
    let (status, created) = s.post("/api/games", body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap();
    let (_, _, html) = page(&s, &format!("/game/{id}"), &[]).await;
    let main = main_of(&html);
    assert!(main.contains(">amina<"), "{main}");
    assert!(main.contains(">Computer level 2<"), "{main}");
    assert!(main.contains(r#"<h1 class="game-title">Njombwa</h1>"#), "{main}");
    assert!(main.contains("Casual · no clock"), "{main}");
    let (_, _, html) = page(&s, &format!("/game/{id}"), &[("accept-language", "fr")]).await;
    assert!(main_of(&html).contains(">Ordinateur niveau 2<"), "{html}");

    // A game that does not exist: the client says so; the page has no words of a game.
    let (status, _, html) = page(&s, "/game/abcdefghij", &[]).await;
    assert_eq!(status, 200);
    assert!(main_of(&html).contains("Loading"), "{html}");

    // A rules address that names no game is echoed in a sentence: escaped.
    let (_, _, html) = page(&s, "/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E", &[]).await;
    let main = main_of(&html);
    assert!(main.contains("“&lt;script&gt;alert(1)&lt;/script&gt;”"), "{main}");
    assert!(!html.contains("<script>alert"), "{html}");
}
