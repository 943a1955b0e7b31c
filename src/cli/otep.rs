//! `taflkit engine`: OpenTafl's engine protocol (`opentafl-engine-protocol.txt`
//! in OpenTafl's repository) on standard input and output, so OpenTafl can
//! seat taflkit's computer as an external AI. One command a line each way,
//! US-ASCII; OpenTafl is the host and its `position` records are the truth:
//! when a move it reports does not replay on taflkit's board, the board is
//! set from the record that came with it.
//!
//! [`Session`] is the protocol without the pipes (a line in, lines out), so
//! it is tested as it is; [`engine`] reads bounded lines into it.

use std::time::Duration;

use super::args::EngineArgs;
use super::computer::limits;
use super::lines::{Line, Lines};
use crate::diagnostics::Failure;
use crate::rules::otn::{Order, moves, position, read};
use crate::rules::players::apply;
use crate::rules::search::{Limits, Searcher};
use crate::rules::solver::Action;
use crate::rules::{Game, Side, Variant};

/// The longest command line read. A rules string for a 25×25 board with
/// every key spelled out is under 2 KB; anything longer is refused and
/// read past without being held.
pub const MAX_COMMAND_BYTES: usize = 8 * 1024;

/// The longest think asked for by `analyze`, whatever its seconds say.
const MAX_ANALYZE: Duration = Duration::from_secs(600);

/// Main time is spread over this many moves still to come.
const MOVES_TO_GO: u32 = 30;

/// The two clocks of a `clock` command, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub attackers: u64,
    pub defenders: u64,
    pub overtime_ms: u64,
}

/// What a command asks the session to do: lines to send, and whether to
/// stop.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub lines: Vec<String>,
    pub stop: bool,
}

impl Reply {
    fn line(s: impl Into<String>) -> Reply {
        Reply {
            lines: vec![ascii(&s.into())],
            stop: false,
        }
    }
    fn error(critical: bool, message: &str) -> Reply {
        Reply::line(format!("error {} {message}", if critical { -1 } else { 0 }))
    }
    pub fn none() -> Reply {
        Reply::default()
    }
}

/// The protocol's state: the rules, the game as taflkit sees it, and the
/// computer that plays it.
pub struct Session {
    variant: Option<Variant>,
    game: Option<Game>,
    searcher: Searcher,
    /// What the command line asked for (`--think-ms`, `--nodes`, `--depth`).
    asked: Option<Limits>,
    clock: Option<Clock>,
}

impl Session {
    /// `asked`: the limits the command line gave, or `None` to think by
    /// the clock (one second a move without one).
    pub fn new(asked: Option<Limits>) -> Session {
        Session {
            variant: None,
            game: None,
            searcher: Searcher::new(None),
            asked,
            clock: None,
        }
    }

