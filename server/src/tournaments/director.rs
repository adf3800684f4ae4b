//! The directors: one task per node looks, every [`TICK`], at the tournaments that have started and are
//! not finished, and directs those it holds. With several nodes a tournament has one director at a time,
//! held by a lease with a fencing epoch exactly like a game's owner (the `game_leases` row keyed `t:` and
//! its id, `store::leases`): a director whose node died is replaced within the lease time by whichever
//! node takes the lease next, and a write of a director that lost its lease is refused by the database.
//!
//! Each tick, for each tournament it directs, the director reads the tournament, makes any game a pairing
//! names that does not exist yet (its node died between the pairing's commit and the game's), asks
//! [`plan`] what to do, writes that in one fenced transaction, then makes the games it paired. Nobody is
//! paired twice in a round (the pairings' key) and a result is counted from the game's own row, so a kill
//! at any point loses nothing and counts nothing twice.

use super::plan::{Plan, plan};
use super::queries::{self, PairingRow, TournamentWrite};
use super::record::{TGame, Tournament, now_ms};
use crate::blocks;
use crate::game::{NewGame, Occupant, UnixMs};
use crate::ids::{self, GameId, Identity, PlayerName};
use crate::room::Registry;
use crate::room::create::{self, Opponent};
use crate::store::{Fence, Store, StoreError, leases};
use mancala_engine::{Options, Side, Variant};
use mancala_protocol::tournament::TournamentKind;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// How often a director looks at its tournaments.
pub const TICK: Duration = Duration::from_millis(500);

/// The directors of this node.
pub struct Directors {
    pub store: Store,
    pub rooms: Arc<Registry>,
    /// This node's key when it runs with others (then tournaments are leased).
    pub node: Option<String>,
    /// The pause between two Swiss rounds.
    pub round_pause: Duration,
    /// The tournaments the server makes itself.
    pub schedule: Vec<super::schedule::Recurring>,
    /// The leases this node holds: tournament id → epoch.
    held: HashMap<String, i64>,
    /// The schedule's occurrences this node made (or found made).
    made: std::collections::HashSet<String>,
}

impl Directors {
    pub fn new(
        store: Store,
        rooms: Arc<Registry>,
        node: Option<String>,
        round_pause: Duration,
        schedule: Vec<super::schedule::Recurring>,
    ) -> Directors {
        Directors { store, rooms, node, round_pause, schedule, held: HashMap::new(), made: Default::default() }
    }

