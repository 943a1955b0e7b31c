//! The puzzle cache as a user meets it: a kit is the same bytes whether
//! its puzzles come from the search or from the cache folder, and an
//! entry that is damaged, foreign, from another engine, not a proof, or
//! that cannot be written changes nothing in the kit.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the Brandubh kit (the quickest with a puzzle page) with
/// `XDG_CACHE_HOME=cache` and returns its bytes.
fn build(cache: &Path, out: &Path) -> Vec<u8> {
    let o = Command::new(env!("CARGO_BIN_EXE_taflkit"))
        .args(["build", "brandubh", "-q", "-o"])
        .arg(out)
        .env("XDG_CACHE_HOME", cache)
        .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests")
        .env_remove("TAFLKIT_PAPER")
        .output()
        .expect("taflkit runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read(out).expect("the kit was written")
}

/// The one entry in a cache folder after one kit.
fn entry(cache: &Path) -> PathBuf {
    let files: Vec<PathBuf> = std::fs::read_dir(cache.join("taflkit"))
        .expect("the cache folder was made")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one entry for one variant: {files:?}");
    files[0].clone()
}

/// FNV-1a 64, the entry's checksum as the cache's file layout describes it.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `text` with its checksum line made right for what precedes it.
fn resum(text: &str) -> String {
    let body = &text[..text.rfind("checksum ").expect("a checksum line")];
    format!("{body}checksum {:016x}\n", fnv(body.as_bytes()))
}

/// The kit without any cache, a cold and a warm build, and the entry the
/// cold build wrote.
struct Baseline {
    dir: tempfile::TempDir,
    kit: Vec<u8>,
    entry: PathBuf,
    text: String,
}

fn baseline() -> Baseline {
    let dir = tempfile::tempdir().unwrap();
    // No cache at all: the cache folder's place is a file.
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "not a folder").unwrap();
    let kit = build(&blocked, &dir.path().join("none.pdf"));
    let cache = dir.path().join("cache");
    assert_eq!(build(&cache, &dir.path().join("cold.pdf")), kit, "cold");
    let entry = entry(&cache);
    let text = std::fs::read_to_string(&entry).unwrap();
    assert_eq!(build(&cache, &dir.path().join("warm.pdf")), kit, "warm");
    Baseline {
        dir,
        kit,
        entry,
        text,
    }
}

/// Writes `bad` as the entry, builds, and checks the kit is the same and
/// the entry was replaced by a good one.
fn survives(b: &Baseline, what: &str, bad: &str) {
    std::fs::write(&b.entry, bad).unwrap();
    let kit = build(&b.dir.path().join("cache"), &b.dir.path().join("again.pdf"));
    assert!(kit == b.kit, "{what}: the kit changed");
    let now = std::fs::read_to_string(&b.entry).unwrap();
    assert_eq!(now, b.text, "{what}: the entry was not replaced");
}

#[test]
fn a_bad_entry_changes_nothing_and_is_replaced() {
    let b = baseline();
    assert!(b.text.contains("\npuzzle "), "the entry holds puzzles");
    survives(&b, "empty", "");
    survives(&b, "cut in half", &b.text[..b.text.len() / 2]);
    survives(&b, "not text", "\u{0}\u{1}\u{ff}garbage");
    // One byte changed in an answer: the checksum no longer matches.
    let at = b.text.find("\nanswer ").unwrap() + 8;
    let mut flipped = b.text.clone().into_bytes();
    flipped[at] = if flipped[at] == b'a' { b'b' } else { b'a' };
    survives(&b, "a changed byte", &String::from_utf8(flipped).unwrap());
    // Another engine, checksum made right.
    let engine = b.text.lines().nth(1).unwrap();
    assert!(engine.starts_with("engine "), "{engine}");
    let other = b.text.replacen(engine, "engine 0123456789abcdef", 1);
    survives(&b, "another engine", &resum(&other));
    // Another variant's key in this variant's file, checksum made right.
    let key = b.text.lines().nth(2).unwrap();
    let foreign = b.text.replacen(key, &key.replace("brandubh", "tablut"), 1);
    survives(&b, "a foreign key", &resum(&foreign));
}

#[test]
fn an_entry_that_is_not_a_proof_is_not_printed() {
    let b = baseline();
    // Every puzzle's board replaced by Brandubh's start position, where
    // nobody wins in two: well formed, checksum right, and false.
    let start = taflkit::rules::Game::new(&taflkit::rules::builtin("brandubh").unwrap());
    let mut fake = String::new();
    let mut in_board = false;
    for line in b.text.lines() {
        if line.starts_with("row ") {
            if !in_board {
                for row in start.diagram().lines() {
                    fake.push_str(&format!("row {row}\n"));
                }
            }
            in_board = true;
            continue;
        }
        in_board = false;
        fake.push_str(line);
        fake.push('\n');
    }
    let fake = resum(&fake);
    assert_ne!(fake, b.text);
    survives(&b, "a false puzzle", &fake);
}

#[test]
fn a_cache_that_cannot_be_written_or_is_missing_changes_nothing() {
    let b = baseline();
    // The entry's place taken by a folder: it can be neither read nor
    // replaced.
    std::fs::remove_file(&b.entry).unwrap();
    std::fs::create_dir(&b.entry).unwrap();
    let kit = build(&b.dir.path().join("cache"), &b.dir.path().join("dir.pdf"));
    assert!(kit == b.kit, "entry unwritable: the kit changed");
    assert!(b.entry.is_dir());
    // A read-only cache folder with a good entry in it is still used
    // (and, for a user who cannot write it, never needs writing).
    let ro = b.dir.path().join("ro");
    std::fs::create_dir_all(ro.join("taflkit")).unwrap();
    std::fs::write(
        ro.join("taflkit").join(b.entry.file_name().unwrap()),
        &b.text,
    )
    .unwrap();
    set_read_only(&ro.join("taflkit"), true);
    let kit = build(&ro, &b.dir.path().join("ro.pdf"));
    set_read_only(&ro.join("taflkit"), false);
    assert!(kit == b.kit, "read-only folder: the kit changed");
    // A cache folder that does not exist yet is made.
    let missing = b.dir.path().join("not").join("yet");
    let kit = build(&missing, &b.dir.path().join("missing.pdf"));
    assert!(kit == b.kit, "missing folder: the kit changed");
    assert_eq!(std::fs::read_to_string(entry(&missing)).unwrap(), b.text);
}

fn set_read_only(dir: &Path, ro: bool) {
    use std::os::unix::fs::PermissionsExt;
    let mode = if ro { 0o555 } else { 0o755 };
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// The engine fingerprint that dates every cache entry
/// (`puzzle_cache::ENGINE`) reads every source file of the rules engine
/// the search runs on: a file left out (the threat looks' once were)
/// could change the puzzles found while old entries still pass for this
/// build's. Only the variant file reader (a variant enters the key
/// whole, as read) and the module list stand outside it.
#[test]
fn the_engine_fingerprint_reads_every_rules_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cache = std::fs::read_to_string(root.join("src/kit/puzzle_cache.rs")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root.join("src/rules")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let outside = ["file.rs", "mod.rs"].contains(&name.as_str());
        if name.ends_with(".rs") && !outside {
            let read = format!("include_bytes!(\"../rules/{name}\")");
            if !cache.contains(&read) {
                missing.push(name);
            }
        }
    }
    assert!(missing.is_empty(), "not in the fingerprint: {missing:?}");
}
