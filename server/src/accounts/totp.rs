//! The arithmetic of two-step sign-in, without I/O: TOTP codes (RFC 6238: HMAC-SHA1, 6 digits, 30 s
//! steps, by `totp-rs`) checked one step either side of the given time and compared in constant time;
//! the secret and its `otpauth://` URI and QR code; the backup codes and the shape of what a person types.
//! The clock is a parameter, so the window is tested here at chosen times.

use crate::ids::{self, TokenHash};
use rand::RngExt;
use totp_rs::{Algorithm, Secret, TOTP};

/// Seconds per step.
pub const STEP_SECS: u64 = 30;
/// Digits of a code.
pub const DIGITS: usize = 6;
/// Steps accepted either side of the current one (a phone's clock a little off, a code typed at the end
/// of its step).
pub const SKEW_STEPS: i64 = 1;
/// Bytes of a new secret (160 bits, RFC 4226's recommendation).
const SECRET_BYTES: usize = 20;
/// How many backup codes an account gets.
pub const BACKUP_CODES: usize = 10;
/// Letters and digits of a backup code, none that reads like another (no 0/o, 1/l/i).
const BACKUP_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// Characters of a backup code (about 50 bits), shown as two groups of five.
const BACKUP_CHARS: usize = 10;
/// The name authenticator apps show for the account's entry.
pub const ISSUER: &str = "Mancala";

/// A new random secret, in base32 (as stored and shown).
pub fn new_secret() -> String {
    let mut rng = rand::rng();
    let bytes: Vec<u8> = (0..SECRET_BYTES).map(|_| rng.random_range(0..=u8::MAX)).collect();
    Secret::Raw(bytes).to_encoded().to_string()
}

/// The generator of `secret` (base32) for one step exactly: the window is walked by [`check`].
fn totp(secret: &str) -> Option<TOTP> {
    let bytes = Secret::Encoded(secret.to_string()).to_bytes().ok()?;
    TOTP::new(Algorithm::SHA1, DIGITS, 0, STEP_SECS, bytes).ok()
}

/// The step of unix time `secs`.
pub fn step_of(secs: u64) -> i64 {
    (secs / STEP_SECS) as i64
}

/// The code of `secret` at unix time `secs` (what the app shows then).
#[cfg(test)]
pub fn code_at(secret: &str, secs: u64) -> Option<String> {
    Some(totp(secret)?.generate(secs))
}

/// The step whose code `code` is, among the step of unix time `now_secs` and [`SKEW_STEPS`] either side;
/// `None` when it is none of them (or the secret is unreadable). Every step of the window is compared, in
/// constant time, whichever matches.
pub fn check(secret: &str, code: &str, now_secs: u64) -> Option<i64> {
    let totp = totp(secret)?;
    let now = step_of(now_secs);
    let mut found = None;
    for step in now - SKEW_STEPS..=now + SKEW_STEPS {
        let Ok(at) = u64::try_from(step) else { continue };
        // `TOTP::check` compares with `constant_time_eq`.
        if totp.check(code, at * STEP_SECS) && found.is_none() {
            found = Some(step);
        }
    }
    found
}

/// The `otpauth://` URI of `secret` for the account `name` (Google Authenticator's key URI format;
/// names are letters, digits, `_`, `-` and `.`, which need no escaping).
pub fn uri(secret: &str, name: &str) -> String {
    format!(
        "otpauth://totp/{ISSUER}:{name}?secret={secret}&issuer={ISSUER}&algorithm=SHA1&digits={DIGITS}&period={STEP_SECS}"
    )
}

/// The QR code of `text` as an SVG document.
pub fn qr_svg(text: &str) -> Result<String, String> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| format!("QR code: {e}"))?;
    Ok(code.render::<qrcode::render::svg::Color>().min_dimensions(220, 220).quiet_zone(true).build())
}

/// Ten new backup codes, as shown (`abcde-fghjk`).
pub fn new_backup_codes() -> Vec<String> {
    let mut rng = rand::rng();
    (0..BACKUP_CODES)
        .map(|_| {
            let text: String = (0..BACKUP_CHARS)
                .map(|_| BACKUP_ALPHABET[rng.random_range(0..BACKUP_ALPHABET.len())] as char)
                .collect();
            format!("{}-{}", &text[..5], &text[5..])
        })
        .collect()
}

