//! The message broker between nodes: NATS, through `async-nats`. This is the whole of what the server uses
//! of it, kept small so another feature (the lobby's live feed) can use it too: publish bytes on a
//! subject, subscribe to a subject, and ask on a subject and wait for one answer (request/reply).
//!
//! Every subject is the site's (`--cluster-name`, `mancala` by default) followed by the feature's
//! (`accounts.closed`): nodes of two sites on one broker never hear each other. The answer to a request
//! goes to the inbox NATS named for it, as it is.
//!
//! NATS delivers at most once: a message to a node that is away, or that reads too slowly, is lost. Every
//! user of the broker must survive that (the game traffic does: see [`super::relay`]).

use bytes::Bytes;
use futures_util::Stream;
use std::time::Duration;

/// Why a broker operation failed.
#[derive(Debug, thiserror::Error)]
pub enum BrokerError {
    #[error("cannot reach the message broker at {url}: {reason}")]
    Connect { url: String, reason: String },
    /// Nobody subscribes to the subject (the node that did is gone).
    #[error("nobody listens on {0}")]
    NoResponders(String),
    #[error("no answer on {0} within {1:?}")]
    TimedOut(String, Duration),
    #[error("message broker: {0}")]
    Other(String),
}

/// A connection to the broker; cheap to clone (one TCP connection per process, shared).
#[derive(Clone, Debug)]
pub struct Broker {
    client: async_nats::Client,
    /// The first token of every subject.
    site: std::sync::Arc<str>,
}

/// A message received on a subscription: its payload and, for a request, where to send the answer.
#[derive(Debug)]
pub struct Delivery {
    pub payload: Bytes,
    pub reply: Option<String>,
}

impl Broker {
    /// Connects to `url` (`nats://host:port`) for the site `site`, as `name` (shown by the broker's
    /// monitoring). Fails at once if the broker cannot be reached; once connected, the client reconnects
    /// by itself.
    pub async fn connect(url: &str, site: &str, name: &str) -> Result<Broker, BrokerError> {
        let client = async_nats::ConnectOptions::new()
            .name(name)
            .connection_timeout(Duration::from_secs(5))
            // Each subscription's buffer: a node's inbox must not drop messages under a burst.
            .subscription_capacity(1 << 16)
            .connect(url)
            .await
            .map_err(|e| BrokerError::Connect { url: url.to_string(), reason: e.to_string() })?;
        Ok(Broker { client, site: site.into() })
    }

    /// Is the connection up now?
    pub fn is_connected(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
    }

    /// The site's subject for the feature's `subject`.
    fn subject(&self, subject: &str) -> String {
        format!("{}.{subject}", self.site)
    }

    /// Publishes `payload` on `subject` (queued in the client: returns before the broker has it).
    pub async fn publish(&self, subject: String, payload: Bytes) -> Result<(), BrokerError> {
        let subject = self.subject(&subject);
        self.client.publish(subject, payload).await.map_err(|e| BrokerError::Other(e.to_string()))
    }

    /// Sends `payload` to `reply`, the inbox of a request a subscription delivered ([`Delivery::reply`]).
    pub async fn answer(&self, reply: String, payload: Bytes) -> Result<(), BrokerError> {
        self.client.publish(reply, payload).await.map_err(|e| BrokerError::Other(e.to_string()))
    }

    /// Every message published on `subject` from now on, in the order each publisher sent them.
    pub async fn subscribe(&self, subject: String) -> Result<impl Stream<Item = Delivery> + use<>, BrokerError> {
        use futures_util::StreamExt;
        let sub = self.client.subscribe(self.subject(&subject)).await.map_err(|e| BrokerError::Other(e.to_string()))?;
        Ok(sub.map(|m| Delivery { payload: m.payload, reply: m.reply.map(|r| r.to_string()) }))
    }

    /// Publishes `payload` on `subject` and waits at most `wait` for the one answer.
    pub async fn request(&self, subject: String, payload: Bytes, wait: Duration) -> Result<Bytes, BrokerError> {
        use async_nats::RequestErrorKind;
        let request = async_nats::Request::new().payload(payload).timeout(Some(wait));
        match self.client.send_request(self.subject(&subject), request).await {
            Ok(m) => Ok(m.payload),
            Err(e) => Err(match e.kind() {
                RequestErrorKind::NoResponders => BrokerError::NoResponders(subject),
                RequestErrorKind::TimedOut => BrokerError::TimedOut(subject, wait),
                _ => BrokerError::Other(e.to_string()),
            }),
        }
    }

    /// Sends whatever the client still holds to the broker (before a shutdown).
    pub async fn flush(&self) {
        let _ = tokio::time::timeout(Duration::from_secs(2), self.client.flush()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt;

    /// Two sites on one broker: a subscriber hears its own site's subject, never the other's.
    #[tokio::test]
    async fn two_sites_on_one_broker_never_hear_each_other() {
        let Ok(url) = std::env::var("TEST_BROKER_URL") else {
            assert!(std::env::var("CI").is_err(), "TEST_BROKER_URL is needed under CI");
            eprintln!("TEST_BROKER_URL is not set: skipping the two sites' test");
            return;
        };
        let site = format!("sites{:08x}", rand::random::<u32>());
        let (ours, theirs) = (
            Broker::connect(&url, &format!("{site}a"), "test a").await.unwrap(),
            Broker::connect(&url, &format!("{site}b"), "test b").await.unwrap(),
        );
        let wait = Duration::from_secs(10);
        // Each subscription is known to the broker once it has heard its own site's first message.
        let mut heard = ours.subscribe("accounts.closed".into()).await.unwrap();
        ours.publish("accounts.closed".into(), Bytes::from_static(b"ready")).await.unwrap();
        let ready = tokio::time::timeout(wait, heard.next()).await.unwrap().unwrap();
        assert_eq!(&ready.payload[..], b"ready");
        let mut echo = theirs.subscribe("accounts.closed".into()).await.unwrap();
        // Once the other site's subscriber has its message, the broker has routed it to every subscriber
        // it matches: had it matched ours, it would come before the message ours publishes next.
        theirs.publish("accounts.closed".into(), Bytes::from_static(b"amina")).await.unwrap();
        let back = tokio::time::timeout(wait, echo.next()).await.unwrap().unwrap();
        assert_eq!(&back.payload[..], b"amina");
        ours.publish("accounts.closed".into(), Bytes::from_static(b"baraka")).await.unwrap();
        let first = tokio::time::timeout(wait, heard.next()).await.unwrap().unwrap();
        assert_eq!(&first.payload[..], b"baraka", "the other site's message was heard");
    }
}
