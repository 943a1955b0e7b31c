//! The puzzle cache: a kit's puzzles kept in the user's cache folder
//! (`$XDG_CACHE_HOME/taflkit`, else `~/.cache/taflkit`), so the search
//! for them runs once per (variant, options, engine) instead of on every
//! build.
//!
//! A cache entry is never trusted. It names everything that decided its
//! puzzles (the checked variant's rules and layout, how many were looked
//! for, the seed and the effort, and a fingerprint of the engine's
//! source), ends in a checksum of all that precedes it, and each puzzle
//! in it is proven again from the position as written before it is used:
//! by its proof certificate ([`certificate::check`]), which the entry
//! keeps beside it, so the proof is a walk over the written lines instead
//! of the search again. An entry that is missing, damaged, foreign
//! (another key), from another engine or whose puzzle does not prove by
//! its certificate (a wrong move, a reply left out, a refutation that
//! does not refute, text cut short) is a [`Miss`]: the caller searches
//! and writes a fresh entry over it. Writing is best effort (a read-only
//! or missing folder only costs the search next time) and atomic (a
//! temporary file renamed over the entry), so a reader never sees half an
//! entry.
//!
//! The kit is the same with and without the cache: an entry holds what is
//! drawn (the board, the side to move, the number of moves, the answer)
//! and the certificate, from which the check builds the very proof
//! ([`Win`]) the search gave, and nothing else reaches the page.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::rules::certificate::{self, Certificate};
use crate::rules::proof::Win;
use crate::rules::puzzles::{Effort, Puzzle};
use crate::rules::solver::Action;
use crate::rules::{Game, Side, Variant};

/// The first line of every entry; a new layout of the file gets a new
/// number.
const MAGIC: &str = "taflkit puzzle cache 2";

/// FNV-1a, 64 bits: a checksum that catches damage, not an attacker
/// (the puzzles are proven again anyway).
pub const fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A fingerprint of the code that decides which puzzles are found: any
/// change to the engine, the search, the solver, the finder or the kit's
/// puzzle page makes every old entry "another version", so a new build
/// never prints an old build's puzzles. Every file of `src/rules` but the
/// variant file reader and the module list is in it (a test keeps it so).
pub const ENGINE: u64 = {
    let mut h = fnv(env!("CARGO_PKG_VERSION").as_bytes(), FNV_START);
    h = fnv(include_bytes!("../rules/engine.rs"), h);
    h = fnv(include_bytes!("../rules/lines.rs"), h);
    h = fnv(include_bytes!("../rules/search.rs"), h);
    h = fnv(include_bytes!("../rules/solver.rs"), h);
    h = fnv(include_bytes!("../rules/puzzles.rs"), h);
    h = fnv(include_bytes!("../rules/threats.rs"), h);
    h = fnv(include_bytes!("../rules/proof.rs"), h);
    h = fnv(include_bytes!("../rules/certificate.rs"), h);
    h = fnv(include_bytes!("../rules/players.rs"), h);
    h = fnv(include_bytes!("../rules/notation.rs"), h);
    h = fnv(include_bytes!("../rules/variant.rs"), h);
    fnv(include_bytes!("puzzle_page.rs"), h)
};

/// Everything that decides a kit's puzzles, as one line of text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key(String);

impl Key {
    /// The variant enters as its rules and layout: the search plays it
    /// through [`Game::new`] (and `printed` reads drawn positions back
    /// through [`Game::from_diagram`]), which read neither its names nor
    /// its theme nor an option left off, and its id and the options on
    /// reach the games only through `seed`. So a built-in read back from
    /// its OpenTafl rules string (another name, no theme, no options off)
    /// shares the built-in's entry, as it gets the same puzzles.
    pub fn new(variant: &Variant, count: usize, seed: u64, effort: &Effort) -> Key {
        let rules = Variant {
            id: String::new(),
            name: String::new(),
            default_theme: None,
            options: variant
                .options
                .iter()
                .filter(|o| o.enabled)
                .cloned()
                .collect(),
            ..variant.clone()
        };
        // Debug forms escape newlines, so the key stays one line.
        Key(format!("{count} {seed} {effort:?} {rules:?}"))
    }

    /// The entry's file name in the cache folder.
    fn file_name(&self) -> String {
        format!("puzzles-{:016x}.txt", fnv(self.0.as_bytes(), FNV_START))
    }
}

/// Why an entry was not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// No entry, or it could not be read.
    Absent,
    /// Not an entry this program wrote whole: a wrong first line, a bad
    /// checksum, a line it cannot read.
    Damaged,
    /// An entry for other inputs (another variant, seed or effort).
    Foreign,
    /// Written by another version of the engine.
    OtherVersion,
    /// A puzzle in it does not prove by its certificate.
    Unproven,
}

/// The folder kits read and write entries in; none until [`enable`].
static FOLDER: OnceLock<PathBuf> = OnceLock::new();

/// Makes kits use `folder` for the rest of the process. The command line
/// does this with [`user_folder`]; the library alone (tests, benches,
/// programs that embed it) writes nothing to disk unless it asks.
pub fn enable(folder: PathBuf) {
    let _ = FOLDER.set(folder);
}

/// The folder [`enable`] set.
pub fn active() -> Option<&'static Path> {
    FOLDER.get().map(PathBuf::as_path)
}

/// The user's cache folder: `$XDG_CACHE_HOME/taflkit` when that is an
/// absolute path (the XDG rule: a relative one is ignored), else
/// `$HOME/.cache/taflkit`; `None` when neither is known.
pub fn user_folder() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = xdg.or_else(|| {
        std::env::var_os("HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .map(|h| h.join(".cache"))
    })?;
    Some(base.join("taflkit"))
}

