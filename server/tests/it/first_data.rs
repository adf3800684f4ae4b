//! The first answers in the page (docs/web.md, "Serving"; `first_paint::data`): a lesson's page holds the
//! lesson as `/api/lessons/…` answers it, in the page's language; a puzzle's page the puzzle as
//! `/api/puzzles/…` answers that visitor (a guest's `next` only without a session cookie, nothing for the
//! streak). Each block is JSON that no `<` in it can close.

use crate::common::TestServer;
use crate::puzzles::{made, server};
use serde_json::Value;

/// The page at `path`, asked with `headers`.
async fn html(s: &TestServer, path: &str, headers: &[(&str, &str)]) -> String {
    let mut req = s.http.get(s.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.send().await.expect("request").text().await.expect("a body")
}

/// The JSON data block `id` of the page, if it holds one; its text holds no `<`, `>` nor `&`.
fn block(html: &str, id: &str) -> Option<Value> {
    let open = format!(r#"<script type="application/json" id="{id}">"#);
    let start = html.find(&open)? + open.len();
    let text = &html[start..start + html[start..].find("</script>").expect("the block's end")];
    assert!(!text.contains(['<', '>', '&']), "{text}");
    Some(serde_json::from_str(text).expect("JSON"))
}

#[tokio::test]
async fn a_lesson_page_holds_the_lesson_as_the_api_answers_it() {
    let s = TestServer::start().await;
    for (lang, accept) in [("en", "en"), ("fr", "fr-BI, en;q=0.5")] {
        let page = html(&s, "/learn/njombwa/capture", &[("accept-language", accept)]).await;
        let data = block(&page, "first-answer").expect("the lesson in the page");
        let path = format!("/api/lessons/njombwa/capture?lang={lang}");
        assert_eq!(data["get"], path.as_str());
        let (status, api) = s.get(&path).await;
        assert_eq!(status, 200);
        assert_eq!(data["answer"], api, "the page's lesson is the API's ({lang})");
    }
    let page = html(&s, "/learn/njombwa/no-such-lesson", &[]).await;
    assert!(block(&page, "first-answer").is_none(), "no lesson, no answer: the client asks and is told 404");
}

#[tokio::test]
async fn a_puzzle_page_holds_the_puzzle_the_api_answers_that_visitor() {
    let set = made(4, 1400.0, 50.0);
    let s = server(&set, |_| {}).await;
    let id = &set[1].id;
    let data = block(&html(&s, &format!("/puzzles/{id}"), &[]).await, "first-answer").expect("the puzzle");
    assert_eq!(data["get"], format!("/api/puzzles/{id}"));
    assert_eq!(data["answer"], s.get(&format!("/api/puzzles/{id}")).await.1);
    let data = block(&html(&s, "/puzzles/daily", &[]).await, "first-answer").expect("the day's puzzle");
    assert_eq!(data["get"], "/api/puzzles/daily");
    assert_eq!(data["answer"], s.get("/api/puzzles/daily").await.1);

    // A guest's next: one of the nearest, drawn at random as the API draws it, the puzzle as it is served.
    let data = block(&html(&s, "/puzzles", &[]).await, "first-answer").expect("a guest's next puzzle");
    assert_eq!(data["get"], "/api/puzzles/next");
    let shown = data["answer"]["id"].as_str().expect("an id");
    assert_eq!(data["answer"], s.get(&format!("/api/puzzles/{shown}")).await.1);

    // Whose answer depends on more than the address, left to the client: with a session cookie (the page
    // does not look it up), with a game in the query, the streak; and a puzzle that does not exist.
    for (path, headers) in [
        ("/puzzles", &[("cookie", "lang=en; mancala_session=0123456789abcdef0123456789abcdef")][..]),
        ("/puzzles?game=kubuguza", &[][..]),
        ("/puzzles/streak", &[][..]),
        ("/puzzles/no-such-puzzle", &[][..]),
    ] {
        assert!(block(&html(&s, path, headers).await, "first-answer").is_none(), "{path} {headers:?}");
    }
    s.stop().await;
}
