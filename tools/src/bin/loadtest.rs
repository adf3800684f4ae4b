//! `mancala-loadtest`: see [`mancala_tools::loadtest`].

use clap::Parser;

fn main() -> anyhow::Result<()> {
    mancala_tools::loadtest::run(&mancala_tools::loadtest::Args::parse())
}
