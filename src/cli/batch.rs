//! `taflkit build` with several kits (a batch): several variants, a
//! `--paper` list, or `--all` (every built-in variant in its own theme),
//! one kit per combination under its usual name in `--out-dir`.
//!
//! The inputs are read one after another (so each file's warnings come
//! out once and in order), then the kits are laid out, drawn and written
//! on every core (rayon); kits of one variant share its puzzles and
//! figures (`kit::memo`). On a terminal a progress bar shows the count;
//! otherwise nothing is printed but the warnings, the failures and one
//! summary line. A kit that fails is reported and the others are still
//! written; the exit status is then 1.

use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::args::{BuildArgs, KitArgs, PaperArg};
use super::build::{self, Resolved};
use super::report;
use super::target;
use crate::error::{Diagnostic, Failure};
use crate::render;
use crate::rules;

/// Whether `args` ask for a batch rather than one kit.
pub fn wanted(args: &BuildArgs) -> bool {
    args.all || !args.more.is_empty() || args.kit.paper.len() > 1 || args.out_dir.is_some()
}

/// The arguments of each kit of the batch, one per variant and paper, in
/// the order typed (each combination once).
fn kits(args: &BuildArgs) -> Vec<KitArgs> {
    let typed: Vec<String> = if args.all {
        rules::builtin_ids().iter().map(|s| s.to_string()).collect()
    } else {
        let first = args.kit.variant.clone();
        let first = first.unwrap_or_else(|| build::DEFAULT_VARIANT.to_string());
        std::iter::once(first)
            .chain(args.more.iter().cloned())
            .collect()
    };
    let variants = distinct(
        typed
            .iter()
            .map(|v| build::builtin_id(v, rules::builtin_ids())),
    );
    let papers: Vec<Option<PaperArg>> = if args.kit.paper.is_empty() {
        vec![None]
    } else {
        distinct(args.kit.paper.iter().copied())
            .into_iter()
            .map(Some)
            .collect()
    };
    let mut out = Vec::new();
    for v in &variants {
        for p in &papers {
            out.push(KitArgs {
                variant: Some(v.clone()),
                paper: p.iter().copied().collect(),
                ..args.kit.clone()
            });
        }
    }
    out
}

/// `items` without repeats, first one kept.
fn distinct<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// What one kit of the batch came to.
struct Done {
    /// The kit's warnings (figures its board cannot show).
    warnings: Vec<Diagnostic>,
}

pub fn build(args: &BuildArgs) -> Result<(), Failure> {
    if args.output.is_some() {
        return Err(Failure::option(
            "-o",
            "names the file of one kit; a batch writes each kit under its usual name into --out-dir",
        ));
    }
    let dir = args.out_dir.clone().unwrap_or_else(|| PathBuf::from("."));
    let kits = kits(args);
    let resolved: Vec<Result<Resolved, Failure>> = kits.iter().map(build::resolve).collect();
    std::fs::create_dir_all(&dir).map_err(|e| {
        Failure::option("--out-dir", format!("cannot create {}: {e}", dir.display()))
    })?;
    let started = Instant::now();
    let bar = report::progress(kits.len() as u64, "kits {pos}/{len} {wide_bar} {elapsed}");
    let results: Vec<Result<Done, Failure>> = kits
        .par_iter()
        .zip(resolved.par_iter())
        .map(|(k, r)| {
            let done = match r {
                Ok(r) => one(k, r, &dir, args.split),
                Err(f) => Err(f.clone()),
            };
            bar.inc(1);
            done
        })
        .collect();
    bar.finish_and_clear();
    let mut warnings = Vec::new();
    let mut failed = 0;
    for r in &results {
        match r {
            Ok(done) => warnings.extend(done.warnings.iter().cloned()),
            Err(f) => {
                failed += 1;
                report::failure(f);
            }
        }
    }
    report::warn_all(&distinct(warnings.into_iter()));
    let written = results.len() - failed;
    let summary = format!(
        "{written} of {} kits written in {} ({:.1} s)",
        results.len(),
        report::path(&dir),
        started.elapsed().as_secs_f64()
    );
    if failed > 0 {
        return Err(Failure::new(Diagnostic::error(
            "build",
            format!("{summary}; {failed} failed"),
        )));
    }
    report::note(summary);
    Ok(())
}

/// Lays out, draws and writes one kit (and its print jobs with
/// `--split`) under its usual name in `dir`. Nothing is written when
/// anything fails.
fn one(args: &KitArgs, r: &Resolved, dir: &Path, split: bool) -> Result<Done, Failure> {
    let kit = build::finish_kit(args, r)?;
    let path = dir.join(format!("{}.pdf", build::default_name(r, args)));
    let mut files = vec![(
        target::check(&path, &r.inputs)?,
        render::pdf(&kit.document)?,
    )];
    if split {
        for (kind, doc) in kit.job_documents() {
            let file = build::job_path(&path, kind.id());
            files.push((target::check(&file, &r.inputs)?, render::pdf(&doc)?));
        }
    }
    for (real, bytes) in &files {
        target::write_atomically(real, bytes)?;
    }
    Ok(Done {
        warnings: build::named(&kit.warnings, args.variant.as_deref()),
    })
}
