//! Rule placeholders in a theme's story and introduction: `{{ king_goal }}`
//! and the like, filled from the variant when a kit is made, so that a
//! story never states a rule its kit does not have.
//!
//! Only `{{ name }}` with a name from [`NAMES`] is filled; everything else
//! that looks like markup (`{{ 7 * 7 }}`, `{% … %}`) is text and printed
//! as written. A name that starts with a capital letter (`{{ King }}`)
//! gives its phrase with a capital, for the start of a sentence. The
//! phrases themselves are templates (`templates/placeholders.j2`), said in
//! the theme's names like every other rule sentence.

use std::ops::Range;

/// Every placeholder, with what it says (for `validate` and the docs).
pub const NAMES: &[(&str, &str)] = &[
    ("title", "the kit's title"),
    ("variant", "the name of the rule set"),
    ("king", "the king, with an article if he needs one"),
    ("attackers", "the attacking side"),
    ("defenders", "the king's side"),
    ("first_side", "the side that moves first"),
    (
        "king_goal",
        "what the king must do to win, as a verb phrase",
    ),
    ("king_taken", "how the king is trapped, after a verb"),
    (
        "king_fights",
        "whether the king helps to capture, as a verb phrase",
    ),
    (
        "take_sides",
        "how the players get their sides (chosen, or bid for), as an imperative to them",
    ),
    ("attacker_count", "how many attackers, in words"),
    (
        "defender_count",
        "how many defenders besides the king, in words",
    ),
    ("board", "the board's size"),
];

/// One `{{ name }}` in a text: the name as written and the bytes it spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub name: String,
    pub span: Range<usize>,
}

/// Every `{{ word }}` in `text` whose inside is a single identifier
/// (letters, digits, `_`), known or not. Other `{{ … }}` are not
/// placeholders.
pub fn scan(text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|i| i + from) {
        let Some(close) = text[open + 2..].find("}}").map(|i| i + open + 2) else {
            break;
        };
        let inner = text[open + 2..close].trim();
        let is_word = !inner.is_empty()
            && inner.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !inner.starts_with(|c: char| c.is_ascii_digit());
        if is_word {
            out.push(Found {
                name: inner.to_string(),
                span: open..close + 2,
            });
            from = close + 2;
        } else {
            from = open + 2;
        }
    }
    out
}

/// The known placeholder a written name stands for, and whether it asks
/// for a capital ("King" → ("king", true)).
pub fn known(name: &str) -> Option<(&'static str, bool)> {
    let lower = {
        let mut c = name.chars();
        match c.next() {
            Some(f) => f.to_lowercase().chain(c).collect::<String>(),
            None => return None,
        }
    };
    let capital = name.starts_with(|c: char| c.is_uppercase());
    NAMES
        .iter()
        .find(|(n, _)| *n == lower)
        .map(|(n, _)| (*n, capital))
}

/// `text` with each known placeholder replaced by `say(name)`, capitalised
/// where the name was; unknown ones stay as written.
pub fn fill(text: &str, mut say: impl FnMut(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for f in scan(text) {
        let Some((name, capital)) = known(&f.name) else {
            continue;
        };
        out.push_str(&text[at..f.span.start]);
        let phrase = say(name);
        if capital {
            let mut c = phrase.chars();
            if let Some(first) = c.next() {
                out.extend(first.to_uppercase());
                out.push_str(c.as_str());
            }
        } else {
            out.push_str(&phrase);
        }
        at = f.span.end;
    }
    out.push_str(&text[at..]);
    out
}
