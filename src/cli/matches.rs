//! `taflkit match VARIANT --attackers P --defenders P --games N`: games
//! between the computer, `greedy` and `random`, one line per game and a
//! summary, for designers checking whether a variant favours one side.

use super::args::{MatchArgs, PlayerArg};
use super::computer::limits;
use super::report;
use crate::diagnostics::Failure;
use crate::rules::players::{Kind, Player, Rng, play_game};
use crate::rules::search::Limits;
use crate::rules::{self, GameResult, Side};

/// Think time of the computer when no limit is given.
const DEFAULT_THINK_MS: u64 = 100;

fn kind(p: PlayerArg) -> Kind {
    match p {
        PlayerArg::Computer => Kind::Computer,
        PlayerArg::Greedy => Kind::Greedy,
        PlayerArg::Random => Kind::Random,
    }
}

pub fn run(a: &MatchArgs) -> Result<(), Failure> {
    if !(1..=100_000).contains(&a.games) {
        return Err(Failure::option(
            "--games",
            format!("{}: give 1 to 100000 games", a.games),
        ));
    }
    if !(1..=100_000).contains(&a.max_moves) {
        return Err(Failure::option(
            "--max-moves",
            format!("{}: give 1 to 100000 moves", a.max_moves),
        ));
    }
    let base = limits(&a.think, DEFAULT_THINK_MS)?;
    let side_limits = |ms: Option<u64>, opt: &str| -> Result<Limits, Failure> {
        match ms {
            None => Ok(base),
            Some(ms) if (1..=600_000).contains(&ms) => Ok(Limits {
                time: Some(std::time::Duration::from_millis(ms)),
                ..base
            }),
            Some(ms) => Err(Failure::option(
                opt,
                format!("{ms} ms: give 1 to 600000 milliseconds"),
            )),
        }
    };
    let att_limits = side_limits(a.attackers_think_ms, "--attackers-think-ms")?;
    let def_limits = side_limits(a.defenders_think_ms, "--defenders-think-ms")?;
    let (variant, warnings) = rules::load(&a.variant)?;
    report::warn_all(&warnings);
    let mut seeds = Rng::new(a.seed);
    let (mut att_wins, mut def_wins, mut draws, mut total) = (0u32, 0u32, 0u32, 0usize);
    for game_no in 1..=a.games {
        let s = seeds.next_u64();
        let mut att = Player::new(kind(a.attackers), att_limits, s);
        let mut def = Player::new(kind(a.defenders), def_limits, s ^ 0xD);
        let rec = play_game(&variant, &mut att, &mut def, a.max_moves, false);
        total += rec.moves();
        let outcome = match (rec.winner(), rec.result) {
            (Some(w), GameResult::Win { reason, .. }) => {
                match w {
                    Side::Attackers => att_wins += 1,
                    Side::Defenders => def_wins += 1,
                }
                format!("{w} win ({})", reason.describe())
            }
            (_, r) if r.is_over() => {
                draws += 1;
                format!("{r}")
            }
            _ => {
                draws += 1;
                format!("draw (stopped after {} moves)", a.max_moves)
            }
        };
        crate::outln!("game {game_no}: {outcome}, {} moves", rec.moves());
    }
    crate::outln!(
        "attackers {att_wins}, defenders {def_wins}, draws {draws}, average length {:.1} moves",
        total as f64 / f64::from(a.games)
    );
    Ok(())
}
