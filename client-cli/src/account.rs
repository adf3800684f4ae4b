//! `mancala login` and `mancala logout`: sign in to a server with a name and password for an API token,
//! kept on this machine ([`crate::online::credentials`]) and sent by every online command afterwards
//! (an account with two-step sign-in on is asked for a code too); sign out by revoking it on the server
//! and forgetting it.

use crate::online::api::{Api, ClientError};
use crate::online::credentials::{self, Credential};
use anyhow::{Context, Result, bail};
use mancala_protocol::account::{SignedIn, Signin};
use mancala_protocol::twostep::SecondStep;
use std::io::{BufRead, IsTerminal, Write};

#[derive(Debug, clap::Args)]
pub struct LoginArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The account's name (asked for when not given).
    pub name: Option<String>,
    /// Read the password from the first line of stdin instead of asking for it (and, for an account with
    /// two-step sign-in on, the code from the second line).
    #[arg(long)]
    pub password_stdin: bool,
}

#[derive(Debug, clap::Args)]
pub struct LogoutArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
}

/// A line of stdin, without its line end.
fn read_line() -> Result<String> {
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line).context("cannot read stdin")?;
    Ok(line.trim_end_matches(['\n', '\r']).to_string())
}

/// Asks for a password on the terminal without echoing it.
fn ask_password() -> Result<String> {
    use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers, read};
    eprint!("password: ");
    std::io::stderr().flush().ok();
    crossterm::terminal::enable_raw_mode().context("cannot read the password from the terminal")?;
    let mut password = String::new();
    let result = loop {
        match read() {
            Ok(Event::Key(k)) if k.kind != KeyEventKind::Release => match k.code {
                KeyCode::Enter => break Ok(()),
                KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => break Err("cancelled"),
                KeyCode::Backspace => drop(password.pop()),
                KeyCode::Char(c) => password.push(c),
                _ => {}
            },
            Ok(_) => {}
            Err(_) => break Err("cannot read the terminal"),
        }
    };
    crossterm::terminal::disable_raw_mode().ok();
    eprintln!();
    result.map_err(anyhow::Error::msg)?;
    Ok(password)
}

/// What the token is called on the server: which client, on which machine.
fn label() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "this machine".into());
    format!("mancala-cli on {host}").chars().take(60).collect()
}

pub async fn login(args: &LoginArgs) -> Result<()> {
    let api = Api::new(&args.server.server);
    let name = match &args.name {
        Some(n) => n.clone(),
        None if std::io::stdin().is_terminal() => {
            eprint!("name: ");
            std::io::stderr().flush().ok();
            read_line()?
        }
        None => bail!("say which account: mancala login NAME"),
    };
    let password = if args.password_stdin {
        read_line()?
    } else if std::io::stdin().is_terminal() {
        ask_password()?
    } else {
        bail!("no terminal to ask for the password: use --password-stdin")
    };
    let body = Signin { name, password, token_label: Some(label()) };
    // No bearer: a kept token of another account must not sign this request.
    let api_out = api.clone().without_account();
    let mut signed: SignedIn = api_out.post("/api/account/signin", &body, None).await?;
    if signed.second_step {
        let ticket = signed.ticket.clone().context("the server asked for a code without a ticket")?;
        signed = second_step(&api_out, ticket, args.password_stdin).await?;
    }
    let token = signed.token.context("the server answered the sign-in without a token")?;
    credentials::save(Credential { server: api.base.clone(), name: signed.name.clone(), token })
        .with_context(|| format!("cannot keep the token in {}", credentials::path().display()))?;
    println!("signed in to {} as {}", api.base, signed.name);
    Ok(())
}

/// The second step of a sign-in: a code of the authenticator app or a backup code, from the next line of
/// stdin with `--password-stdin`, else asked for on the terminal (three tries for a wrong code).
async fn second_step(api: &Api, ticket: String, from_stdin: bool) -> Result<SignedIn> {
    let tries = if from_stdin { 1 } else { 3 };
    for left in (0..tries).rev() {
        let code = if from_stdin {
            read_line()?
        } else if std::io::stdin().is_terminal() {
            eprint!("two-step code (from your authenticator app, or a backup code): ");
            std::io::stderr().flush().ok();
            read_line()?
        } else {
            bail!("two-step sign-in is on for this account: use --password-stdin with the code on the second line")
        };
        let body = SecondStep { ticket: ticket.clone(), code };
        match api.post("/api/account/signin/code", &body, None).await {
            Err(ClientError::Refused { code, message, .. }) if code == "code_wrong" && left > 0 => {
                eprintln!("{message}");
            }
            other => return Ok(other?),
        }
    }
    bail!("no right code")
}

pub async fn logout(args: &LogoutArgs) -> Result<()> {
    let api = Api::new(&args.server.server);
    let Some(kept) = credentials::find(&api.base) else {
        println!("not signed in to {}", api.base);
        return Ok(());
    };
    match api.post_empty("/api/account/signout", Some(&kept.token)).await {
        Ok(()) => {}
        // Revoked already (from the web page, say): there is nothing left to revoke.
        Err(ClientError::Refused { status: 401, .. }) => {}
        Err(e) => return Err(e).context("the token could not be revoked; it is still kept"),
    }
    credentials::remove(&api.base).with_context(|| format!("cannot update {}", credentials::path().display()))?;
    println!("signed out of {} ({})", api.base, kept.name);
    Ok(())
}
