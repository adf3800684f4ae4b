//! `admin stats`: what the database holds, in counts an operator reads at a glance.

use super::AdminError;
use crate::store::Store;

/// `admin stats [--json]`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// One JSON object instead of lines of text (for scripts).
    #[arg(long)]
    pub json: bool,
}

pub async fn run(store: &Store, args: StatsArgs, out: &mut dyn std::io::Write) -> Result<(), AdminError> {
    let stats = store.stats().await?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&stats).expect("stats serialise"))?;
        return Ok(());
    }
    writeln!(out, "accounts: {}", stats.accounts)?;
    writeln!(out, "games: {}", stats.games_by_status.values().sum::<i64>())?;
    for (status, n) in &stats.games_by_status {
        writeln!(out, "  {status}: {n}")?;
    }
    writeln!(out, "games by variant:")?;
    for (variant, n) in &stats.games_by_variant {
        writeln!(out, "  {variant}: {n}")?;
    }
    match stats.database_bytes {
        Some(bytes) => writeln!(out, "database size: {} ({bytes} bytes)", human(bytes))?,
        None => writeln!(out, "database size: unknown")?,
    }
    Ok(())
}

/// `bytes` in the largest unit that keeps at least 1 (KiB, MiB, GiB), one decimal.
fn human(bytes: i64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 { format!("{bytes} bytes") } else { format!("{value:.1} {}", units[unit]) }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sizes_read_in_their_unit() {
        assert_eq!(super::human(512), "512 bytes");
        assert_eq!(super::human(2048), "2.0 KiB");
        assert_eq!(super::human(5 * 1024 * 1024 + 512 * 1024), "5.5 MiB");
    }
}
