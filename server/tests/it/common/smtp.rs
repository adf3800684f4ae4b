//! A mail sink for the tests: a real SMTP server in the test process (EHLO/HELO, MAIL, RCPT, DATA, RSET,
//! NOOP, QUIT; no TLS, no AUTH) that keeps every message it is given, so a test reads the mails the
//! server sent after a true SMTP conversation with lettre, not a mock of it. [`Mail::text`] undoes the
//! transfer encoding (quoted-printable or base64) of a plain-text body.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// One message received.
#[derive(Clone, Debug)]
pub struct Mail {
    pub from: String,
    pub to: Vec<String>,
    /// The message as sent after DATA (headers and body, dot-stuffing undone).
    pub data: String,
}

impl Mail {
    /// The value of header `name` (the first, unfolded).
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next()?;
        let mut value: Option<String> = None;
        for line in head.split("\r\n") {
            if let Some(v) = value.as_mut() {
                if line.starts_with([' ', '\t']) {
                    v.push_str(line.trim_start());
                    continue;
                }
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case(name)
            {
                value = Some(v.trim().to_string());
            }
        }
        value
    }

    /// The body as text, its transfer encoding undone.
    pub fn text(&self) -> String {
        let body = self.data.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        match self.header("Content-Transfer-Encoding").unwrap_or_default().to_ascii_lowercase().as_str() {
            "quoted-printable" => quoted_printable(body),
            "base64" => String::from_utf8_lossy(&base64(body)).into_owned(),
            _ => body.to_string(),
        }
    }

    /// The first link in the body that starts with `prefix`.
    pub fn link(&self, prefix: &str) -> Option<String> {
        let text = self.text();
        let at = text.find(prefix)?;
        Some(text[at..].split_whitespace().next()?.to_string())
    }
}

fn quoted_printable(body: &str) -> String {
    let joined = body.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = (bytes[i] == b'=' && i + 2 < bytes.len())
            .then(|| std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok()))
            .flatten();
        if let Some(b) = hex {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn base64(body: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in body.bytes() {
        let Some(v) = ALPHABET.iter().position(|&a| a == c) else { continue };
        bits = (bits << 6) | v as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    out
}

/// The sink: its address and what it has received.
#[derive(Clone, Debug)]
pub struct Sink {
    pub addr: SocketAddr,
    mails: Arc<Mutex<Vec<Mail>>>,
    arrived: Arc<Notify>,
}

impl Sink {
    /// A sink listening on a free port of 127.0.0.1, for as long as the test runs.
    pub async fn start() -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind the SMTP sink");
        let sink =
            Sink { addr: listener.local_addr().unwrap(), mails: Arc::default(), arrived: Arc::new(Notify::new()) };
        let accepting = sink.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let s = accepting.clone();
                tokio::spawn(async move {
                    let _ = s.converse(socket).await;
                });
            }
        });
        sink
    }

    /// `smtp://127.0.0.1:PORT`, for `--smtp-url`.
    pub fn url(&self) -> String {
        format!("smtp://{}", self.addr)
    }

    /// Every mail received so far.
    pub fn mails(&self) -> Vec<Mail> {
        self.mails.lock().unwrap().clone()
    }

    /// The mails to `to`, waiting (10 s at most) until there are `n` of them.
    pub async fn wait_for(&self, to: &str, n: usize) -> Vec<Mail> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let arrived = self.arrived.notified();
            let found: Vec<Mail> =
                self.mails().into_iter().filter(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(to))).collect();
            if found.len() >= n {
                return found;
            }
            if tokio::time::timeout_at(deadline, arrived).await.is_err() {
                panic!("{} mail(s) to {to} after 10 s, not {n}: {:#?}", found.len(), self.mails());
            }
        }
    }

    async fn converse(&self, socket: TcpStream) -> std::io::Result<()> {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read);
        write.write_all(b"220 sink ESMTP ready\r\n").await?;
        let (mut from, mut to) = (String::new(), Vec::new());
        let mut line = String::new();
        loop {
            line.clear();
            if lines.read_line(&mut line).await? == 0 {
                return Ok(());
            }
            let command = line.trim_end().to_string();
            let verb = command.split([' ', ':']).next().unwrap_or("").to_ascii_uppercase();
            let answer: &[u8] = match verb.as_str() {
                "EHLO" => b"250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n",
                "HELO" | "NOOP" => b"250 ok\r\n",
                "RSET" => {
                    (from, to) = (String::new(), Vec::new());
                    b"250 ok\r\n"
                }
                "MAIL" => {
                    from = address(&command);
                    b"250 ok\r\n"
                }
                "RCPT" => {
                    to.push(address(&command));
                    b"250 ok\r\n"
                }
                "DATA" => {
                    write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await?;
                    let mut data = String::new();
                    loop {
                        line.clear();
                        if lines.read_line(&mut line).await? == 0 {
                            return Ok(());
                        }
                        if line == ".\r\n" {
                            break;
                        }
                        data.push_str(line.strip_prefix('.').unwrap_or(&line));
                    }
                    let mail = Mail { from: std::mem::take(&mut from), to: std::mem::take(&mut to), data };
                    self.mails.lock().unwrap().push(mail);
                    self.arrived.notify_waiters();
                    b"250 queued\r\n"
                }
                "QUIT" => {
                    write.write_all(b"221 bye\r\n").await?;
                    return Ok(());
                }
                _ => b"502 not implemented\r\n",
            };
            write.write_all(answer).await?;
        }
    }
}

/// The address inside `<…>` of a MAIL or RCPT command.
fn address(command: &str) -> String {
    let start = command.find('<').map_or(0, |i| i + 1);
    let end = command[start..].find('>').map_or(command.len(), |i| start + i);
    command[start..end].to_string()
}
