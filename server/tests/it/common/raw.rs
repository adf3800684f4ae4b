//! A WebSocket opened by hand on a plain TCP socket: the handshake written and read as bytes, then only
//! the bytes the test writes itself. It never answers pings or close frames, so a test sees exactly what
//! the server sends to a silent or misbehaving client (tungstenite's client answers pings on its own and,
//! once the server has closed, fails that write with a broken pipe before handing over the close frame).

use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A raw connection after a successful handshake.
pub struct RawWs {
    tcp: TcpStream,
    /// Bytes received after the handshake's answer.
    buf: Vec<u8>,
}

/// A server frame: opcode and payload (server frames are never masked).
pub struct RawFrame {
    pub opcode: u8,
    pub payload: Vec<u8>,
}

impl RawWs {
    /// Opens `path` (with its query) on `addr` and completes the handshake (101).
    pub async fn open(addr: SocketAddr, path: &str) -> RawWs {
        let mut tcp = TcpStream::connect(addr).await.expect("connect");
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
             Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        );
        tcp.write_all(request.as_bytes()).await.expect("send the handshake");
        let mut buf = Vec::new();
        let end = loop {
            if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break end + 4;
            }
            let mut chunk = [0u8; 1024];
            let n = tokio::time::timeout(Duration::from_secs(10), tcp.read(&mut chunk))
                .await
                .expect("the handshake's answer in time")
                .expect("read the handshake's answer");
            assert!(n > 0, "the server closed during the handshake");
            buf.extend_from_slice(&chunk[..n]);
        };
        let head = String::from_utf8_lossy(&buf[..end]).to_string();
        assert!(head.starts_with("HTTP/1.1 101"), "not upgraded: {head}");
        RawWs { tcp, buf: buf.split_off(end) }
    }

    /// The next whole frame in the buffer, if one is there.
    fn parse(&mut self) -> Option<RawFrame> {
        let b = &self.buf;
        if b.len() < 2 {
            return None;
        }
        let (len, at) = match b[1] & 0x7f {
            126 if b.len() >= 4 => (u16::from_be_bytes([b[2], b[3]]) as usize, 4),
            127 if b.len() >= 10 => (u64::from_be_bytes(b[2..10].try_into().unwrap()) as usize, 10),
            126 | 127 => return None,
            n => (n as usize, 2),
        };
        if b.len() < at + len {
            return None;
        }
        let frame = RawFrame { opcode: b[0] & 0x0f, payload: b[at..at + len].to_vec() };
        self.buf.drain(..at + len);
        Some(frame)
    }

    /// Writes raw bytes (a client frame must be masked: see [`frame_head`]).
    pub async fn write(&mut self, bytes: &[u8]) {
        self.tcp.write_all(bytes).await.expect("write to the server");
    }

    /// Reads until the server's close frame arrives (skipping pings and messages): its code and reason, or
    /// `None` if the connection ends without one or nothing comes within `wait`.
    pub async fn close_frame(&mut self, wait: Duration) -> Option<(u16, String)> {
        let until = tokio::time::Instant::now() + wait;
        loop {
            while let Some(frame) = self.parse() {
                if frame.opcode == 0x8 {
                    let code =
                        (frame.payload.len() >= 2).then(|| u16::from_be_bytes([frame.payload[0], frame.payload[1]]))?;
                    return Some((code, String::from_utf8_lossy(&frame.payload[2..]).to_string()));
                }
            }
            let mut chunk = [0u8; 4096];
            match tokio::time::timeout_at(until, self.tcp.read(&mut chunk)).await {
                Ok(Ok(n)) if n > 0 => self.buf.extend_from_slice(&chunk[..n]),
                _ => return None,
            }
        }
    }
}

/// The head of a masked client text frame announcing `len` bytes of payload (mask 1, 2, 3, 4).
pub fn frame_head(len: u64) -> Vec<u8> {
    let mut head = vec![0x81, 0x80 | 127];
    head.extend_from_slice(&len.to_be_bytes());
    head.extend_from_slice(&[1, 2, 3, 4]);
    head
}
