//! taflkit: print-and-play kits for tafl games.
//!
//! Data flows one way, and the modules follow it:
//! [`rules`] (variant files, the engine, setup checks) and [`theme`] feed
//! [`kit`] (the plan: which components, laid out onto sheets), which
//! produces a [`layout::Document`] (pages of primitives in millimetres) that
//! the [`render`] backends draw as PDF, SVG or PNG. The command line
//! (`src/main.rs`, `cli`) is a thin layer over these.

pub mod cli;
pub mod diagnostics;
/// The former name of [`diagnostics`], kept so existing paths still read.
pub use diagnostics as error;
pub mod kit;
pub mod layout;
pub mod render;
pub mod rules;
pub mod theme;
pub mod units;
pub mod words;
