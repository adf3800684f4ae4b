//! `GET /api/site`: what this server offers that a page must know before asking for it: whether it sends
//! mail (the sign-in page's "Forgot your password?" mails a link, or says to ask the operator; the account
//! page offers an address only then).

use crate::edge::extract::{NoParams, Query};
use crate::state::AppState;
use axum::extract::State;
use mancala_protocol::email::SiteInfo;

/// `GET /api/site`.
pub async fn site(State(state): State<AppState>, _: Query<NoParams>) -> axum::Json<SiteInfo> {
    axum::Json(SiteInfo { mail: state.mailer.is_some() })
}
