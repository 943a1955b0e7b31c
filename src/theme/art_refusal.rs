//! Why theme art is refused: every reason the SVG reader (`svg`) and its
//! budgets (`art_budget`) give, as one type. Each reason says what
//! docs/themes.md calls it ([`ArtRefusal::documented_as`]); a test reads
//! the docs against [`ArtRefusal::every`], both ways, so the docs list
//! exactly the refusals the code has.

use std::fmt;

use super::art_budget::{MAX_BYTES, MAX_DASHES, MAX_ELEMENTS, MAX_SEGMENTS, MAX_STOPS};
use super::svg::{MAX_DEPTH, MAX_NODES, SIZE_RANGE};

/// Elements theme art may not hold: they load or run something, need
/// fonts art is not given, or would not be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusedElement {
    Image,
    Script,
    ForeignObject,
    Text,
    Font,
    Filter,
    Pattern,
    Mask,
}

impl RefusedElement {
    pub const ALL: [RefusedElement; 8] = [
        RefusedElement::Image,
        RefusedElement::Script,
        RefusedElement::ForeignObject,
        RefusedElement::Text,
        RefusedElement::Font,
        RefusedElement::Filter,
        RefusedElement::Pattern,
        RefusedElement::Mask,
    ];

    /// The element names (SVG's own spelling) refused for this reason.
    pub fn tags(self) -> &'static [&'static str] {
        match self {
            RefusedElement::Image => &["image", "feImage"],
            RefusedElement::Script => &["script"],
            RefusedElement::ForeignObject => &["foreignObject", "iframe"],
            RefusedElement::Text => &["text"],
            RefusedElement::Font => &["font", "font-face"],
            RefusedElement::Filter => &["filter"],
            RefusedElement::Pattern => &["pattern"],
            RefusedElement::Mask => &["mask"],
        }
    }

    /// The element refused under the name `tag`, if it is.
    pub fn of(tag: &str) -> Option<RefusedElement> {
        RefusedElement::ALL
            .into_iter()
            .find(|e| e.tags().contains(&tag))
    }

    fn why(self) -> &'static str {
        match self {
            RefusedElement::Image => "embedded or linked images are not allowed in theme art",
            RefusedElement::Script => "scripts are not allowed in theme art",
            RefusedElement::ForeignObject => "foreign objects (HTML) are not allowed in theme art",
            RefusedElement::Text => "text in art is not supported: convert it to paths",
            RefusedElement::Font => "fonts inside art are not allowed",
            RefusedElement::Filter => {
                "filters (blurs, shadows) are not supported: the kit is drawn as vectors"
            }
            RefusedElement::Pattern => {
                "patterns are not supported: the kit would not draw them (use paths)"
            }
            RefusedElement::Mask => {
                "masks are not supported: the kit would not draw them (use a clip-path)"
            }
        }
    }
}

/// What is wrong with a number written in the art.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadNumber {
    /// `NaN` or infinity.
    NotANumber,
    /// Too large for a double (`1e400`).
    TooLarge,
    /// A viewBox that is not four numbers with a positive width and height.
    ViewBox,
    /// The root's width or height zero or negative.
    NotPositive,
}

/// Why a drawing is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ArtRefusal {
    /// Not UTF-8 text (compressed `.svgz` among others).
    NotText,
    /// No `<svg>` element, or another root element.
    NotSvg,
    /// Not well-formed XML (the parser's words).
    Malformed(String),
    /// Well-formed, but usvg cannot read it (its words).
    Unreadable(String),
    /// `<!ENTITY …>`: the vehicle of expansion bombs and external entities.
    EntityDeclaration,
    /// `<?xml-stylesheet …?>` and other processing instructions.
    ProcessingInstruction,
    TooManyNodes,
    TooDeep,
    Element(RefusedElement, String),
    /// An `href` (on `element`) or a `url(…)` (no element) pointing
    /// anywhere but `#id`: `to`.
    Reference {
        element: Option<String>,
        to: String,
    },
    /// A stylesheet `@import`.
    Import,
    /// A number usvg would silently drop: where, and what is wrong.
    Number {
        element: String,
        attribute: String,
        value: String,
        problem: BadNumber,
    },
    /// `<use>` references nested deeper than they are followed.
    UseTooDeep,
    /// `<use>` references that lead back to themselves.
    UseLoop,
    TooManyElements,
    TooManySegments,
    /// A gradient with more stops than allowed: the element and count.
    TooManyStops(String, usize),
    /// A `stroke-dasharray` of this many numbers.
    TooManyDashes(usize),
    /// No width, height or viewBox.
    NoSize,
    /// Width and height (or the viewBox) outside [`SIZE_RANGE`].
    SizeOutOfRange(f64, f64),
    /// More than [`MAX_BYTES`] once converted.
    TooMuchMemory,
    /// Geometry beyond what a PDF can print: how far it reaches and the
    /// limit (mm) when drawn `side` mm wide.
    OutOfReach {
        reach: f64,
        side: f64,
        limit: f64,
    },
}

