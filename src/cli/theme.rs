//! `taflkit new-theme`: write a starting theme folder.
//!
//! SKELETON: filled in by the theme work.

use super::args::NewThemeArgs;
use crate::error::Failure;

pub fn new_theme(_a: &NewThemeArgs) -> Result<(), Failure> {
    Err(Failure::option("new-theme", "not built yet"))
}
