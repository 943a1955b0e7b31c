//! Puzzles from engine-played games: positions that arose in play where
//! the side to move has a forced win in 2 or 3 moves with exactly one
//! winning first move, and no shorter win.
//!
//! Games are played by the computer against itself (a small node budget,
//! a different seed each game, so a different jitter at the root) and the
//! last positions of each game (where a decided game's short forced win
//! lies) are handed to the [`Solver`] with a node limit. Each position is
//! taken as it is drawn ([`Game::as_drawn`]: the pieces and the side to
//! move, none of the game's history), since that is all a reader has: a
//! win that rests on the history (a third repetition the loser would make)
//! is no win on paper. A candidate is then proven by [`proof::prove`],
//! which shares nothing with the solver but the engine, and its proof is
//! what the answer prints. A page the games leave without a win in 3
//! gets one where a cheap look finds a forcing first move at one of
//! their late positions ([`threats`]), or, where the effort allows, at
//! those of more games played for it; proven the same way. Which sides
//! to move and lengths of win the page has, lacks or would get is
//! [`mix`]'s to say.

pub mod mix;

use super::engine::Game;
use super::players::{Kind, Player, Record, Rng, play_game, wins_at_once};
use super::proof::{self, Proof, Win};
use super::search::Limits;
use super::solver::{Action, Solver};
use super::threats;
use super::variant::{Side, Variant};
use mix::{Mix, OfKind};

/// A proven puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The position as drawn (no history: see [`Game::as_drawn`]).
    pub game: Game,
    /// The shortest forced win, in the side to move's moves (2 or 3).
    pub moves: u32,
    /// The main line: both sides' actions, ending in the win.
    pub solution: Vec<Action>,
    /// The proof from the drawn position: what the answer prints.
    pub proof: Win,
}

impl Puzzle {
    pub fn to_move(&self) -> Side {
        self.game.to_move()
    }

    /// The corners (file, rank) of the squares the answer's moves start
    /// and end on, and the king's: what a diagram of the puzzle must show.
    pub fn extent(&self) -> ((u8, u8), (u8, u8)) {
        let squares = self
            .solution
            .iter()
            .filter_map(|a| match a {
                Action::Move(m) => Some([m.from, m.to]),
                Action::Pass => None,
            })
            .flatten()
            .chain(self.game.king());
        squares
            .map(|s| ((s.file, s.rank), (s.file, s.rank)))
            .reduce(|(lo, hi), (s, _)| {
                (
                    (lo.0.min(s.0), lo.1.min(s.1)),
                    (hi.0.max(s.0), hi.1.max(s.1)),
                )
            })
            .unwrap_or_default()
    }

    /// The side of the smallest square of the board that holds
    /// [`Puzzle::extent`], in squares.
    pub fn span(&self) -> usize {
        let (lo, hi) = self.extent();
        (hi.0 - lo.0).max(hi.1 - lo.1) as usize + 1
    }
}

impl OfKind for Puzzle {
    fn kind(&self) -> mix::Kind {
        mix::Kind {
            side: self.to_move(),
            moves: self.moves,
        }
    }
}

/// The largest built-in board's side (Sea Battle 15×15): the efforts
/// below are tuned up to it.
pub const LARGEST_BUILT_IN: usize = 15;

/// Shortest puzzles looked for, and longest.
pub const MIN_MOVES: u32 = 2;
pub const MAX_MOVES: u32 = 3;

