//! The policy of docs/protocol.md, "Cookies and `Origin`", as a browser and a script meet it: a write or
//! a WebSocket handshake that the session cookie identifies must carry `Origin` and come from this site
//! (refused without it, or from another site); an `https` `Origin` on this host and port is this site
//! while nothing says how the request came, and an `http` one is another site once the proxy says the
//! request came over TLS. A bearer token is not a browser's: no `Origin` asked. A sign-in needs none.

use crate::common;

use common::TestServer;
use common::lobby::browser_ws;
use serde_json::{Value, json};

/// Signs up `name`; the session id of its cookie.
async fn signup(s: &TestServer, name: &str) -> String {
    let body = json!({ "name": name, "password": "mango tree 42" });
    let r = s.http.post(s.url("/api/account/signup")).json(&body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 201, "a sign-up without `Origin` (a script) is taken");
    let set = r.headers()["set-cookie"].to_str().unwrap().to_string();
    set.strip_prefix("mancala_session=").unwrap().split(';').next().unwrap().to_string()
}

/// `POST /api/games` with the session cookie, `origin` and the extra `headers`: the status and body.
async fn write(s: &TestServer, session: &str, origin: Option<&str>, headers: &[(&str, &str)]) -> (u16, Value) {
    let mut req = s
        .http
        .post(s.url("/api/games"))
        .header("cookie", format!("mancala_session={session}"))
        .json(&json!({ "variant": "kubuguza" }));
    if let Some(o) = origin {
        req = req.header("origin", o);
    }
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let r = req.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_cookie_write_needs_this_sites_origin() {
    let s = TestServer::start().await;
    let session = signup(&s, "amina").await;
    let (http, https) = (format!("http://{}", s.addr), format!("https://{}", s.addr));

    let (status, body) = write(&s, &session, None, &[]).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("forbidden")), "no `Origin`: {body}");
    assert!(body["message"].as_str().unwrap().contains("bearer token"), "{body}");
    assert_eq!(write(&s, &session, Some(&http), &[]).await.0, 201, "this site");
    assert_eq!(write(&s, &session, Some(&https), &[]).await.0, 201, "https on this host and port");
    assert_eq!(write(&s, &session, Some("http://evil.example"), &[]).await.0, 403);
    assert_eq!(write(&s, &session, Some("null"), &[]).await.0, 403);

    // Behind a TLS proxy that says so, the page is https: an http page of the same host is another site.
    let tls = [("x-forwarded-proto", "https")];
    let host = s.addr.to_string();
    let (status, body) = write(&s, &session, Some(&http), &tls).await;
    assert_eq!(status, 403, "http under TLS: {body}");
    assert!(body["message"].as_str().unwrap().contains(&format!("https://{host}")), "{body}");
    assert_eq!(write(&s, &session, Some(&https), &tls).await.0, 201);

    // A bearer token is a program's: no `Origin` needed, and a foreign one changes nothing.
    let token = common::account(&s, "script").await;
    let r = s.http.post(s.url("/api/games")).bearer_auth(&token).json(&json!({ "variant": "kubuguza" }));
    assert_eq!(r.send().await.unwrap().status().as_u16(), 201);
    // A read with the cookie is no write.
    let r = s.http.get(s.url("/api/account")).header("cookie", format!("mancala_session={session}"));
    assert_eq!(r.send().await.unwrap().status().as_u16(), 200);
    // Signing in makes a session rather than using one: `Origin` optional, another site's refused.
    let signin = json!({ "name": "amina", "password": "mango tree 42" });
    let r = s.http.post(s.url("/api/account/signin")).json(&signin);
    assert_eq!(r.send().await.unwrap().status().as_u16(), 200);
    let r = s.http.post(s.url("/api/account/signin")).header("origin", "http://evil.example").json(&signin);
    assert_eq!(r.send().await.unwrap().status().as_u16(), 403);
}

#[tokio::test]
async fn a_cookie_websocket_needs_this_sites_origin() {
    let s = TestServer::start().await;
    let session = signup(&s, "amina").await;
    let (http, https) = (format!("http://{}", s.addr), format!("https://{}", s.addr));
    let Err((status, body)) = browser_ws(&s, "/api/lobby/ws", None, Some(&session)).await else {
        panic!("a cookie handshake without `Origin` was let in")
    };
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("`Origin`"), "{body}");
    assert!(browser_ws(&s, "/api/lobby/ws", Some(&http), Some(&session)).await.is_ok());
    assert!(browser_ws(&s, "/api/lobby/ws", Some(&https), Some(&session)).await.is_ok(), "https, this host and port");
    assert_eq!(
        browser_ws(&s, "/api/lobby/ws", Some("https://evil.example"), Some(&session)).await.err().unwrap().0,
        403
    );
    // Without the cookie, nothing of the browser's identifies the socket: no `Origin` asked.
    assert!(browser_ws(&s, "/api/lobby/ws?name=visitor", None, None).await.is_ok());
}
