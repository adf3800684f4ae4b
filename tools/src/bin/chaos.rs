//! `mancala-chaos`: see [`mancala_tools::chaos`].

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    match mancala_tools::chaos::run(&mancala_tools::chaos::Args::parse()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
