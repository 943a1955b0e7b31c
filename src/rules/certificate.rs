//! Proof certificates: a proven forced win written down so that checking
//! it again takes a walk over the loser's replies, not a search.
//!
//! [`super::proof::prove`] finds a win by trying the winner's moves, and
//! shows "no shorter win" by trying every line; both cost the search
//! again each time. A certificate keeps what the search found:
//!
//! - for the win, the winner's turn at each node and the fewest moves it
//!   still needs there. The loser's replies are not written: [`check`]
//!   generates every one with the move generator and reads the answer to
//!   each, so a reply the certificate forgets is a refusal;
//! - for "no win in fewer moves" (at the root and after every reply), a
//!   refutation of each of the winner's tries: one reply of the loser
//!   after which the winner has no win in what is left. The tries are
//!   generated at check time; only the replies are read.
//!
//! So the check visits the loser's side only through the given replies
//! and the winner's side only through the given turns, besides the plain
//! enumeration of "no win in one". It shares nothing with the searches
//! beyond the engine: the move generator, make/unmake and what a whole
//! turn is ([`super::proof::turn_over`]), and builds the same [`Win`] as
//! the proof (its defences grouped as [`super::proof`] groups them), so a
//! page printed from a checked certificate is the page printed from the
//! proof. Moves are made on the game as it stands, history included, so
//! repetition, no-return and turn limits count as in play, and a
//! berserker turn is one turn of several actions.
//!
//! The text is one line of tokens, in the order the check walks:
//!
//! - a winner's node: `K:TURN` (wins in exactly `K` of its moves with
//!   `TURN`), then, when `K` is 2 or more, the refutations of every win in
//!   `K - 1`, then one node for each of the loser's replies that does not
//!   end the game, in the generator's order;
//! - "no win within `M`" (`M` of 2 or more): for each of the winner's
//!   turns that does not end the game, in the generator's order, the
//!   refuting reply `TURN`, then "no win within `M - 1`" after it (with
//!   `M` of 1 nothing is written: every turn is tried);
//! - a `TURN` is its actions joined by `,` (`e4-e7,e7-e9,pass`), or `=`
//!   for the same turn as the sibling before it (most replies lose to one
//!   answer, and one defence refutes many tries).

use super::engine::{Game, Undone};
use super::proof::{self, Defence, Proof, Turn, Win, each_turn, turn_over};
use super::solver::{Action, winner};
use super::variant::Side;

/// A certificate's text ([`certify`] writes it, [`check`] reads it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate(String);