/// How hard [`find`] looks: the games it plays and the work it spends on
/// each position. All node counts, so the same effort finds the same
/// puzzles on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Node budget for one position in the search for candidates:
    /// positions that take longer are skipped (the finder looks at many).
    pub scan_nodes: u64,
    /// Node budget of the computer players in the games puzzles come from.
    pub player_nodes: u64,
    /// Games longer than this stop (puzzles come from the middle game).
    pub max_actions: usize,
    /// Give up after this many games without enough puzzles.
    pub max_games: u64,
    /// Positions looked at per game, from the last one back: those where
    /// the game's winner is to move (a decided game's short forced wins
    /// are the winner's): the first is the winning move's, the second a
    /// win in 2's, the third a win in 3's.
    pub positions_per_game: usize,
    /// How many times the nodes of `player_nodes` the side a page lacks
    /// gets in every other game: games between equals mostly end the same
    /// way (on most boards the king escapes), so the other side's wins, and
    /// puzzles with it to move, come from these.
    pub stronger: u64,
    /// Node budget for a second look at the winner's position just before
    /// a win in 2, for a win in 3, while the page has none: proving one
    /// takes ten times the nodes of a scan (a York win in 3 about 7 000,
    /// a Copenhagen one 20 000), too many to spend on every position.
    pub deep_nodes: u64,
    /// At most this many such looks per search (one that finds no win
    /// costs the nodes of two to five scans; the position it looked at is
    /// not scanned again). The search stops as soon as its puzzles and
    /// spares fill a mixed page, which pays for the looks.
    pub deep_tries: u32,
    /// Whether games the move limit stopped are passed over: no side won,
    /// so their last positions rarely hold a short forced win, and on the
    /// kit's small budgets the solver mostly runs out on them.
    pub skip_draws: bool,
    /// The widest an answer may spread ([`Puzzle::span`]), or `None`: a
    /// big board's puzzle is drawn as a window over its answer, whose
    /// squares must stay legible.
    pub max_span: Option<usize>,
    /// Once the page could be filled (with puzzles that would tip it to
    /// one side or length), the hunt for a mixed page goes on as long
    /// again, and at least this many games in all.
    pub mix_games: u64,
    /// When the search ends with no win in 3 on the page, at most this
    /// many of the winner's late positions of its games (those it
    /// scanned, in the order played) get a look for a win in 3 that
    /// opens with a threat ([`threats::forcing_move`]): some thousand
    /// moves made each, no search. Only a position where it finds one
    /// forcing move is examined, with a solver of `threat_nodes` nodes
    /// (most of them go to proving that no other first move wins).
    pub threat_looks: u32,
    /// The node budget of the solver that examines a position where a
    /// threat look found one forcing move: most of it goes to proving
    /// that no other first move wins in 3.
    pub threat_nodes: u64,
    /// When those looks find no win in 3 either, up to this many more
    /// games between equal computers are played for threat looks alone
    /// (at each one's late positions), until one gives a win in 3. On
    /// Sea Battle 15 such a position comes about once in seventeen games
    /// (2026-11-28: 9 in 150), rarer than a kit's own games can promise.
    pub threat_games: u64,
    /// Whether, once puzzles are kept and none has the attackers to move,
    /// the games are played against [`Kind::Careful`] defenders
    /// ([`players`]).
    pub careful: bool,
}

impl Effort {
    /// `taflkit puzzles`: seconds to a minute of CPU for five puzzles of
    /// a built-in variant (docs/performance.md). Mixed like a kit's page
    /// where the games allow: once the set lacks the attackers' puzzles
    /// the games are played against careful defenders, and a set without
    /// a win in 3 gets threat looks. Before (2026-11-28), 7 of the 17
    /// built-ins gave no mixed set: Copenhagen, Tafel, Fetlar, Magpie,
    /// Berserk and Sea Battle 9 only the defenders' puzzles, Sea Battle 9
    /// Cyningstan only wins in 3; now all 17 do, Copenhagen in a fifth
    /// of the CPU (its attackers win quickly against careful defenders).
    pub const COMMAND: Effort = Effort {
        scan_nodes: 60_000,
        player_nodes: 3_000,
        max_actions: 240,
        max_games: 400,
        // Short forced wins come at the end of a decided game.
        positions_per_game: 8,
        // Eight times its players' nodes would make half its games several
        // times longer; the attackers' wins come from careful defenders.
        stronger: 1,
        deep_nodes: 0,
        deep_tries: 0,
        // Looks cost nothing where the scans found a win in 3; the
        // examining solver has the 15×15 kit's budget (one answer there
        // took up to 153 000 nodes to prove).
        threat_looks: 40,
        threat_nodes: 200_000,
        threat_games: 0,
        skip_draws: false,
        max_span: None,
        // Sea Battle 9 Cyningstan's games give its one win in 2 with a
        // single answer after 20 (2026-11-28): 50 gave it.
        mix_games: 50,
        careful: true,
    };

