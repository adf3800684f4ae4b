//! Following a broker subject: every message is decoded into a typed value and handed to a handler,
//! one at a time and in the order they arrived, until the node shuts down. A message that does not
//! decode is logged and skipped: a node of another version, or a stray publisher, must not stop a node
//! from following what it can read. Every subscription loop of the cluster goes through [`follow`].

use super::broker::{Broker, Delivery};
use futures_util::{Stream, StreamExt};
use serde::de::DeserializeOwned;
use std::fmt::Display;
use tokio_util::sync::CancellationToken;

/// Reads a JSON payload, the encoding of most messages between nodes.
pub fn json<T: DeserializeOwned>(payload: &[u8]) -> Result<T, serde_json::Error> {
    serde_json::from_slice(payload)
}

/// Reads a payload that is one UTF-8 string (a key).
pub fn text(payload: &[u8]) -> Result<String, std::str::Utf8Error> {
    std::str::from_utf8(payload).map(str::to_owned)
}

/// Hands each message of `deliveries` that `decode` reads to `handle`, with the subject to answer on if
/// it is a request, until `shutdown` or the end of the subscription. `what` names one message in the log
/// of one that does not decode.
pub async fn follow<T, E: Display>(
    deliveries: impl Stream<Item = Delivery>,
    what: &'static str,
    decode: impl Fn(&[u8]) -> Result<T, E>,
    shutdown: CancellationToken,
    mut handle: impl AsyncFnMut(T, Option<String>),
) {
    let mut deliveries = std::pin::pin!(deliveries);
    loop {
        let delivery = tokio::select! {
            _ = shutdown.cancelled() => return,
            d = deliveries.next() => match d {
                Some(d) => d,
                None => return,
            },
        };
        match decode(&delivery.payload) {
            Ok(msg) => handle(msg, delivery.reply).await,
            Err(e) => tracing::warn!(error = %e, "an unreadable {what} on the broker"),
        }
    }
}

/// Subscribes to `subject` and [`follow`]s it. A node that cannot subscribe goes on without it (each
/// caller's module says what then catches up): the failure is logged.
pub async fn listen<T, E: Display>(
    broker: &Broker,
    subject: &'static str,
    what: &'static str,
    decode: impl Fn(&[u8]) -> Result<T, E>,
    shutdown: CancellationToken,
    handle: impl AsyncFnMut(T, Option<String>),
) {
    match broker.subscribe(subject.to_string()).await {
        Ok(deliveries) => follow(deliveries, what, decode, shutdown, handle).await,
        Err(e) => {
            tracing::warn!(error = %e, subject, "not subscribed: the other nodes' {what}s will not reach this node")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;

    fn delivery(payload: &str, reply: Option<&str>) -> Delivery {
        Delivery { payload: Bytes::from(payload.to_string()), reply: reply.map(str::to_string) }
    }

    #[tokio::test]
    async fn hands_on_what_decodes_in_order_and_skips_the_rest() {
        let deliveries = futures_util::stream::iter(vec![
            delivery("1", None),
            delivery("not a number", None),
            delivery("3", Some("inbox.7")),
        ]);
        let mut seen = Vec::new();
        follow(deliveries, "number", json::<u32>, CancellationToken::new(), async |n, reply| seen.push((n, reply)))
            .await;
        assert_eq!(seen, vec![(1, None), (3, Some("inbox.7".to_string()))]);
    }

    #[tokio::test]
    async fn ends_at_shutdown_while_the_subscription_stays_open() {
        let shutdown = CancellationToken::new();
        shutdown.cancel();
        let mut seen = 0;
        follow(futures_util::stream::pending(), "number", json::<u32>, shutdown, async |_, _| seen += 1).await;
        assert_eq!(seen, 0);
    }

    #[test]
    fn text_reads_utf8_only() {
        assert_eq!(text(b"account:7").unwrap(), "account:7");
        assert!(text(&[0xff, 0xfe]).is_err());
    }
}
