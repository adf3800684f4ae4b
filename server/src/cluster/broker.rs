//! The message broker between nodes: NATS, through `async-nats`. This is the whole of what the server uses
//! of it, kept small so another feature (the lobby's live feed) can use it too: publish bytes on a
//! subject, subscribe to a subject, and ask on a subject and wait for one answer (request/reply).
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
}

/// A message received on a subscription: its payload and, for a request, where to send the answer.
#[derive(Debug)]
pub struct Delivery {
    pub payload: Bytes,
    pub reply: Option<String>,
}

impl Broker {
    /// Connects to `url` (`nats://host:port`) as `name` (shown by the broker's monitoring). Fails at once
    /// if the broker cannot be reached; once connected, the client reconnects by itself.
    pub async fn connect(url: &str, name: &str) -> Result<Broker, BrokerError> {
        let client = async_nats::ConnectOptions::new()
            .name(name)
            .connection_timeout(Duration::from_secs(5))
            // Each subscription's buffer: a node's inbox must not drop messages under a burst.
            .subscription_capacity(1 << 16)
            .connect(url)
            .await
            .map_err(|e| BrokerError::Connect { url: url.to_string(), reason: e.to_string() })?;
        Ok(Broker { client })
    }

    /// Is the connection up now?
    pub fn is_connected(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
    }

    /// Publishes `payload` on `subject` (queued in the client: returns before the broker has it).
    pub async fn publish(&self, subject: String, payload: Bytes) -> Result<(), BrokerError> {
        self.client.publish(subject, payload).await.map_err(|e| BrokerError::Other(e.to_string()))
    }

    /// Every message published on `subject` from now on, in the order each publisher sent them.
    pub async fn subscribe(&self, subject: String) -> Result<impl Stream<Item = Delivery> + use<>, BrokerError> {
        use futures_util::StreamExt;
        let sub = self.client.subscribe(subject).await.map_err(|e| BrokerError::Other(e.to_string()))?;
        Ok(sub.map(|m| Delivery { payload: m.payload, reply: m.reply.map(|r| r.to_string()) }))
    }

    /// Publishes `payload` on `subject` and waits at most `wait` for the one answer.
    pub async fn request(&self, subject: String, payload: Bytes, wait: Duration) -> Result<Bytes, BrokerError> {
        use async_nats::RequestErrorKind;
        let request = async_nats::Request::new().payload(payload).timeout(Some(wait));
        match self.client.send_request(subject.clone(), request).await {
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