    /// The line the engine sends first.
    pub fn greeting() -> &'static str {
        "hello"
    }

    /// Answers one line from OpenTafl.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" | "hello" | "simple-moves" | "status" => Reply::none(),
            "rules" => self.rules(rest),
            "position" => self.position(rest),
            "side" => self.side(rest),
            "clock" => self.set_clock(rest),
            "play" => self.play(rest),
            "move" => self.host_move(rest),
            "opponent-move" => self.opponent_move(rest),
            "analyze" => self.analyze(rest),
            "error" => Reply::line(format!(
                "status OpenTafl refused the move (error {rest}); waiting for its position"
            )),
            "finish" => {
                self.clock = None;
                Reply::none()
            }
            "goodbye" => Reply {
                lines: Vec::new(),
                stop: true,
            },
            _ => Reply::error(
                false,
                &format!("unknown command '{}'", crate::diagnostics::excerpt(command)),
            ),
        }
    }

    fn rules(&mut self, text: &str) -> Reply {
        match read::read("rules", text.as_bytes(), "opentafl") {
            Ok((v, _warnings)) => {
                self.game = Some(Game::new(&v));
                self.variant = Some(v);
                // A fresh brain: its tables belong to the old rules.
                self.searcher = Searcher::new(None);
                Reply::none()
            }
            Err(f) => {
                let why: Vec<String> = f.diagnostics.iter().map(|d| d.to_string()).collect();
                self.variant = None;
                self.game = None;
                Reply::error(
                    true,
                    &format!("taflkit cannot play these rules: {}", why.join("; ")),
                )
            }
        }
    }

    /// The game, or the error to send when no rules came yet.
    fn game(&mut self) -> Result<&mut Game, Reply> {
        self.game
            .as_mut()
            .ok_or_else(|| Reply::error(false, "no rules yet: send 'rules' first"))
    }

    /// Sets the board from a position record, keeping the side to move
    /// (or `to_move` when given).
    fn set_board(&mut self, record: &str, to_move: Option<Side>) -> Result<(), Reply> {
        let Some(v) = &self.variant else {
            return Err(Reply::error(false, "no rules yet: send 'rules' first"));
        };
        let board = match position::read(record, Order::RankOneFirst) {
            Ok((board, len)) if len == record.len() => board,
            Ok(_) => return Err(Reply::error(false, "text after the position record")),
            Err((_, msg)) => return Err(Reply::error(false, &format!("position: {msg}"))),
        };
        let side = to_move
            .or(self.game.as_ref().map(Game::to_move))
            .unwrap_or(v.first_to_move());
        if self
            .game
            .as_ref()
            .is_some_and(|g| g.board() == board && g.to_move() == side)
        {
            // The same board: keep the game's history (repetition).
            return Ok(());
        }
        let g = Game::from_board(v, &board, side)
            .map_err(|m| Reply::error(false, &format!("position: {m}")))?;
        self.game = Some(g);
        Ok(())
    }

    fn position(&mut self, record: &str) -> Reply {
        self.set_board(record, None)
            .err()
            .unwrap_or_else(Reply::none)
    }

    /// Makes `side` the side to move (`side` and `play`).
    fn set_side(&mut self, side: Side) -> Result<(), Reply> {
        let g = self.game()?;
        if g.to_move() != side {
            let board = position::write(&g.board(), Order::RankOneFirst);
            self.set_board(&board, Some(side))?;
        }
        Ok(())
    }

    fn side(&mut self, word: &str) -> Reply {
        match side_of(word) {
            Ok(s) => self.set_side(s).err().unwrap_or_else(Reply::none),
            Err(r) => r,
        }
    }

    fn set_clock(&mut self, text: &str) -> Reply {
        match clock_of(text) {
            Some(c) => {
                self.clock = Some(c);
                Reply::none()
            }
            None => Reply::error(
                false,
                "clock: give <attacker-ms>[*] <defender-ms>[*] <overtime-s> <attacker-overtimes> <defender-overtimes>",
            ),
        }
    }

    /// How long to think for `side`'s move.
    pub fn think(&self, side: Side) -> Limits {
        if let Some(l) = self.asked {
            return l;
        }
        let Some(c) = self.clock else {
            return Limits::time_ms(1000);
        };
        let left = match side {
            Side::Attackers => c.attackers,
            Side::Defenders => c.defenders,
        };
        // A share of main time plus most of an overtime period, kept
        // between 50 ms and 10 s.
        let ms = left / u64::from(MOVES_TO_GO) + c.overtime_ms * 3 / 4;
        Limits::time_ms(ms.clamp(50, 10_000))
    }

    fn play(&mut self, word: &str) -> Reply {
        let side = match side_of(word) {
            Ok(s) => s,
            Err(r) => return r,
        };
        if let Err(r) = self.set_side(side) {
            return r;
        }
        let limits = self.think(side);
        let Some(g) = self.game.as_mut() else {
            return Reply::error(false, "no rules yet: send 'rules' first");
        };
        if g.result().is_over() {
            return Reply::error(false, &format!("the game is over ({})", g.result()));
        }
        let Some(choice) = self.searcher.choose(g, limits) else {
            return Reply::error(false, "no legal move");
        };
        let Action::Move(m) = choice.action else {
            return Reply::error(false, "no legal move");
        };
        if let Err(e) = apply(g, choice.action) {
            return Reply::error(true, &format!("taflkit's own move {m} failed: {e}"));
        }
        Reply {
            lines: vec![
                format!("move {m}"),
                format!(
                    "status depth {} score {} nodes {}",
                    choice.depth, choice.score, choice.nodes
                ),
            ],
            stop: false,
        }
    }

    /// `move <position>`: OpenTafl took our move; its record is the truth.
    fn host_move(&mut self, record: &str) -> Reply {
        self.set_board(record, None)
            .err()
            .unwrap_or_else(Reply::none)
    }

    fn opponent_move(&mut self, rest: &str) -> Reply {
        let (list, record) = rest.split_once(' ').unwrap_or((rest, ""));
        let record = record.trim();
        let Ok(g) = self.game() else {
            return Reply::error(false, "no rules yet: send 'rules' first");
        };
        let mover = g.to_move();
        let mut problem = None;
        for text in list.split('|') {
            let played = moves::read(text)
                .and_then(|m| apply(g, Action::Move(m)).map_err(|e| format!("{m}: {e}")));
            if let Err(e) = played {
                problem = Some(e);
                break;
            }
        }
        let after = (!g.result().is_over()).then(|| mover.opponent());
        if record.is_empty() {
            return match problem {
                Some(e) => Reply::error(false, &format!("opponent-move: {e}")),
                None => Reply::none(),
            };
        }
        // The record is the truth, whatever the moves did here.
        let to_move = if problem.is_some() { after } else { None };
        self.set_board(record, to_move)
            .err()
            .unwrap_or_else(Reply::none)
    }

    fn analyze(&mut self, rest: &str) -> Reply {
        let mut words = rest.split_whitespace();
        let (Some(Ok(_count)), Some(Ok(secs)), None) = (
            words.next().map(str::parse::<u32>),
            words.next().map(str::parse::<u64>),
            words.next(),
        ) else {
            return Reply::error(false, "analyze: give <number> <seconds>");
        };
        let limits = self.asked.unwrap_or(Limits {
            time: Some(Duration::from_secs(secs.max(1)).min(MAX_ANALYZE)),
            ..Limits::default()
        });
        let Some(g) = self.game.as_ref() else {
            return Reply::error(false, "no rules yet: send 'rules' first");
        };
        match self.searcher.choose(g, limits) {
            // One move is enough by the spec ("at least one move").
            Some(c) => Reply::line(format!("analysis 1 {} {}", c.action, c.score)),
            None => Reply::error(false, "no legal move to analyze"),
        }
    }
}