    /// `taflkit puzzles` on a board of `size` squares a side:
    /// [`Effort::COMMAND`] up to the built-in boards (15×15), [`Effort::BIG`]
    /// past them.
    pub fn command(size: usize) -> Effort {
        if size <= LARGEST_BUILT_IN {
            Effort::COMMAND
        } else {
            Effort::BIG
        }
    }

    /// `taflkit puzzles` past 15×15 (a user's 19×19): two puzzles in a few
    /// seconds, where [`Effort::COMMAND`] took minutes. Every node there
    /// costs several times an 11×11 one (more pieces, longer lines), and
    /// its 3 000-node players play 150 to 200 actions a game, at 10 to
    /// 17 s each (measured 2026-11-27 on `benches/data/alea-19.toml`).
    /// Weak players end a game in 50 to 120 actions when it ends at all,
    /// so games stop at 120 and undecided ones are passed over; a decided
    /// game's win in 2 takes about 1 000 scan nodes (a win in 3 more than
    /// 60 000, too many to look for); and the hunt for a mixed page goes
    /// on only as long again as filling it took, with no floor of games
    /// (on that board the defenders win nearly every game).
    pub const BIG: Effort = Effort {
        scan_nodes: 5_000,
        player_nodes: 300,
        max_actions: 120,
        max_games: 200,
        positions_per_game: 3,
        stronger: 1,
        deep_nodes: 0,
        deep_tries: 0,
        threat_looks: 0,
        threat_nodes: 0,
        threat_games: 0,
        skip_draws: true,
        max_span: None,
        mix_games: 0,
        careful: false,
    };

    /// A kit's puzzle page: bounded so that every build stays quick
    /// (fewer games, weaker players, only the last positions of each).
    pub const KIT: Effort = Effort {
        scan_nodes: 2_000,
        player_nodes: 50,
        max_actions: 160,
        max_games: 20,
        positions_per_game: 3,
        stronger: 8,
        deep_nodes: 20_000,
        deep_tries: 16,
        threat_looks: 40,
        threat_nodes: 60_000,
        threat_games: 0,
        skip_draws: true,
        max_span: None,
        mix_games: MIX_GAMES,
        careful: true,
    };
}

/// Why a position is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejected {
    NoWin,
    TooShort(u32),
    NotUnique(Vec<Action>),
    Unproven,
    /// The proof from the drawn position disagrees with the solver.
    Refuted(String),
}

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejected::NoWin => write!(
                f,
                "the side to move has no forced win in {MIN_MOVES} to {MAX_MOVES} moves"
            ),
            Rejected::TooShort(n) => write!(f, "there is a shorter win, in {n}"),
            Rejected::NotUnique(ms) => {
                let shown: Vec<String> = ms.iter().map(|m| m.to_string()).collect();
                write!(f, "more than one first move wins: {}", shown.join(" "))
            }
            Rejected::Unproven => f.write_str("the solver did not finish"),
            Rejected::Refuted(why) => write!(f, "the proof from the drawn position: {why}"),
        }
    }
}

/// Whether `game` is a puzzle: shortest forced win of 2 or 3 moves, one
/// winning first move. With `solver` limited, `Unproven` when it ran out.
pub fn examine(solver: &mut Solver, game: &Game) -> Result<Puzzle, Rejected> {
    let moves = match solver.shortest_win(game, MAX_MOVES) {
        None => return Err(Rejected::Unproven),
        Some(None) => return Err(Rejected::NoWin),
        Some(Some(n)) if n < MIN_MOVES => return Err(Rejected::TooShort(n)),
        Some(Some(n)) => n,
    };
    let first = solver
        .winning_moves(game, moves)
        .ok_or(Rejected::Unproven)?;
    if first.len() != 1 {
        return Err(Rejected::NotUnique(first));
    }
    // The one check every printed puzzle passes (the cache's too), the
    // solver's one winning move tried first.
    let p = proven_trying(game, moves, first.first().copied()).map_err(Rejected::Refuted)?;
    if p.proof.first.actions.first() != first.first() {
        return Err(Rejected::Refuted(format!(
            "a win in {} starting {}",
            p.moves, p.proof.first.actions[0]
        )));
    }
    Ok(p)
}

