//! OpenTafl notation (OTN), the tafl world's shared text formats: position
//! records ([`position`]), move records ([`moves`], in) and rules strings ([`rules`] out, [`read`] in).
//! The spec is OpenTafl's `opentafl-notation-spec.txt`; `docs/variants.md`
//! maps its keys to taflkit's.

pub mod moves;
pub mod position;
pub mod read;
pub mod rules;

pub use position::{Board, Order};
