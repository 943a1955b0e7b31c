//! Where a word may be broken at a line's end, with a hyphen: the
//! Knuth–Liang patterns of the text's language (the `hypher` crate), or
//! the points a theme marked in a word with soft hyphens.

use std::sync::Arc;

/// The soft hyphen (U+00AD) marking where a word may be broken.
pub const SOFT_HYPHEN: char = '\u{AD}';

/// How text is hyphenated: by a language's patterns, but for words whose
/// break points are given (a theme's names, written with soft hyphens
/// where the patterns would break them wrongly: "Nort-humbrier").
#[derive(Clone, Debug)]
pub struct Hyphenation {
    patterns: hypher::Lang,
    /// Each given word without its marks, and the byte offsets of its
    /// breaks.
    given: Arc<[(String, Vec<usize>)]>,
}

impl Hyphenation {
    /// Hyphenation by `patterns`, but for the `marked` words (each with a
    /// soft hyphen at every point it may be broken).
    pub fn new(patterns: hypher::Lang, marked: &[String]) -> Hyphenation {
        let given = marked
            .iter()
            .map(|w| {
                let mut word = String::new();
                let mut breaks = Vec::new();
                for c in w.chars() {
                    if c == SOFT_HYPHEN {
                        breaks.push(word.len());
                    } else {
                        word.push(c);
                    }
                }
                breaks.retain(|&b| b > 0 && b < word.len());
                breaks.dedup();
                (word, breaks)
            })
            .collect();
        Hyphenation { patterns, given }
    }

    /// The pieces of `word` between which a hyphen may go: where the theme
    /// marked it (whatever the letters' case), else where the patterns
    /// allow. `word` may be the rest of a marked word already broken once
    /// (its next line starts there).
    pub fn pieces<'w>(&self, word: &'w str) -> Vec<&'w str> {
        let lower = word.to_lowercase();
        let given = self.given.iter().find_map(|(w, breaks)| {
            let skip = w.len().checked_sub(word.len())?;
            let rest = w.get(skip..)?;
            let whole_or_rest = skip == 0 || breaks.contains(&skip);
            (whole_or_rest && rest.to_lowercase() == lower).then_some((skip, breaks))
        });
        match given {
            Some((skip, breaks)) => {
                let mut cuts = vec![0];
                cuts.extend(
                    breaks
                        .iter()
                        .filter(|&&b| b > skip)
                        .map(|b| b - skip)
                        .filter(|&b| word.is_char_boundary(b)),
                );
                cuts.push(word.len());
                cuts.windows(2).map(|c| &word[c[0]..c[1]]).collect()
            }
            None => hypher::hyphenate(word, self.patterns).collect(),
        }
    }
}