/// `attackers` or `defenders`.
fn side_of(word: &str) -> Result<Side, Reply> {
    match word {
        "attackers" => Ok(Side::Attackers),
        "defenders" => Ok(Side::Defenders),
        _ => Err(Reply::error(
            false,
            &format!(
                "'{}' is not a side: attackers or defenders",
                crate::diagnostics::excerpt(word)
            ),
        )),
    }
}

/// `clock 300000 300000* 30 3 3`: the clocks (an overtime clock marked
/// `*`), the overtime length and the periods left.
pub fn clock_of(text: &str) -> Option<Clock> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let [a, d, ot, ao, dov] = w.as_slice() else {
        return None;
    };
    let ms = |s: &str| s.trim_end_matches('*').parse::<u64>().ok();
    ao.parse::<u32>().ok()?;
    dov.parse::<u32>().ok()?;
    Some(Clock {
        attackers: ms(a)?,
        defenders: ms(d)?,
        overtime_ms: ot.parse::<u64>().ok()?.saturating_mul(1000),
    })
}

/// Text as US-ASCII, which the protocol speaks: the dashes, quotes and
/// signs of taflkit's messages written plainly, anything else as `?`.
fn ascii(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            ' '..='~' => c,
            '—' | '–' => '-',
            '‘' | '’' => '\'',
            '“' | '”' => '"',
            '×' => 'x',
            _ => '?',
        })
        .collect()
}

/// Runs the protocol on standard input and output until `goodbye` or the
/// end of the input.
pub fn engine(a: &EngineArgs) -> Result<(), Failure> {
    let t = &a.think;
    let asked = (t.think_ms.is_some() || t.nodes.is_some() || t.depth.is_some())
        .then(|| limits(t, 1000))
        .transpose()?;
    let mut session = Session::new(asked);
    crate::outln!("{}", Session::greeting());
    let stdin = std::io::stdin();
    let mut lines = Lines::with_limit(stdin.lock(), MAX_COMMAND_BYTES);
    loop {
        let reply = match lines.next_line() {
            Ok(None) => return Ok(()),
            Err(e) => {
                // Said in the protocol first, so OpenTafl shows why the
                // engine leaves (a critical error ends its game).
                crate::outln!(
                    "{}",
                    Reply::error(true, &format!("cannot read standard input: {e}")).lines[0]
                );
                return Err(Failure::option("engine", format!("standard input: {e}")));
            }
            Ok(Some(Line::Text(l))) => session.handle(&l),
            Ok(Some(Line::TooLong)) => Reply::error(
                false,
                &format!("a command longer than {MAX_COMMAND_BYTES} bytes was dropped"),
            ),
            Ok(Some(Line::NotText)) => {
                Reply::error(false, "a command that is not text was dropped")
            }
        };
        for l in &reply.lines {
            crate::outln!("{l}");
        }
        if reply.stop {
            return Ok(());
        }
    }
}
