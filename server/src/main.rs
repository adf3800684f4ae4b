//! `mancala-server`: the game server. Not built yet (see the server issue); this binary only says so.

fn main() {
    eprintln!(
        "mancala-server {}: the game server is not implemented yet (protocol version {}). \
         Use `mancala analyze` and `mancala selfplay` offline meanwhile.",
        env!("CARGO_PKG_VERSION"),
        mancala_protocol::PROTOCOL_VERSION
    );
    std::process::exit(2);
}