impl Certificate {
    /// A certificate read from elsewhere (nothing is checked until
    /// [`check`]).
    pub fn from_text(text: &str) -> Certificate {
        Certificate(text.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a certificate does not prove its win: the first thing that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(why.into()))
}

/// Checks that the side to move in `game` wins in exactly `moves` of its
/// moves, and no fewer, by `cert`; the win as [`proof::prove`] gives it
/// for the certificate [`certify`] wrote from that proof.
pub fn check(game: &Game, moves: u32, cert: &Certificate) -> Result<Win, Refused> {
    let mut g = game.clone();
    if g.settled_result().is_over() {
        return refuse("the game is over");
    }
    let mut c = Checker {
        me: g.to_move(),
        tokens: cert.0.split_ascii_whitespace(),
    };
    let (k, first) = c.win(&mut g, moves, &mut None)?;
    if k != moves {
        return refuse(format!("a win in {k}, not {moves}"));
    }
    if let Some(extra) = c.tokens.next() {
        return refuse(format!("'{extra}' after the end"));
    }
    Ok(Win {
        side: c.me,
        moves,
        first,
    })
}

struct Checker<'a> {
    /// The side that wins.
    me: Side,
    tokens: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Checker<'a> {
    fn next(&mut self) -> Result<&'a str, Refused> {
        self.tokens
            .next()
            .ok_or_else(|| Refused("cut short".into()))
    }

    /// `me` to move: the node's fewest moves (at most `budget`) and its
    /// winning turn, every claim in it checked.
    fn win(
        &mut self,
        g: &mut Game,
        budget: u32,
        prev: &mut Option<Vec<Action>>,
    ) -> Result<(u32, Turn), Refused> {
        let token = self.next()?;
        let (k, turn) = token
            .split_once(':')
            .ok_or_else(|| Refused(format!("'{token}' is not a winner's node")))?;
        let k: u32 = match k.parse() {
            Ok(k) if (1..=budget).contains(&k) => k,
            _ => return refuse(format!("'{token}': not a win within {budget}")),
        };
        let actions = read_turn(turn, prev)?;
        if k > 1 {
            self.no_win(g, k - 1)?;
        }
        let done = play(g, &actions)?;
        let r = g.settled_result();
        let defences = if r.is_over() {
            if winner(r) == Some(self.me) {
                Ok(Vec::new())
            } else {
                refuse(format!("{} does not win", show(&actions)))
            }
        } else if k == 1 {
            refuse(format!("{} does not win at once", show(&actions)))
        } else {
            self.defences(g, k - 1)
        };
        unplay(g, done);
        Ok((
            k,
            Turn {
                actions,
                defences: defences?,
            },
        ))
    }

    /// The loser to move: each of its replies, generated, beaten within
    /// `n` by the node read for it; grouped as the proof groups them.
    fn defences(&mut self, g: &mut Game, n: u32) -> Result<Vec<Defence>, Refused> {
        let me = self.me;
        let mut out = Vec::new();
        let mut prev = None;
        let mut failed = None;
        each_turn(g, &mut Vec::new(), &mut |g, reply| {
            let r = g.settled_result();
            let step = if !r.is_over() {
                self.win(g, n, &mut prev)
                    .map(|(k, t)| proof::add(&mut out, reply.to_vec(), k, Some(t)))
            } else if winner(r) == Some(me) {
                proof::add(&mut out, reply.to_vec(), 0, None);
                Ok(())
            } else {
                refuse(format!("the reply {} holds", show(reply)))
            };
            step.map_err(|e| failed = Some(e)).is_ok()
        });
        failed.map_or(Ok(out), Err)
    }

    /// `me` to move: no win within `m` moves. Each turn is generated;
    /// with moves left after it, the refuting reply is read and the rest
    /// checked after it.
    fn no_win(&mut self, g: &mut Game, m: u32) -> Result<(), Refused> {
        let me = self.me;
        let mut prev = None;
        let mut failed = None;
        each_turn(g, &mut Vec::new(), &mut |g, tried| {
            let r = g.settled_result();
            let step = if r.is_over() {
                if winner(r) == Some(me) {
                    refuse(format!("{} wins sooner", show(tried)))
                } else {
                    Ok(())
                }
            } else if m == 1 {
                Ok(())
            } else {
                self.refuted(g, m - 1, &mut prev)
            };
            step.map_err(|e| failed = Some(e)).is_ok()
        });
        failed.map_or(Ok(()), Err)
    }

    /// The loser to move after one of `me`'s tries: the reply read is
    /// legal and leaves `me` no win within `m`.
    fn refuted(
        &mut self,
        g: &mut Game,
        m: u32,
        prev: &mut Option<Vec<Action>>,
    ) -> Result<(), Refused> {
        let token = self.next()?;
        let reply = read_turn(token, prev)?;
        let done = play(g, &reply)?;
        let r = g.settled_result();
        let step = if !r.is_over() {
            self.no_win(g, m)
        } else if winner(r) == Some(self.me) {
            refuse(format!("the refutation {} loses", show(&reply)))
        } else {
            Ok(())
        };
        unplay(g, done);
        step
    }
}

/// A turn's actions from its token (`=`: the same as `prev`), which then
/// becomes `prev`.
fn read_turn(token: &str, prev: &mut Option<Vec<Action>>) -> Result<Vec<Action>, Refused> {
    let actions = if token == "=" {
        prev.clone()
            .ok_or_else(|| Refused("'=' with no turn before it".into()))?
    } else {
        token
            .split(',')
            .map(Action::parse)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| Refused(format!("'{token}' is not a turn")))?
    };
    *prev = Some(actions.clone());
    Ok(actions)
}

/// Plays a whole turn of the side to move, each action one the move
/// generator gives, the turn over exactly after the last; the game is
/// unchanged when it is not such a turn.
fn play(g: &mut Game, actions: &[Action]) -> Result<Vec<Undone>, Refused> {
    let mover = g.to_move();
    let mut done = Vec::new();
    let mut moves = Vec::new();
    for (k, a) in actions.iter().enumerate() {
        g.raw_moves(&mut moves);
        let Some(m) = a.raw(g).filter(|m| moves.contains(m)) else {
            unplay(g, done);
            return refuse(format!("{a} is not a legal move in {}", show(actions)));
        };
        done.push(g.make_raw(m));
        if turn_over(g, mover) != (k + 1 == actions.len()) {
            unplay(g, done);
            return refuse(format!("{} is not one whole turn", show(actions)));
        }
    }
    if done.is_empty() {
        return refuse("an empty turn");
    }
    Ok(done)
}

/// Takes back what [`play`] made.
fn unplay(g: &mut Game, done: Vec<Undone>) {
    for u in done.into_iter().rev() {
        g.unmake_raw(u);
    }
}

fn show(actions: &[Action]) -> String {
    let words: Vec<String> = actions.iter().map(Action::to_string).collect();
    words.join(",")
}

