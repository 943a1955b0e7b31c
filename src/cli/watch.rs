//! `taflkit watch`: build, then rebuild whenever a file of the variant or
//! the theme changes, reporting errors without stopping (like `typst
//! watch`). Files are polled twice a second by size and modification time:
//! no extra crate, and it works the same on every system and file system.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::args::WatchArgs;
use super::build::{self, Output};
use super::report;
use crate::error::{Diagnostic, Failure};

/// How often the files are looked at.
const POLL: Duration = Duration::from_millis(500);
/// Most files of a theme folder watched (a theme is a few dozen).
const MAX_FILES: usize = 2_000;

/// One file as last seen.
type Stamp = (PathBuf, Option<SystemTime>, u64);

/// The files a kit is built from, with their sizes and times.
fn stamps(paths: &[PathBuf]) -> Vec<Stamp> {
    let mut out = Vec::new();
    let mut todo: Vec<PathBuf> = paths.to_vec();
    while let Some(p) = todo.pop() {
        if out.len() >= MAX_FILES {
            break;
        }
        let Ok(meta) = std::fs::metadata(&p) else {
            out.push((p, None, 0));
            continue;
        };
        if meta.is_dir() {
            if let Ok(entries) = std::fs::read_dir(&p) {
                let mut children: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
                children.sort();
                todo.extend(children);
            }
        } else {
            out.push((p, meta.modified().ok(), meta.len()));
        }
    }
    out.sort();
    out
}

/// The variant file and theme folder named (built-in ids have no files).
fn watched(args: &WatchArgs) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for arg in [args.kit.variant.as_deref(), args.kit.theme.as_deref()]
        .into_iter()
        .flatten()
    {
        if Path::new(arg).exists() {
            paths.push(PathBuf::from(arg));
        }
    }
    paths
}

/// One build; returns the file to open.
fn once(args: &WatchArgs) -> Result<PathBuf, Failure> {
    let (r, kit) = build::plan_kit(&args.kit)?;
    match &args.out_dir {
        Some(dir) => {
            build::write_preview(&kit, dir, &r.inputs, args.dpi)?;
            Ok(dir.join("page-01.png"))
        }
        None => {
            let output = match &args.output {
                Some(p) => Output::from_arg(p)?,
                None => Output::Pdf(PathBuf::from(format!(
                    "{}.pdf",
                    build::default_name(&r, &args.kit)
                ))),
            };
            if output == Output::Stdout {
                return Err(Failure::option(
                    "-o",
                    "watch writes files; give a file name, not -",
                ));
            }
            let files = build::write_kit(&kit, &output, &r.inputs, args.dpi)?;
            Ok(files.into_iter().next().unwrap_or_default())
        }
    }
}

/// Opens a file with the desktop's viewer, without waiting for it.
fn open(path: &Path) {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    let spawned = cmd
        .arg(path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        report::warn(&Diagnostic::warning(
            "--open",
            format!("cannot start a viewer for {}: {e}", path.display()),
        ));
    }
}

pub fn watch(args: &WatchArgs) -> Result<(), Failure> {
    let mut seen = Vec::new();
    let mut builds = 0u32;
    let mut opened = false;
    loop {
        let now = stamps(&watched(args));
        if builds == 0 || now != seen {
            seen = now;
            builds += 1;
            let started = std::time::Instant::now();
            match once(args) {
                Ok(path) => {
                    report::note(format!(
                        "watch: built in {} ms; waiting for changes (Ctrl-C stops)",
                        started.elapsed().as_millis()
                    ));
                    if args.open && !opened {
                        open(&path);
                        opened = true;
                    }
                }
                Err(f) => {
                    report::failure(&f);
                    report::note("watch: fix the problem and save; waiting for changes");
                }
            }
            if args.builds.is_some_and(|n| builds >= n) {
                return Ok(());
            }
        }
        std::thread::sleep(POLL);
    }
}
