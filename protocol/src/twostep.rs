//! The HTTP bodies of two-step sign-in (`/api/account/twostep…`, `/api/account/signin/code`): a TOTP
//! code (RFC 6238, 6 digits every 30 s) from an authenticator app, or a one-time backup code, asked after
//! the password. Request bodies refuse unknown fields, like every request body of the API.

use serde::{Deserialize, Serialize};

/// `GET /api/account/twostep`: whether sign-in asks for a code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TwoStepStatus {
    pub enabled: bool,
    /// Unix ms; absent when off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled_at: Option<u64>,
    /// Backup codes not used yet (0 when off).
    pub backup_codes_left: u32,
}

/// `POST /api/account/twostep/setup`: a new secret for the authenticator app, in three forms. It is not
/// in force until a first code of it is sent to `POST /api/account/twostep/enable`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TwoStepSetup {
    /// The secret in base32 (RFC 4648, no padding), to type into the app.
    pub secret: String,
    /// `otpauth://totp/…` (the QR code's content).
    pub uri: String,
    /// The QR code of `uri` as an SVG document.
    pub qr_svg: String,
}

/// `POST /api/account/twostep/enable`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct EnableTwoStep {
    /// The app's current code for the new secret (6 digits).
    pub code: String,
}

/// `POST /api/account/twostep/disable` and `POST /api/account/twostep/backup-codes`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TwoStepConfirm {
    /// The account's password.
    pub password: String,
    /// A code of the app (6 digits) or an unused backup code.
    pub code: String,
}

/// The account's new backup codes, shown this once (each works once, in place of a code of the app).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BackupCodes {
    pub backup_codes: Vec<String>,
}

/// `POST /api/account/signin/code`: the second step of a sign-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SecondStep {
    /// The `ticket` of the sign-in's answer.
    pub ticket: String,
    /// A code of the app (6 digits) or an unused backup code.
    pub code: String,
}