    /// Runs until `shutdown`.
    pub async fn run(mut self, shutdown: CancellationToken) {
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return,
                _ = tick.tick() => {}
            }
            if let Err(e) = self.tick().await {
                tracing::warn!(error = %e, "tournament directors: a tick failed");
            }
        }
    }

    async fn tick(&mut self) -> Result<(), StoreError> {
        if !self.schedule.is_empty() {
            super::schedule::make_due(&self.store, &self.schedule, now_ms(), &mut self.made).await;
        }
        let ids = queries::tournaments_to_direct(&self.store, now_ms() as i64).await?;
        self.held.retain(|id, _| ids.contains(id));
        for id in ids {
            let Some(fence) = self.lease(&id).await? else { continue };
            match self.direct(&id, fence.clone()).await {
                Ok(()) => {}
                Err(StoreError::Fenced { .. }) => {
                    tracing::info!(tournament = %id, "another node directs this tournament now");
                    self.held.remove(&id);
                }
                Err(e) => tracing::warn!(tournament = %id, error = %e, "a tournament's direction failed"),
            }
        }
        Ok(())
    }

    /// The fence of tournament `id` if this node directs it (`Some(None)`: a single node, no lease).
    async fn lease(&mut self, id: &str) -> Result<Option<Option<Fence>>, StoreError> {
        let Some(node) = &self.node else { return Ok(Some(None)) };
        let key = lease_key(id);
        if let Some(&epoch) = self.held.get(id) {
            return Ok(Some(Some(Fence { game: key, epoch })));
        }
        match leases::take(self.store.pool(), &key, node).await? {
            Some(epoch) => {
                tracing::info!(tournament = %id, epoch, "this node directs the tournament");
                self.held.insert(id.to_string(), epoch);
                Ok(Some(Some(Fence { game: key, epoch })))
            }
            None => Ok(None),
        }
    }

    async fn direct(&self, id: &str, fence: Option<Fence>) -> Result<(), StoreError> {
        let Some(record) = queries::tournament_record(&self.store, id).await? else { return Ok(()) };
        let mut t = Tournament::read(record).map_err(StoreError::Corrupt)?;
        // Read at every pairing from the database, so a block made on any node holds at once.
        t.blocks = blocks::queries::among_players_of(&self.store, id).await?;
        let missing = t.games.iter().filter(|g| matches!(g.played, super::record::Played::Pending { made: false }));
        self.make_all(&t, missing, &fence).await?;
        let plan = plan(&t, now_ms(), self.round_pause.as_millis() as u64);
        if plan.is_empty() {
            return Ok(());
        }
        let (writes, made) = writes(&t, plan);
        queries::tournament_write(&self.store, writes, fence.clone()).await?;
        self.make_all(&t, made.iter(), &fence).await
    }

    /// Makes `games` of `t`; when any was made, the views read before had no seat to hand out for it:
    /// the tournament's version is raised so that they are read again.
    async fn make_all(
        &self,
        t: &Tournament,
        games: impl Iterator<Item = &TGame>,
        fence: &Option<Fence>,
    ) -> Result<(), StoreError> {
        let mut made = false;
        for game in games {
            made |= self.make(t, game).await;
        }
        if made {
            let bump = vec![TournamentWrite::Made { id: t.settings.id.clone() }];
            queries::tournament_write(&self.store, bump, fence.clone()).await?;
        }
        Ok(())
    }

    /// Makes game `g` of `t` with both seats filled (a failure is retried at the next tick, when the
    /// pairing is read again and its game is still missing). Whether it was made.
    async fn make(&self, t: &Tournament, g: &TGame) -> bool {
        let occupant = |side: Side| -> Option<Occupant> {
            let p = t.player(&g.seats[side.index()])?;
            let name = PlayerName::parse(&p.name).ok()?;
            let token = g.tokens[side.index()].as_ref()?;
            Some(Occupant { who: Identity::Account(name), token_hash: ids::token_hash(token) })
        };
        let (Some(south), Some(north), Some(variant), Ok(id)) =
            (occupant(Side::South), occupant(Side::North), g.variant, g.id.parse::<GameId>())
        else {
            tracing::error!(tournament = %t.settings.id, game = %g.id, "a pairing cannot make its game");
            return false;
        };
        let new = NewGame {
            id,
            variant,
            options: Options::defaults(variant),
            creator: (Side::South, south),
            invite_code: None,
            clock: Some(t.settings.clock),
            auto_forced: true,
            rated: t.settings.rated,
            previews: false,
            berserk: t.settings.berserk && t.settings.kind == TournamentKind::Arena,
            now_ms: UnixMs::now(),
        };
        match create::make(&self.rooms, new, Opponent::Person(north)).await {
            Ok(_) => {
                metrics::counter!("mancala_tournament_games").increment(1);
                true
            }
            Err(e) => {
                tracing::warn!(tournament = %t.settings.id, game = %g.id, error = %e, "a tournament game was not made");
                false
            }
        }
    }
}

/// The lease key of tournament `id` in `game_leases`.
pub fn lease_key(id: &str) -> String {
    format!("t:{id}")
}

/// The writes of `plan` for `t`, and the games it pairs (to make once committed).
fn writes(t: &Tournament, plan: Plan) -> (Vec<TournamentWrite>, Vec<TGame>) {
    let id = t.settings.id.clone();
    let mut writes = Vec::new();
    if plan.start {
        writes.push(TournamentWrite::Start { id: id.clone() });
    }
    if !plan.over.is_empty() {
        writes.push(TournamentWrite::Over { id: id.clone(), games: plan.over });
    }
    for key in plan.withdraw {
        writes.push(TournamentWrite::Withdraw { id: id.clone(), player_key: key });
    }
    let mut made = Vec::new();
    if let Some(round) = plan.pair {
        let mut rows = Vec::new();
        for p in round.games {
            let game = new_game(round.round, round.variant, [p.south, p.north]);
            for side in Side::BOTH {
                rows.push(PairingRow {
                    round: i64::from(round.round),
                    player_key: game.seats[side.index()].clone(),
                    game_id: Some(game.id.clone()),
                    side: Some(side.name().to_string()),
                    variant: Some(round.variant.id().to_string()),
                    token: game.tokens[side.index()].clone(),
                });
            }
            made.push(game);
        }
        if let Some(key) = round.bye {
            rows.push(PairingRow {
                round: i64::from(round.round),
                player_key: key,
                game_id: None,
                side: None,
                variant: None,
                token: None,
            });
        }
        writes.push(TournamentWrite::Pair { id: id.clone(), round: i64::from(round.round), rows });
    }
    if plan.finish {
        writes.push(TournamentWrite::Finish { id, at: now_ms() as i64 });
    }
    (writes, made)
}

fn new_game(round: u32, variant: Variant, seats: [String; 2]) -> TGame {
    TGame {
        id: GameId::random().as_str().to_string(),
        round,
        variant: Some(variant),
        seats,
        tokens: [Some(ids::token()), Some(ids::token())],
        played: super::record::Played::Pending { made: false },
        plies: 0,
        reason: None,
        ended_at: 0,
        berserks: [false; 2],
    }
}
