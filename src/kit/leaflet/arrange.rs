//! Which leaflet page holds what: the rules first, then the pages other
//! components ask for (the puzzles, the game record sheet), and "About
//! this kit" either at the end of the rules or alone on the back cover,
//! whichever leaves fewer pages blank. A page still blank takes one more
//! copy of the record sheet, so no leaflet page is ever left empty (a
//! designer fills the back cover; `--extras` adds only pages with
//! something on them).

use crate::kit::leaflet::impose::padded;

/// How the rules came out of the flow, both ways.
#[derive(Clone, Copy, Debug)]
pub struct Flowed {
    /// Pages the rules take with "About this kit" at their end.
    pub with_about: usize,
    /// The flow's own page count (a multiple of four): the leaflet
    /// without extra pages.
    pub total: usize,
    /// Pages the rules take without it, and the pages "About this kit"
    /// takes on its own; `None` when it cannot stand alone.
    pub apart: Option<(usize, usize)>,
}

/// One placement of a component's pages: `pages` pages from `first`
/// (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Its index among the requests.
    pub request: usize,
    pub first: usize,
    pub pages: usize,
}

/// The leaflet's pages, decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    /// Pages in all: a multiple of four.
    pub total: usize,
    /// The rules' pages (with "About this kit" unless it is on the back).
    pub rules: usize,
    /// "About this kit" on the last pages, apart from the rules.
    pub about_on_back: Option<usize>,
    pub slots: Vec<Slot>,
    /// Requests that found no room (only without `extras`).
    pub left_out: Vec<usize>,
}

/// Arranges the leaflet: `requests` are the page counts asked for, in
/// order; `filler` the request that may be repeated on pages otherwise
/// blank (the record sheet); `extras` lets the leaflet grow by whole
/// sheets to take every request.
pub fn arrange(
    flowed: Flowed,
    requests: &[usize],
    filler: Option<usize>,
    extras: bool,
) -> Arrangement {
    // The rules with "About this kit" fit their own flow by construction;
    // were they ever longer, the leaflet grows to hold them.
    let base = flowed.total.max(padded(flowed.with_about));
    let inline = fill(flowed.with_about, 0, base, requests, filler, extras);
    let apart = flowed
        .apart
        .and_then(|(rules, about)| fill(rules, about, base, requests, filler, extras));
    // Fewest requests left out, then fewest filler copies; on a tie the
    // back cover holds "About this kit".
    match (inline, apart) {
        (Some(i), Some(a)) if score(&a, requests) > score(&i, requests) => i,
        (_, Some(a)) => a,
        (Some(i), None) => i,
        (None, None) => Arrangement {
            total: base,
            rules: flowed.with_about,
            about_on_back: None,
            slots: Vec::new(),
            left_out: (0..requests.len()).collect(),
        },
    }
}

/// What an arrangement costs: requests left out, then pages given to
/// copies of the filler.
fn score(a: &Arrangement, requests: &[usize]) -> (usize, usize) {
    let copies = a
        .slots
        .iter()
        .map(|s| s.pages - requests[s.request])
        .sum::<usize>();
    (a.left_out.len(), copies)
}

/// The rules on `rules` pages, `back` pages at the end (0: none), the
/// requests after the rules; `None` when the rules and the back do not
/// fit the flow's pages without `extras`.
fn fill(
    rules: usize,
    back: usize,
    base: usize,
    requests: &[usize],
    filler: Option<usize>,
    extras: bool,
) -> Option<Arrangement> {
    if !extras && rules + back > base {
        return None;
    }
    let mut next = rules + 1;
    let mut slots = Vec::new();
    let mut left_out = Vec::new();
    for (request, &pages) in requests.iter().enumerate() {
        if !extras && next + pages - 1 > base - back {
            left_out.push(request);
            continue;
        }
        slots.push(Slot {
            request,
            first: next,
            pages,
        });
        next += pages;
    }
    let total = if extras {
        padded(next - 1 + back)
    } else {
        base
    };
    // Pages still blank take more of the filler, next to its own page.
    let blank = total - back - (next - 1);
    if blank > 0
        && let Some(f) = filler.and_then(|f| slots.iter().position(|s| s.request == f))
    {
        slots[f].pages += blank;
        for s in &mut slots[f + 1..] {
            s.first += blank;
        }
    }
    Some(Arrangement {
        total,
        rules,
        about_on_back: (back > 0).then_some(back),
        slots,
        left_out,
    })
}
