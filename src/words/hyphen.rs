//! Hyphenation: where a long word may be broken across lines, by the
//! Knuth–Liang patterns the `hypher` crate embeds (only the languages
//! taflkit prints, so the binary carries about 400 KB of patterns). The
//! language's `grammar.toml` names its patterns (`hyphenation = "de"`);
//! the languages of long compounds (nb, sv, da, de) do, and a kit's
//! fonts carry them ([`crate::layout::text::FontSet::with_hyphenation`])
//! to the line breaker, which breaks a word only where they allow.

use super::Lang;
use crate::layout::text::Hyphenation;

/// A word shorter than this is never broken: too little to gain.
pub const MIN_WORD: usize = 6;

/// The patterns of `lang`, if it is set with hyphens (its
/// `grammar.toml` names them).
pub fn patterns(lang: Lang) -> Option<hypher::Lang> {
    let code = lang.words().grammar.hyphenation.as_deref()?;
    let bytes: [u8; 2] = code.as_bytes().try_into().ok()?;
    hypher::Lang::from_iso(bytes)
}

/// How a kit in `lang` is hyphenated: its patterns, with the theme's
/// `marked` words broken only where it marked them; `None` where the
/// language is set without hyphens.
pub fn for_kit(lang: Lang, marked: &[String]) -> Option<Hyphenation> {
    Some(Hyphenation::new(patterns(lang)?, marked))
}

/// The pieces of `word` between which a hyphen may go ("Ver", "tei",
/// "di", "ger"); the whole word alone when it may not be broken.
pub fn syllables(word: &str, lang: Lang) -> Vec<&str> {
    let letters = word.chars().filter(|c| c.is_alphabetic()).count();
    match patterns(lang) {
        Some(p) if letters >= MIN_WORD && word.chars().all(char::is_alphabetic) => {
            hypher::hyphenate(word, p).collect()
        }
        _ => vec![word],
    }
}
