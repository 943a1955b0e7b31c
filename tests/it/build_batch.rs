//! `taflkit build` with several kits: one kit per variant and paper,
//! under the name a single build gives it and with the same bytes; one
//! summary line; a failed kit reported while the others are written.

use std::path::Path;

use crate::common::{self, stderr, stdout};

/// Runs taflkit in `dir` (without the person's paper settings).
fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    common::bin()
        .args(args)
        .current_dir(dir)
        .env_remove("TAFLKIT_PAPER")
        .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests")
        .output()
        .unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

#[test]
fn a_batch_writes_each_kit_as_a_single_build_would() {
    let tmp = tempfile::tempdir().unwrap();
    let o = run_in(
        tmp.path(),
        &[
            "build",
            "brandubh",
            "magpie",
            "--paper",
            "a4,letter",
            "--out-dir",
            "kits",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "", "not a terminal: nothing but the summary");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "one summary line: {err}");
    assert!(err.starts_with("4 of 4 kits written in kits"), "{err}");
    let kits = tmp.path().join("kits");
    let written = names(&kits);
    assert_eq!(written.len(), 4, "{written:?}");
    // Each kit is the one a single build writes, name and bytes.
    for (variant, paper) in [("brandubh", "a4"), ("magpie", "letter")] {
        let single = tmp.path().join("single");
        std::fs::create_dir_all(&single).unwrap();
        let o = run_in(&single, &["build", variant, "--paper", paper]);
        assert!(o.status.success(), "{}", stderr(&o));
        let name = stdout(&o).trim().to_string();
        assert!(written.contains(&name), "{name} not in {written:?}");
        let alone = std::fs::read(single.join(&name)).unwrap();
        assert!(alone == std::fs::read(kits.join(&name)).unwrap(), "{name}");
    }
}

#[test]
fn a_failed_kit_is_reported_and_the_others_written() {
    let tmp = tempfile::tempdir().unwrap();
    let bad = common::file(tmp.path(), "bad.toml", "size = \"eleven\"\n");
    let o = run_in(
        tmp.path(),
        &["build", "brandubh", &bad, "--paper", "a4", "--out-dir", "k"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("bad.toml"),
        "the failed kit's file is named: {err}"
    );
    assert!(err.contains("1 of 2 kits written"), "{err}");
    assert_eq!(names(&tmp.path().join("k")), ["brandubh-viking-a4.pdf"]);
}

#[test]
fn a_batch_refuses_one_file_name_and_a_single_kit_a_paper_list() {
    let tmp = tempfile::tempdir().unwrap();
    let o = run_in(tmp.path(), &["build", "brandubh", "magpie", "-o", "x.pdf"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("-o: error:"), "{}", stderr(&o));
    let o = run_in(
        tmp.path(),
        &[
            "preview",
            "brandubh",
            "--paper",
            "a4,letter",
            "--out-dir",
            "p",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("--paper: error:"), "{}", stderr(&o));
    let o = run_in(tmp.path(), &["build", "--all", "york"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "--all with a variant is a usage error"
    );
    assert!(names(tmp.path()).is_empty(), "nothing written");
}

#[test]
fn a_language_list_makes_one_kit_per_language_and_preview_takes_one() {
    let tmp = tempfile::tempdir().unwrap();
    let o = run_in(
        tmp.path(),
        &[
            "build",
            "brandubh",
            "--lang",
            "en,fr",
            "--paper",
            "a4",
            "--out-dir",
            "k",
        ],
    );
    // One kit per language, the non-English one named with its code.
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("2 of 2 kits written"), "{}", stderr(&o));
    assert_eq!(
        names(&tmp.path().join("k")),
        ["brandubh-viking-a4-fr.pdf", "brandubh-viking-a4.pdf"]
    );
    let o = run_in(
        tmp.path(),
        &["preview", "brandubh", "--lang", "en,fr", "--out-dir", "p"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("--lang: error:"), "{}", stderr(&o));
}