/// Proves a puzzle again from its position as drawn: a forced win in its
/// number of moves and none shorter ([`proof::prove`]), and the proof the
/// answer prints. `Err` says why it fails.
pub fn verify(p: &Puzzle) -> Result<(), String> {
    match prove_drawn(&p.game, p.moves) {
        Proof::NoWin { within, .. } => Err(format!("no forced win in {within}")),
        Proof::Win(w) if w.moves != p.moves => Err(format!(
            "the shortest win is in {}, not {}",
            w.moves, p.moves
        )),
        Proof::Win(w) if w != p.proof => Err("the answer is not the proven line".into()),
        Proof::Win(_) => Ok(()),
    }
}

/// The puzzle of a drawn position: its proof of a win in exactly `moves`
/// ([`proof::prove`], no shorter win), with the answer that proof gives.
/// For positions read back from elsewhere (the kit's puzzle cache).
pub fn proven(game: &Game, moves: u32) -> Result<Puzzle, String> {
    proven_trying(game, moves, None)
}

/// [`proven`], with `first` tried before the other first moves
/// ([`proof::prove_trying`]).
pub fn proven_trying(game: &Game, moves: u32, first: Option<Action>) -> Result<Puzzle, String> {
    let game = game.as_drawn();
    let proof = match first {
        Some(a) => proof::prove_trying(&game, moves, a),
        None => proof::prove(&game, moves),
    };
    match proof {
        Proof::Win(w) if w.moves == moves => Ok(Puzzle {
            game,
            moves,
            solution: w.line(),
            proof: w,
        }),
        Proof::Win(w) => Err(format!("the shortest win is in {}, not {moves}", w.moves)),
        Proof::NoWin { within, .. } => Err(format!("no forced win in {within}")),
    }
}

/// The proof of a win within `moves` from `game` as drawn.
pub fn prove_drawn(game: &Game, moves: u32) -> Proof {
    proof::prove(&game.as_drawn(), moves)
}

/// Finds `count` puzzles for the variant, the same ones for the same seed.
/// Fewer come back if the games run out (a variant where short forced
/// wins never arise).
pub fn find(variant: &Variant, count: usize, seed: u64, effort: &Effort) -> Vec<Puzzle> {
    find_telling(variant, count, seed, effort, &mut |_| {})
}

/// How far [`find_telling`] has come, told after each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub games: u64,
    pub found: usize,
}

/// The fewest games played in search of a mixed page once it could be
/// filled (a kit's whole effort), on the built-in boards.
const MIX_GAMES: u64 = 20;

/// [`find`], telling `told` after each game played (for a progress bar:
/// a big board's games take seconds each).
pub fn find_telling(
    variant: &Variant,
    count: usize,
    seed: u64,
    effort: &Effort,
    told: &mut dyn FnMut(Progress),
) -> Vec<Puzzle> {
    let mut found: Vec<Puzzle> = Vec::new();
    // Puzzles that would tip the page to one side or one length, kept to
    // fill it if the games run out first.
    let mut spare: Vec<Puzzle> = Vec::new();
    let mut solver = Solver::new().with_node_limit(effort.scan_nodes);
    let mut deep = Deep {
        solver: Solver::new().with_node_limit(effort.deep_nodes),
        tries: effort.deep_tries,
    };
    // The winner's late positions of every game, for the threat looks.
    let mut behind: Vec<Game> = Vec::new();
    let mut rng = Rng::new(seed);
    // Once the page could be filled with spares, the hunt for a mixed page
    // goes on at most as long again (and at least `mix_games` games): a
    // variant whose games rarely give the missing side or length must not
    // cost every game of the effort.
    let mut mix_until = effort.max_games;
    let mut played = 0;
    for game_no in 0..effort.max_games {
        if found.len() >= count || game_no >= mix_until || full_mix(&found, &spare, count) {
            break;
        }
        let s = rng.next_u64() ^ game_no;
        let (mut a, mut d) = players(effort, &found, &spare, game_no, s);
        let rec = play_game(variant, &mut a, &mut d, effort.max_actions, true);
        played = game_no + 1;
        let late = late_positions(&rec, effort);
        if !late.is_empty() {
            let mut pages = Pages {
                found: &mut found,
                spare: &mut spare,
                count,
                effort,
            };
            pages.take_one(&late, &mut solver, &mut deep);
            behind.extend(late);
        }
        if mix_until == effort.max_games && found.len() + spare.len() >= count {
            mix_until = (2 * (game_no + 1)).max(effort.mix_games);
        }
        told(Progress {
            games: played,
            found: found.len(),
        });
    }
    let page = fill(found, spare, count);
    let mut more = MoreGames {
        variant,
        effort,
        rng: &mut rng,
        played,
        told,
    };
    with_threat_win(page, &behind, count, &mut solver, &mut more)
}

