//! The site's mails: a [`Mailer`] built from `--smtp-url`, `--mail-from` and `--public-url` (none without
//! `--smtp-url`: the site then sends no mail), sending plain-text mails through lettre's SMTP transport
//! in the player's language ([`texts`]). What is mailed, and when, is the accounts' routes' to decide
//! (`accounts/routes/email.rs`, `accounts/routes/forgot.rs`); this module only writes and sends.

pub mod texts;

use crate::config::Config;
use crate::ids::EmailAddress;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;
pub use texts::{Lang, Mail};

/// How long one SMTP conversation may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

/// Why mail could not be set up or sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// A setting that cannot be used (said at start-up).
    #[error("{0}")]
    Config(String),
    /// The SMTP server refused the mail or could not be reached.
    #[error("the mail could not be sent: {0}")]
    Send(String),
}

/// Sends the site's mails.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    site: String,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The transport holds the SMTP password: never printed.
        f.debug_struct("Mailer").field("from", &self.from.to_string()).field("site", &self.site).finish()
    }
}

impl Mailer {
    /// The mailer the settings ask for: `None` without `--smtp-url`; an error naming the setting when
    /// one is missing or cannot be read.
    pub fn of(config: &Config) -> Result<Option<Mailer>, MailError> {
        let Some(url) = config.smtp_url.as_deref() else { return Ok(None) };
        let from = config
            .mail_from
            .as_deref()
            .ok_or_else(|| MailError::Config("--smtp-url needs --mail-from (MANCALA_MAIL_FROM): the sender".into()))?;
        let from: Mailbox = from.parse().map_err(|e| {
            MailError::Config(format!("--mail-from `{from}` is not an address or `Name <address>`: {e}"))
        })?;
        let site = config.public_url.as_deref().ok_or_else(|| {
            MailError::Config(
                "--smtp-url needs --public-url (MANCALA_PUBLIC_URL): the site's address, which the mailed links start with"
                    .into(),
            )
        })?;
        let site = site.trim_end_matches('/').to_string();
        if !(site.starts_with("http://") || site.starts_with("https://")) {
            return Err(MailError::Config(format!("--public-url `{site}` is not an http:// or https:// address")));
        }
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| {
                MailError::Config(format!(
                    "--smtp-url is not a usable SMTP address ({e}): smtp://HOST:PORT, smtp://USER:PASSWORD@HOST:587?tls=required or smtps://USER:PASSWORD@HOST:465"
                ))
            })?
            .timeout(Some(SEND_TIMEOUT))
            .build();
        Ok(Some(Mailer { transport, from, site }))
    }

    /// The site's address, without a trailing `/`: `{site}/reset/{secret}`.
    pub fn site(&self) -> &str {
        &self.site
    }

    /// Sends `mail` to `to`.
    pub async fn send(&self, to: &EmailAddress, mail: Mail) -> Result<(), MailError> {
        let to: Mailbox = to.as_str().parse().map_err(|e| MailError::Send(format!("the address `{to}`: {e}")))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body)
            .map_err(|e| MailError::Send(e.to_string()))?;
        self.transport.send(message).await.map_err(|e| MailError::Send(e.to_string()))?;
        metrics::counter!("mancala_mails_sent").increment(1);
        Ok(())
    }
}
