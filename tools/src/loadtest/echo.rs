//! One pair of the echo run: the game run's connection pattern against `mancala-echo`. Two "players"
//! take turns, as in a game: one sends a decision-sized JSON message and waits for its echo, then the
//! other does, so each pair has one message in flight like each game has one decision in flight. The
//! pair's spectators connect and stay idle (the echo server sends them nothing). Latency is the round
//! trip of one message.

use super::{Conn, Ctx, Phase};
use anyhow::{Result, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, sleep, timeout};
use tokio_tungstenite::tungstenite::Message;

/// Runs a pair until the run stops; returns the round-trip samples (µs) of the measured window.
pub async fn run(ctx: Arc<Ctx>, index: usize, spectators: usize) -> Vec<u32> {
    let mut phase = ctx.phase.subscribe();
    let mut latencies = Vec::new();
    let mut ready = false;
    while *phase.borrow() != Phase::Stop {
        let mut players = match open(&ctx, index, spectators).await {
            Ok(p) => p,
            Err(e) => {
                ctx.stats.error("connect", format!("{e:#}"));
                tokio::select! {
                    _ = sleep(Duration::from_millis(500)) => {}
                    _ = phase.wait_for(|p| *p == Phase::Stop) => {}
                }
                continue;
            }
        };
        if !ready {
            ready = true;
            ctx.ready.fetch_add(1, Ordering::Relaxed);
        }
        match exchange(&ctx, &mut players, &mut phase, &mut latencies).await {
            Ok(()) => break,
            Err(e) => ctx.stats.error("closed", format!("{e:#}")),
        }
    }
    latencies
}

async fn open(ctx: &Arc<Ctx>, index: usize, spectators: usize) -> Result<[Conn; 2]> {
    let a = ctx.connect(&format!("/echo/{index}/south")).await?;
    let b = ctx.connect(&format!("/echo/{index}/north")).await?;
    for _ in 0..spectators {
        let conn = ctx.connect(&format!("/echo/{index}/watch")).await?;
        tokio::spawn(hold(conn, ctx.phase.subscribe()));
    }
    Ok([a, b])
}

/// An idle spectator: keeps its connection until the run stops.
async fn hold(mut conn: Conn, mut phase: watch::Receiver<Phase>) {
    tokio::select! {
        _ = phase.wait_for(|p| *p == Phase::Stop) => {}
        m = conn.ws.next() => if !matches!(m, Some(Ok(_))) {
            conn.ctx.stats.error("closed", "echo spectator: the connection closed");
        },
    }
}

/// Takes turns until the run stops.
async fn exchange(
    ctx: &Ctx,
    players: &mut [Conn; 2],
    phase: &mut watch::Receiver<Phase>,
    latencies: &mut Vec<u32>,
) -> Result<()> {
    if phase.wait_for(|p| *p >= Phase::Play).await.is_err() {
        return Ok(());
    }
    let mut n = 0u64;
    while *phase.borrow() == Phase::Play {
        let conn = &mut players[(n % 2) as usize];
        if !ctx.think.is_zero() {
            sleep(ctx.think).await;
        }
        let text = format!(r#"{{"type":"decide","id":"{n}","decision":"a2"}}"#);
        let sent = Instant::now();
        conn.ws.send(Message::Text(text.clone().into())).await?;
        loop {
            let next = tokio::select! {
                m = timeout(ctx.stall, conn.ws.next()) => m,
                _ = phase.wait_for(|p| *p == Phase::Stop) => return Ok(()),
            };
            match next {
                Err(_) => bail!("no echo within {:?}", ctx.stall),
                Ok(Some(Ok(Message::Text(t)))) if t.as_str() == text => break,
                Ok(Some(Ok(Message::Text(t)))) => bail!("echo of something else: {}", t.as_str()),
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(e))) => return Err(e.into()),
                Ok(None) => return Err(anyhow!("the echo server closed the connection")),
            }
        }
        if ctx.stats.measuring() {
            latencies.push(sent.elapsed().as_micros().min(u32::MAX as u128) as u32);
        }
        ctx.stats.count(&ctx.stats.done);
        n += 1;
    }
    Ok(())
}
