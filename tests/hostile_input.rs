//! Hostile input (issue 12): files that are not what they claim. Each case
//! must end with exit 1 and a message naming the file, promptly, without
//! reading a device or waiting on a pipe.

use std::process::{Command, Output};

fn taflkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_taflkit"))
        .args(args)
        .output()
        .expect("run taflkit")
}

fn refused(args: &[&str], expect: &str) {
    let o = taflkit(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.contains(expect), "{args:?}: {err}");
}

#[test]
fn devices_are_not_read_as_variant_or_position_files() {
    // /dev/zero is endless: read whole, it would fill memory.
    refused(
        &["validate", "/dev/zero"],
        "/dev/zero: error: cannot read it: it is not a regular file",
    );
    refused(&["play", "/dev/zero"], "not a regular file");
    refused(
        &[
            "play",
            "york",
            "--from",
            "/dev/zero",
            "--to-move",
            "attackers",
        ],
        "/dev/zero: error: cannot read it: it is not a regular file",
    );
}

#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("v.toml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: nothing to test
    }
    // Nothing ever writes to the pipe: reading it would block forever.
    refused(&["validate", fifo.to_str().unwrap()], "not a regular file");
}

#[test]
fn an_oversized_variant_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.toml");
    let mut text = String::from("id = \"x\"\n");
    while text.len() <= (1 << 20) {
        text.push_str("# padding padding padding padding padding padding\n");
    }
    std::fs::write(&big, text).unwrap();
    refused(&["validate", big.to_str().unwrap()], "larger than 1024 KiB");
}

/// Item 6: numbers a theme cannot mean are errors at the value.
#[test]
fn non_finite_and_out_of_range_theme_numbers_are_located() {
    for (value, expect) in [
        (
            "inf",
            ":2:11: error: 'pieces.king_mm' must be a finite number, not inf",
        ),
        (
            "nan",
            ":2:11: error: 'pieces.king_mm' must be a finite number, not nan",
        ),
        (
            "-inf",
            ":2:11: error: 'pieces.king_mm' must be a finite number",
        ),
        ("1e308", ":2:11: error: 'pieces.king_mm' must be between"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("theme.toml"),
            format!("[pieces]\nking_mm = {value}\n"),
        )
        .unwrap();
        refused(&["validate", dir.path().to_str().unwrap()], expect);
    }
}

/// Item 8: a control character in a variant's name would reach the page.
#[test]
fn control_characters_in_a_variant_name_are_refused_where_written() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path().join("v.toml");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/york.toml"))
        .unwrap();
    let line = text.lines().position(|l| l.starts_with("name =")).unwrap() + 1;
    let bad: String = text
        .lines()
        .map(|l| {
            if l.starts_with("name =") {
                "name = \"Bad\\u0000\\u001b[2J\""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&v, bad).unwrap();
    refused(
        &["validate", v.to_str().unwrap()],
        &format!(":{line}:8: error: 'name' must be one line of text (no control characters)"),
    );
}