/// The winner's positions of a game, from the last one back (a decided
/// game's short forced wins are the winner's, and the closer the end the
/// likelier one), as a reader sees them; none for a game the move limit
/// stopped when the effort passes those over.
fn late_positions(rec: &Record, effort: &Effort) -> Vec<Game> {
    let winner = rec.winner();
    if winner.is_none() && effort.skip_draws {
        return Vec::new();
    }
    rec.positions
        .iter()
        .rev()
        .filter(|g| winner.is_none_or(|w| g.to_move() == w))
        .take(effort.positions_per_game + 1)
        .map(Game::as_drawn)
        .collect()
}

/// Games played after the search's own, for threat looks alone
/// ([`Effort::threat_games`]): equal computers, the search's seeds
/// going on.
struct MoreGames<'a> {
    variant: &'a Variant,
    effort: &'a Effort,
    rng: &'a mut Rng,
    /// Games played so far, the search's included.
    played: u64,
    told: &'a mut dyn FnMut(Progress),
}

impl MoreGames<'_> {
    /// The late positions ([`late_positions`]) of one more game, with
    /// `found` puzzles on the page so far (for the progress told).
    fn late(&mut self, found: usize) -> Vec<Game> {
        let s = self.rng.next_u64() ^ self.played;
        let (mut a, mut d) = equals(self.effort.player_nodes, s);
        let rec = play_game(self.variant, &mut a, &mut d, self.effort.max_actions, true);
        self.played += 1;
        (self.told)(Progress {
            games: self.played,
            found,
        });
        late_positions(&rec, self.effort)
    }
}

/// A page without a win in 3 gets one, where a threat look
/// ([`threats::forcing_move`]) at the winner's late positions (`behind`,
/// in the order played, then those of [`MoreGames`]) finds a forcing
/// first move and the puzzle check then proves it; the page is then
/// chosen again ([`mix::mixed_first`]). Pages with a win in 3 come back as
/// they were.
fn with_threat_win(
    page: Vec<Puzzle>,
    behind: &[Game],
    count: usize,
    quick: &mut Solver,
    more: &mut MoreGames,
) -> Vec<Puzzle> {
    let effort = more.effort;
    let has_three = Mix::of(&page).has_length(MAX_MOVES);
    if page.is_empty() || has_three || effort.threat_looks == 0 {
        return page;
    }
    let mut look = ThreatLook {
        solver: Solver::new().with_node_limit(effort.threat_nodes),
        quick,
        page: &page,
        max_span: effort.max_span,
    };
    let fresh = |g: &&Game| !page.iter().any(|p| alike(&p.game, g));
    let mut three = behind
        .iter()
        .filter(fresh)
        .take(effort.threat_looks as usize)
        .find_map(|pos| look.win_in_three(pos));
    for _ in 0..effort.threat_games {
        if three.is_some() {
            break;
        }
        let late = more.late(page.len());
        three = late.iter().find_map(|pos| look.win_in_three(pos));
    }
    match three {
        Some(three) => {
            let mut all = page.clone();
            all.push(three);
            mix::mixed_first(&all, count)
        }
        None => page,
    }
}

