//! `taflkit rules`: print the generated rules text.
//!
//! SKELETON: filled in by the leaflet work.

use super::args::RulesArgs;
use crate::error::Failure;

pub fn rules(_a: &RulesArgs) -> Result<(), Failure> {
    Err(Failure::option("rules", "not built yet"))
}