/// The certificate of `win`, proven from `game` ([`proof::prove`], the
/// game as it stood then). Where the proof kept no line (a reply beaten
/// by the same answer as an earlier one) and for the refutations, it
/// searches with the proof; `None` if that ever disagrees with `win`.
pub fn certify(game: &Game, win: &Win) -> Option<Certificate> {
    let mut w = Writer {
        me: win.side,
        out: String::new(),
    };
    let mut g = game.clone();
    let first = &win.first;
    w.win(
        &mut g,
        win.moves,
        &first.actions,
        Some(&first.defences),
        &mut None,
    )?;
    Some(Certificate(w.out))
}

struct Writer {
    me: Side,
    out: String,
}

impl Writer {
    /// Writes a turn's token (`=` when it is `prev`'s), and makes it `prev`.
    fn turn(&mut self, head: &str, actions: &[Action], prev: &mut Option<Vec<Action>>) {
        if !self.out.is_empty() {
            self.out.push(' ');
        }
        self.out.push_str(head);
        if prev.as_deref() == Some(actions) {
            self.out.push('=');
        } else {
            self.out.push_str(&show(actions));
            *prev = Some(actions.to_vec());
        }
    }

    /// A winner's node: wins in `k` with `actions`; `defences` are the
    /// proof's after them, when it kept them.
    fn win(
        &mut self,
        g: &mut Game,
        k: u32,
        actions: &[Action],
        defences: Option<&[Defence]>,
        prev: &mut Option<Vec<Action>>,
    ) -> Option<()> {
        self.turn(&format!("{k}:"), actions, prev);
        if k > 1 {
            self.no_win(g, k - 1)?;
        }
        let done = play(g, actions).ok()?;
        let written = if g.settled_result().is_over() {
            Some(())
        } else {
            self.replies(g, k - 1, defences)
        };
        unplay(g, done);
        written
    }

    /// The node for each reply that does not end the game: the proof's
    /// answer to it, else a fresh proof's.
    fn replies(&mut self, g: &mut Game, n: u32, defences: Option<&[Defence]>) -> Option<()> {
        let mut prev = None;
        let mut ok = true;
        each_turn(g, &mut Vec::new(), &mut |g, reply| {
            if g.settled_result().is_over() {
                return true;
            }
            let known = defences
                .into_iter()
                .flatten()
                .find(|d| d.replies.iter().any(|r| r == reply));
            ok = match known.map(|d| (d, d.answer.as_ref())) {
                Some((d, Some(a))) => {
                    // Only the first reply's line is in the proof.
                    let line = (d.replies[0] == reply).then_some(&a.defences[..]);
                    self.win(g, d.moves, &a.actions, line, &mut prev).is_some()
                }
                Some((_, None)) => false,
                None => match proof::prove(g, n) {
                    Proof::Win(w) => {
                        let first = &w.first;
                        let line = Some(&first.defences[..]);
                        self.win(g, w.moves, &first.actions, line, &mut prev)
                            .is_some()
                    }
                    Proof::NoWin { .. } => false,
                },
            };
            ok
        });
        ok.then_some(())
    }

    /// "No win within `m`": a refutation of each try (none for `m` = 1).
    fn no_win(&mut self, g: &mut Game, m: u32) -> Option<()> {
        if m == 1 {
            return Some(());
        }
        let mut prev = None;
        let mut ok = true;
        each_turn(g, &mut Vec::new(), &mut |g, _| {
            if !g.settled_result().is_over() {
                ok = self.refute(g, m - 1, &mut prev).is_some();
            }
            ok
        });
        ok.then_some(())
    }

    /// The loser to move after a try: writes a reply that leaves `me` no
    /// win within `m`, and what shows it.
    fn refute(&mut self, g: &mut Game, m: u32, prev: &mut Option<Vec<Action>>) -> Option<()> {
        let reply = self.refutation(g, m, prev.as_deref())?;
        self.turn("", &reply, prev);
        let done = play(g, &reply).ok()?;
        let rest = if g.settled_result().is_over() {
            Some(())
        } else {
            self.no_win(g, m)
        };
        unplay(g, done);
        rest
    }

    /// A reply of the loser after which `me` has no win within `m`
    /// (`prev`, the last try's, first: one defence often meets many).
    fn refutation(&self, g: &mut Game, m: u32, prev: Option<&[Action]>) -> Option<Vec<Action>> {
        let me = self.me;
        let refutes = |g: &mut Game| {
            let r = g.settled_result();
            if r.is_over() {
                winner(r) != Some(me)
            } else {
                matches!(proof::prove(g, m), Proof::NoWin { .. })
            }
        };
        if let Some(p) = prev
            && let Ok(done) = play(g, p)
        {
            let yes = refutes(g);
            unplay(g, done);
            if yes {
                return Some(p.to_vec());
            }
        }
        let mut found = None;
        each_turn(g, &mut Vec::new(), &mut |g, reply| {
            if refutes(g) {
                found = Some(reply.to_vec());
            }
            found.is_none()
        });
        found
    }
}