/// A threat look's tools, and the page it looks for.
struct ThreatLook<'a> {
    /// Examines a position with one forcing move ([`Effort::threat_nodes`]).
    solver: Solver,
    /// Proves the wins in 2 after each parry (the scan's solver).
    quick: &'a mut Solver,
    page: &'a [Puzzle],
    max_span: Option<usize>,
}

impl ThreatLook<'_> {
    /// `pos` as a win in 3 the page can take: one forcing first move,
    /// proven, not too wide, and not a puzzle the page has.
    fn win_in_three(&mut self, pos: &Game) -> Option<Puzzle> {
        // A win at once is no win in 3 (and makes every move a threat).
        let seen = self.page.iter().any(|p| alike(&p.game, pos));
        if seen || wins_at_once(&mut pos.clone()) {
            return None;
        }
        threats::forcing_move(pos, self.quick)?;
        let three = examine(&mut self.solver, pos)
            .ok()
            .filter(|p| p.moves == MAX_MOVES)?;
        let too_wide = self.max_span.is_some_and(|m| three.span() > m);
        let known = self.page.iter().any(|q| same_answer(q, &three));
        (!too_wide && !known).then_some(three)
    }
}

/// The page: the puzzles found, and where the games ran out before it was
/// full, spares chosen for what the page lacks ([`mix::mixed_first`]), so a
/// page whose found puzzles are all one side's or one length gets the
/// other from its spares.
fn fill(found: Vec<Puzzle>, spare: Vec<Puzzle>, count: usize) -> Vec<Puzzle> {
    if found.len() >= count {
        return found;
    }
    let all: Vec<Puzzle> = found.into_iter().chain(spare).collect();
    mix::mixed_first(&all, count)
}

/// Whether the puzzles found and spared already fill a mixed page
/// ([`fill`]): more games could only change which puzzles of each kind
/// it prints, so the search stops.
fn full_mix(found: &[Puzzle], spare: &[Puzzle], count: usize) -> bool {
    found.len() + spare.len() >= count
        && Mix::of(&fill(found.to_vec(), spare.to_vec(), count)).is_mixed()
}

/// A second, bigger look for wins in 3, and how many looks are left.
struct Deep {
    solver: Solver,
    tries: u32,
}

/// What a second look ([`Pages::deeper`]) gave.
enum Look {
    /// No look: none left, or the position is too like one kept.
    NotLooked,
    /// A look that found no win in 3 (the position is not scanned again).
    Nothing,
    Found(Box<Puzzle>),
}

/// The page being filled: puzzles found, spares, and what it wants.
struct Pages<'a> {
    found: &'a mut Vec<Puzzle>,
    spare: &'a mut Vec<Puzzle>,
    count: usize,
    effort: &'a Effort,
}