impl ArtRefusal {
    /// One refusal of every kind, for the test that reads the docs.
    pub fn every() -> Vec<ArtRefusal> {
        let number = |problem| ArtRefusal::Number {
            element: "svg".into(),
            attribute: "viewBox".into(),
            value: "0 0 NaN 1".into(),
            problem,
        };
        let mut all = vec![
            ArtRefusal::NotText,
            ArtRefusal::NotSvg,
            ArtRefusal::Malformed("unexpected end of stream".into()),
            ArtRefusal::Unreadable("invalid size".into()),
            ArtRefusal::EntityDeclaration,
            ArtRefusal::ProcessingInstruction,
            ArtRefusal::TooManyNodes,
            ArtRefusal::TooDeep,
            ArtRefusal::Reference {
                element: Some("use".into()),
                to: "other.svg#a".into(),
            },
            ArtRefusal::Import,
            number(BadNumber::NotANumber),
            number(BadNumber::TooLarge),
            number(BadNumber::ViewBox),
            number(BadNumber::NotPositive),
            ArtRefusal::UseTooDeep,
            ArtRefusal::UseLoop,
            ArtRefusal::TooManyElements,
            ArtRefusal::TooManySegments,
            ArtRefusal::TooManyStops("linearGradient".into(), MAX_STOPS + 1),
            ArtRefusal::TooManyDashes(MAX_DASHES + 1),
            ArtRefusal::NoSize,
            ArtRefusal::SizeOutOfRange(0.0, 1.0),
            ArtRefusal::TooMuchMemory,
            ArtRefusal::OutOfReach {
                reach: 1e30,
                side: 500.0,
                limit: 11_559.0,
            },
        ];
        all.extend(
            RefusedElement::ALL
                .into_iter()
                .map(|e| ArtRefusal::Element(e, e.tags()[0].into())),
        );
        all
    }

    /// How docs/themes.md names this refusal, word for word.
    pub fn documented_as(&self) -> &'static str {
        match self {
            ArtRefusal::NotText => "compressed `.svgz`",
            ArtRefusal::NotSvg | ArtRefusal::Malformed(_) | ArtRefusal::Unreadable(_) => {
                "a file that is not SVG"
            }
            ArtRefusal::EntityDeclaration => "XML entity declarations",
            ArtRefusal::ProcessingInstruction => "processing instructions",
            ArtRefusal::TooManyNodes => "20 000 XML nodes",
            ArtRefusal::TooDeep => "48 levels of nesting",
            ArtRefusal::Element(e, _) => match e {
                RefusedElement::Image => "`<image>`",
                RefusedElement::Script => "`<script>`",
                RefusedElement::ForeignObject => "`<foreignObject>`",
                RefusedElement::Text => "`<text>`",
                RefusedElement::Font => "fonts",
                RefusedElement::Filter => "`<filter>`",
                RefusedElement::Pattern => "`<pattern>`",
                RefusedElement::Mask => "`<mask>`",
            },
            ArtRefusal::Reference { .. } => "any `href` or `url(...)`",
            ArtRefusal::Import => "`@import`",
            ArtRefusal::Number { problem, .. } => match problem {
                BadNumber::NotANumber => "`NaN` or infinity",
                BadNumber::TooLarge => "a number too large for a double",
                BadNumber::ViewBox => "a viewBox that is not four numbers",
                BadNumber::NotPositive => "a width or height that is not positive",
            },
            ArtRefusal::UseTooDeep => "`<use>` references nested more than 192 deep",
            ArtRefusal::UseLoop => "`<use>` references that form a loop",
            ArtRefusal::TooManyElements => "20 000 elements",
            ArtRefusal::TooManySegments => "100 000 path segments",
            ArtRefusal::TooManyStops(..) => "256 stops in a gradient",
            ArtRefusal::TooManyDashes(_) => "64 numbers in a `stroke-dasharray`",
            ArtRefusal::NoSize => "a drawing without a size",
            ArtRefusal::SizeOutOfRange(..) => "outside 0.01 to 1,000,000 units",
            ArtRefusal::TooMuchMemory => "6 MiB once converted",
            ArtRefusal::OutOfReach { .. } => "beyond ±32,767 points",
        }
    }
}

