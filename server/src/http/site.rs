//! `GET /api/site`: what this server offers that a page must know before asking for it: whether it sends
//! mail (the sign-in page's "Forgot your password?" mails a link, or says to ask the operator; the account
//! page offers an address only then).

use crate::edge::extract::{NoParams, Query};
use crate::edge::state::AppState;
use axum::extract::State;
use mancala_protocol::email::SiteInfo;

/// What this server offers that a page must know first: whether it sends mail.
#[utoipa::path(get, path = "/api/site", operation_id = "site_info", tag = "ops",
    responses((status = 200, body = SiteInfo, description = "`mail`: whether mail is configured")))]
pub async fn site(State(state): State<AppState>, _: Query<NoParams>) -> axum::Json<SiteInfo> {
    axum::Json(SiteInfo { mail: state.mailer.is_some() })
}
