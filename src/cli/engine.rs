//! `list`, `validate`, `play` and `perft`.
//!
//! SKELETON: filled in by the engine work.

use super::args::{PerftArgs, PlayArgs, ValidateArgs};
use crate::error::Failure;

pub fn list() -> Result<(), Failure> {
    for id in crate::rules::builtin_ids() {
        println!("{id}");
    }
    Ok(())
}

pub fn validate(_a: &ValidateArgs) -> Result<(), Failure> {
    Err(Failure::option("validate", "not built yet"))
}

pub fn play(_a: &PlayArgs) -> Result<(), Failure> {
    Err(Failure::option("play", "not built yet"))
}

pub fn perft(_a: &PerftArgs) -> Result<(), Failure> {
    Err(Failure::option("perft", "not built yet"))
}