fn short(v: f64) -> String {
    crate::diagnostics::short_number(v)
}

impl fmt::Display for ArtRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArtRefusal::NotText => {
                f.write_str("not an SVG file (not UTF-8 text; compressed .svgz is not supported)")
            }
            ArtRefusal::NotSvg => f.write_str("not an SVG file (the root element is not <svg>)"),
            ArtRefusal::Unreadable(e) => write!(f, "cannot read the SVG: {e}"),
            ArtRefusal::Malformed(e) => write!(f, "not a well-formed SVG file: {e}"),
            ArtRefusal::EntityDeclaration => {
                f.write_str("XML entity declarations are not allowed in theme art")
            }
            ArtRefusal::ProcessingInstruction => f.write_str(
                "processing instructions (such as xml-stylesheet) are not allowed in theme art",
            ),
            ArtRefusal::TooManyNodes => write!(
                f,
                "the drawing has more than {MAX_NODES} elements; simplify it"
            ),
            ArtRefusal::TooDeep => {
                write!(f, "the drawing is nested more than {MAX_DEPTH} levels deep")
            }
            ArtRefusal::Element(e, tag) => write!(f, "<{tag}>: {}", e.why()),
            ArtRefusal::Reference { element, to } => match element {
                Some(e) => write!(
                    f,
                    "<{e}> refers to '{to}'; theme art may only refer to parts of itself (#id)"
                ),
                None => write!(
                    f,
                    "url({to}) refers outside the drawing; theme art may only refer to parts of itself (#id)"
                ),
            },
            ArtRefusal::Import => {
                f.write_str("stylesheet imports (@import) are not allowed in theme art")
            }
            ArtRefusal::Number {
                element,
                attribute,
                value,
                problem,
            } => {
                let why = match problem {
                    BadNumber::NotANumber => "NaN and infinity are not numbers a drawing can use",
                    BadNumber::TooLarge => "a number is too large to be drawn",
                    BadNumber::ViewBox => {
                        "a viewBox is four numbers, x y width height, with a positive width and height"
                    }
                    BadNumber::NotPositive => "the drawing's width and height must be positive",
                };
                write!(f, "<{element} {attribute}=\"{value}\">: {why}")
            }
            ArtRefusal::UseTooDeep => {
                f.write_str("the drawing's <use> references are nested too deeply")
            }
            ArtRefusal::UseLoop => f.write_str("the drawing's <use> references form a loop"),
            ArtRefusal::TooManyElements => write!(
                f,
                "the drawing stands for more than {MAX_ELEMENTS} elements once <use> references and markers are followed; simplify it"
            ),
            ArtRefusal::TooManySegments => write!(
                f,
                "the drawing stands for more than {MAX_SEGMENTS} path segments once <use> references and markers are followed; simplify it"
            ),
            ArtRefusal::TooManyStops(name, n) => write!(
                f,
                "<{name}> has {n} stops; a gradient may have at most {MAX_STOPS}"
            ),
            ArtRefusal::TooManyDashes(n) => write!(
                f,
                "a stroke-dasharray of {n} numbers; a dash pattern may have at most {MAX_DASHES}"
            ),
            ArtRefusal::NoSize => {
                f.write_str("the drawing has no size (set width/height or a viewBox)")
            }
            ArtRefusal::SizeOutOfRange(w, h) => {
                let (lo, hi) = SIZE_RANGE;
                write!(
                    f,
                    "the drawing's size ({}×{}) cannot be drawn: width and height (or the viewBox) must be between {lo} and {hi:e} units",
                    short(*w),
                    short(*h)
                )
            }
            ArtRefusal::TooMuchMemory => write!(
                f,
                "the drawing takes more than {} MiB once converted for the page (clip paths count once for every group they clip); simplify it",
                MAX_BYTES / (1024 * 1024)
            ),
            ArtRefusal::OutOfReach { reach, side, limit } => write!(
                f,
                "the drawing reaches coordinates that cannot be printed ({} mm when drawn {} mm wide; at most {} mm): keep paths, transforms, strokes and gradients near the viewBox",
                short(*reach),
                short(*side),
                short(limit.floor())
            ),
        }
    }
}