impl Pages<'_> {
    /// Takes at most one puzzle for the page from a game's late positions
    /// (`late`, the winner's, last first), and may keep spares: one
    /// puzzle per game keeps them varied, and a puzzle that would tip the
    /// page to one side or one length waits while an earlier position is
    /// looked at for what the page lacks.
    fn take_one(&mut self, late: &[Game], solver: &mut Solver, deep: &mut Deep) {
        let mut spared = false;
        let mut looked_deeper = None;
        for (k, pos) in late.iter().take(self.effort.positions_per_game).enumerate() {
            if self.seen(pos) || looked_deeper == Some(k) {
                continue;
            }
            let Ok(mut p) = examine(solver, pos) else {
                continue;
            };
            // The winner's position before a win in 2 is a win in 3 when
            // the loser's move between was forced: worth a bigger look
            // while the page has no win in 3 (the scan's budget rarely
            // proves one). A position it looked at is not scanned again.
            if p.moves == MIN_MOVES && !self.kept().has_length(MAX_MOVES) {
                match late.get(k + 1).map(|back| self.deeper(back, deep)) {
                    Some(Look::Found(three)) => p = *three,
                    Some(Look::Nothing) => looked_deeper = Some(k + 1),
                    Some(Look::NotLooked) | None => {}
                }
            }
            let too_wide = self.effort.max_span.is_some_and(|m| p.span() > m);
            if too_wide || self.all().any(|q| same_answer(q, &p)) {
                continue;
            }
            if Mix::of(self.found.iter()).has_room_for(p.kind(), self.count) {
                self.found.push(p);
                return;
            }
            // Beyond one spare a game, only one the page lacks a kind of.
            if !spared || self.kept().brings(p.kind()) {
                self.spare.push(p);
                spared = true;
            }
        }
    }

    /// The puzzles found and spared.
    fn all(&self) -> impl Iterator<Item = &Puzzle> {
        self.found.iter().chain(self.spare.iter())
    }

    /// The sides to move and lengths of win of the puzzles kept.
    fn kept(&self) -> Mix {
        Mix::of(self.all())
    }

    /// Whether a position is too like one already kept.
    fn seen(&self, pos: &Game) -> bool {
        self.all().map(|p| &p.game).any(|g| alike(g, pos))
    }

    /// `back` as a win in 3, looked at with the deep solver while it has
    /// looks left.
    fn deeper(&self, back: &Game, deep: &mut Deep) -> Look {
        if deep.tries == 0 || self.seen(back) {
            return Look::NotLooked;
        }
        deep.tries -= 1;
        match examine(&mut deep.solver, back) {
            Ok(p) if p.moves == MAX_MOVES => Look::Found(Box::new(p)),
            _ => Look::Nothing,
        }
    }
}

/// The players of game `game_no` (attackers, defenders): equal computers
/// in even games; in odd ones the side to move in fewer of the puzzles
/// found so far (the attackers on a tie) thinks [`Effort::stronger`]
/// times as long, so that it wins, and the page gets positions with it
/// to move. Once puzzles are kept and none has the attackers to move, the
/// defenders are [`Kind::Careful`] in every game: a computer's king
/// escapes too well for the attackers to win on most boards, but one
/// that sees only immediate threats falls to a double threat, whose
/// position is the attackers' win in 2.
fn players(
    effort: &Effort,
    found: &[Puzzle],
    spare: &[Puzzle],
    game_no: u64,
    s: u64,
) -> (Player, Player) {
    let n = effort.player_nodes;
    let strong = n.saturating_mul(effort.stronger);
    let computer = |nodes: u64, seed: u64| Player::new(Kind::Computer, Limits::nodes(nodes), seed);
    let odd = !game_no.is_multiple_of(2);
    if effort.careful && Mix::of(found.iter().chain(spare)).lacks(Side::Attackers) {
        let careful = Player::new(Kind::Careful, Limits::nodes(n), s ^ 1);
        return (computer(if odd { strong } else { n }, s), careful);
    }
    if !odd {
        return equals(n, s);
    }
    if Mix::of(found).rarer_side() == Side::Attackers {
        (computer(strong, s), computer(n, s ^ 1))
    } else {
        (computer(n, s), computer(strong, s ^ 1))
    }
}

/// Two equal computers of `nodes` each, seeded from `s` (attackers,
/// defenders).
fn equals(nodes: u64, s: u64) -> (Player, Player) {
    let computer = |seed: u64| Player::new(Kind::Computer, Limits::nodes(nodes), seed);
    (computer(s), computer(s ^ 1))
}

/// Two puzzles with the same answer: the same moves printed, whatever
/// the pieces around them.
fn same_answer(a: &Puzzle, b: &Puzzle) -> bool {
    a.proof.main_line() == b.proof.main_line()
}

/// Two positions too alike to print both (games from nearby seeds often
/// share a line): fewer than six squares differ, so the same position
/// give or take a piece or two, or with two pieces moved.
pub fn alike(a: &Game, b: &Game) -> bool {
    let (a, b) = (a.board(), b.board());
    let differ = a
        .iter()
        .flatten()
        .zip(b.iter().flatten())
        .filter(|(x, y)| x != y)
        .count();
    differ < 6
}