/// What is stored for a backup code: the SHA-256 of its letters (a code is random, so a salt adds nothing;
/// a copy of the database holds the TOTP secret anyway).
pub fn backup_hash(normalized: &str) -> TokenHash {
    ids::token_hash(normalized)
}

/// What a person typed, once spaces and dashes are taken out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Six digits: a code of the app.
    App(String),
    /// A backup code, lower case, without its dash.
    Backup(String),
}

/// Reads a code as typed: six digits, or a backup code in any case with or without its dash; else a
/// sentence saying what a code looks like.
pub fn read(code: &str) -> Result<Typed, String> {
    let kept: String = code.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    if kept.len() == DIGITS && kept.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Typed::App(kept));
    }
    let lower = kept.to_ascii_lowercase();
    if lower.len() == BACKUP_CHARS && lower.bytes().all(|b| BACKUP_ALPHABET.contains(&b)) {
        return Ok(Typed::Backup(lower));
    }
    Err(format!(
        "`code` is the {DIGITS} digits your authenticator app shows, or one of your backup codes (10 letters \
         and digits, like `abcde-fghjk`)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238's SHA-1 key ("12345678901234567890") in base32.
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn codes_are_rfc_6238() {
        // RFC 6238, appendix B (SHA-1), the last six of its eight digits.
        assert_eq!(code_at(RFC_SECRET, 59).unwrap(), "287082");
        assert_eq!(code_at(RFC_SECRET, 1_111_111_109).unwrap(), "081804");
        assert_eq!(code_at(RFC_SECRET, 20_000_000_000).unwrap(), "353130");
    }

    #[test]
    fn one_step_either_side_and_no_more() {
        let now = 1_800_000_015; // the middle of a step
        let step = step_of(now);
        for (offset, accepted) in [(-2, false), (-1, true), (0, true), (1, true), (2, false)] {
            let at = (now as i64 + offset * STEP_SECS as i64) as u64;
            let code = code_at(RFC_SECRET, at).unwrap();
            let expected = if accepted { Some(step + offset) } else { None };
            assert_eq!(check(RFC_SECRET, &code, now), expected, "offset {offset}: {code}");
        }
        assert_eq!(check(RFC_SECRET, "12345", now), None);
        assert_eq!(check("not base32!", "123456", now), None);
    }

    #[test]
    fn the_window_follows_the_clock_at_step_edges() {
        let start = 1_800_000_000 - 1_800_000_000 % STEP_SECS;
        let code = code_at(RFC_SECRET, start).unwrap();
        assert_eq!(check(RFC_SECRET, &code, start + STEP_SECS - 1), Some(step_of(start)));
        assert_eq!(check(RFC_SECRET, &code, start + 2 * STEP_SECS - 1), Some(step_of(start)), "the next step");
        assert_eq!(check(RFC_SECRET, &code, start - 1), Some(step_of(start)), "the step before");
        assert_eq!(check(RFC_SECRET, &code, start + 2 * STEP_SECS), None, "two steps later");
        assert_eq!(check(RFC_SECRET, &code, start - STEP_SECS - 1), None, "two steps before");
    }

    #[test]
    fn secrets_uris_and_qr_codes() {
        let a = new_secret();
        assert_eq!(a.len(), 32, "{a}");
        assert_ne!(a, new_secret());
        let uri = uri(&a, "amina");
        assert_eq!(
            uri,
            format!("otpauth://totp/Mancala:amina?secret={a}&issuer=Mancala&algorithm=SHA1&digits=6&period=30")
        );
        let svg = qr_svg(&uri).unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
    }

    #[test]
    fn backup_codes_and_what_is_typed() {
        let codes = new_backup_codes();
        assert_eq!(codes.len(), 10);
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 10);
        for c in &codes {
            assert_eq!(c.len(), 11, "{c}");
            assert_eq!(read(c), Ok(Typed::Backup(c.replace('-', ""))));
            assert_eq!(read(&c.to_uppercase().replace('-', " ")), Ok(Typed::Backup(c.replace('-', ""))));
        }
        assert_eq!(read(" 123 456 "), Ok(Typed::App("123456".into())));
        assert!(read("12345").is_err());
        assert!(read("1234567").is_err());
        assert!(read("abcde-fghi0").is_err(), "0 and i are not in the alphabet");
        assert_eq!(backup_hash("abcdefghjk"), backup_hash("abcdefghjk"));
    }
}
