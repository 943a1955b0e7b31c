//! The tests of `src/theme/format.rs` that were its unit tests.

use taflkit::layout::Rgb;
use taflkit::theme::format::*;

#[test]
fn hex_colours() {
    assert_eq!(parse_hex("#1e4a8c"), Some(Rgb(0x1e, 0x4a, 0x8c)));
    assert_eq!(parse_hex("#18c"), Some(Rgb(0x11, 0x88, 0xcc)));
    assert_eq!(parse_hex("1e4a8c"), None);
    assert_eq!(parse_hex("#12345"), None);
    assert_eq!(parse_hex("#ggg"), None);
}

#[test]
fn plurals() {
    assert_eq!(plural("ship"), "ships");
    assert_eq!(plural("witch"), "witches");
    assert_eq!(plural("ally"), "allies");
    assert_eq!(plural("boy"), "boys");
}

#[test]
fn key_lists_are_the_format_structs_fields() {
    use taflkit::diagnostics::toml::keys_of;
    assert_eq!(keys_of::<ThemeFile>(), TOP_KEYS);
    assert_eq!(keys_of::<NounFile>(), NOUN_KEYS);
    assert_eq!(keys_of::<PiecesFile>(), PIECE_KEYS);
}