/// The entry for `key` in `folder`, each puzzle proven again by its
/// certificate.
pub fn load(folder: &Path, key: &Key, variant: &Variant) -> Result<Vec<Puzzle>, Miss> {
    let text = std::fs::read_to_string(folder.join(key.file_name())).map_err(|_| Miss::Absent)?;
    parse(&text, key, variant)
}

/// Writes the entry for `key`, replacing any; errors are the caller's to
/// ignore (the cache only saves time). A puzzle whose certificate cannot
/// be written (the proof's search disagreeing with itself) leaves the
/// entry unwritten: an entry without it would never check.
pub fn store(folder: &Path, key: &Key, found: &[Puzzle]) -> std::io::Result<()> {
    let text = write(key, found).ok_or_else(|| std::io::Error::other("no certificate"))?;
    std::fs::create_dir_all(folder)?;
    let mut tmp = tempfile::NamedTempFile::new_in(folder)?;
    tmp.write_all(text.as_bytes())?;
    tmp.persist(folder.join(key.file_name()))
        .map_err(|e| e.error)?;
    Ok(())
}

/// The text of an entry: header, one block per puzzle (the position, the
/// answer, the proof's certificate), checksum; `None` when a certificate
/// cannot be written.
pub fn write(key: &Key, found: &[Puzzle]) -> Option<String> {
    let mut body = format!("{MAGIC}\nengine {ENGINE:016x}\nkey {}\n", key.0);
    for p in found {
        let answer: Vec<String> = p.solution.iter().map(|a| a.to_string()).collect();
        body.push_str(&format!("puzzle {} {}\n", p.to_move().id(), p.moves));
        for row in p.game.diagram().lines() {
            body.push_str(&format!("row {row}\n"));
        }
        body.push_str(&format!("answer {}\n", answer.join(" ")));
        let proof = certificate::certify(&p.game, &p.proof)?;
        body.push_str(&format!("proof {}\n", proof.as_str()));
    }
    let sum = fnv(body.as_bytes(), FNV_START);
    body.push_str(&format!("checksum {sum:016x}\n"));
    Some(body)
}

/// Reads an entry's text for `key`, each puzzle proven again from its
/// position as written by its certificate ([`certificate::check`]), its
/// answer the proof's.
pub fn parse(text: &str, key: &Key, variant: &Variant) -> Result<Vec<Puzzle>, Miss> {
    let (body, last) = text
        .trim_end_matches('\n')
        .rsplit_once('\n')
        .ok_or(Miss::Damaged)?;
    let body = &text[..body.len() + 1];
    let sum = last.strip_prefix("checksum ").ok_or(Miss::Damaged)?;
    if u64::from_str_radix(sum, 16).ok() != Some(fnv(body.as_bytes(), FNV_START)) {
        return Err(Miss::Damaged);
    }
    let mut lines = body.lines();
    if lines.next() != Some(MAGIC) {
        return Err(Miss::Damaged);
    }
    let engine = lines.next().and_then(|l| l.strip_prefix("engine "));
    if engine.and_then(|e| u64::from_str_radix(e, 16).ok()) != Some(ENGINE) {
        return Err(Miss::OtherVersion);
    }
    if lines.next().and_then(|l| l.strip_prefix("key ")) != Some(key.0.as_str()) {
        return Err(Miss::Foreign);
    }
    let mut found = Vec::new();
    let mut lines = lines.peekable();
    while let Some(head) = lines.next() {
        let mut rows = String::new();
        while let Some(row) = lines.peek().and_then(|l| l.strip_prefix("row ")) {
            rows.push_str(row);
            rows.push('\n');
            lines.next();
        }
        let answer = lines.next().and_then(|l| l.strip_prefix("answer "));
        let (game, moves, solution) = puzzle(head, &rows, answer, variant).ok_or(Miss::Damaged)?;
        let proof = lines.next().and_then(|l| l.strip_prefix("proof "));
        let proof = Certificate::from_text(proof.ok_or(Miss::Damaged)?);
        let p = checked(&game, moves, &proof).ok_or(Miss::Unproven)?;
        if p.solution != solution {
            return Err(Miss::Unproven);
        }
        found.push(p);
    }
    Ok(found)
}

/// The puzzle of a position read back, as drawn, proven by its
/// certificate: what [`crate::rules::puzzles::proven`] gives from the
/// proof's search.
fn checked(game: &Game, moves: u32, proof: &Certificate) -> Option<Puzzle> {
    let game = game.as_drawn();
    let win: Win = certificate::check(&game, moves, proof).ok()?;
    Some(Puzzle {
        solution: win.line(),
        game,
        moves,
        proof: win,
    })
}

/// One puzzle's position, moves and answer from its lines (`None`:
/// unreadable).
fn puzzle(
    head: &str,
    rows: &str,
    answer: Option<&str>,
    variant: &Variant,
) -> Option<(Game, u32, Vec<Action>)> {
    let mut words = head.strip_prefix("puzzle ")?.split(' ');
    let side = match words.next()? {
        "attackers" => Side::Attackers,
        "defenders" => Side::Defenders,
        _ => return None,
    };
    let moves = words.next()?.parse().ok()?;
    let game = Game::from_diagram(variant, rows, side).ok()?;
    let solution = answer?
        .split(' ')
        .map(Action::parse)
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    Some((game, moves, solution))
}
