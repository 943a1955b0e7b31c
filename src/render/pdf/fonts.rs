//! Embedding the document's faces: each face used is cut down to the
//! glyphs the pages draw (typst's `subsetter`), parsed back with printpdf's
//! `ParsedFont`, named with a subset tag, and the pages' glyph ids are
//! renumbered to the subset's.
//!
//! printpdf subsets fonts itself only with its `text_layout` feature, which
//! brings a whole HTML layout engine (some forty crates); `subsetter` is a
//! single small crate that does just this, for PDF embedding.

use std::collections::BTreeSet;

use printpdf::{FontId, Op, ParsedFont, PdfFont, PdfFontHandle, PdfPage, TextItem};
use rustybuzz::ttf_parser;
use subsetter::GlyphRemapper;

use super::Fnv;
use crate::error::{Diagnostic, Failure};
use crate::layout::FontRole;
use crate::layout::text::FontSet;

/// Every glyph id drawn with `font` on `pages`, in ascending order.
fn glyphs_drawn(pages: &[PdfPage], font: &FontId) -> BTreeSet<u16> {
    let mut glyphs = BTreeSet::new();
    for page in pages {
        let mut current = false;
        for op in &page.ops {
            match op {
                Op::SetFont {
                    font: PdfFontHandle::External(id),
                    ..
                } => current = id == font,
                Op::ShowText { items } if current => {
                    for item in items {
                        if let TextItem::GlyphIds(g) = item {
                            glyphs.extend(g.iter().map(|c| c.gid));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    glyphs
}

/// Replaces `from` by `to` in the pages' `Tf` operators and renumbers the
/// glyphs drawn with it by `remap`.
fn rename_and_renumber(pages: &mut [PdfPage], from: &FontId, to: &FontId, remap: &GlyphRemapper) {
    for page in pages {
        let mut current = false;
        for op in page.ops.iter_mut() {
            match op {
                Op::SetFont {
                    font: PdfFontHandle::External(id),
                    ..
                } => {
                    current = id == from;
                    if current {
                        *id = to.clone();
                    }
                }
                Op::ShowText { items } if current => {
                    for item in items {
                        if let TextItem::GlyphIds(g) = item {
                            for c in g {
                                // Every drawn glyph was put in the remapper.
                                c.gid = remap.get(c.gid).unwrap_or(0);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// Six capital letters from a hash: the `ABCDEF+` tag PDF gives a subset
/// font's name (ISO 32000-1, 9.6.4). Hashing the face and its glyphs makes
/// it stable yet different for different subsets.
fn subset_tag(bytes: &[u8], glyphs: &BTreeSet<u16>) -> String {
    let mut h = Fnv::new();
    h.write(bytes);
    for g in glyphs {
        h.write(&g.to_be_bytes());
    }
    let mut v = h.0;
    (0..6)
        .map(|_| {
            let c = (b'A' + (v % 26) as u8) as char;
            v /= 26;
            c
        })
        .collect()
}

/// The face's PostScript name as a PDF name can carry it (a hostile font
/// may put anything there), or a neutral one.
fn postscript_name(face: &ttf_parser::Face) -> String {
    let name = face
        .names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())
        .unwrap_or_default();
    let clean: String = name
        .chars()
        .filter(|c| c.is_ascii_graphic() && !"()<>[]{}/%#".contains(*c))
        .take(56)
        .collect();
    if clean.is_empty() {
        "Font".into()
    } else {
        clean
    }
}

/// Whether a face can be embedded whatever text it sets: every glyph is
/// subset and the subset read back, the work [`embed`] does for the glyphs
/// a kit draws. A theme's font is checked so when it is read, so that
/// `validate` refuses what `build` would, naming the file.
pub(crate) fn embeddable(bytes: &[u8]) -> Result<(), String> {
    let face = ttf_parser::Face::parse(bytes, 0).map_err(|e| e.to_string())?;
    let all: Vec<u16> = (0..face.number_of_glyphs()).collect();
    let remap = GlyphRemapper::new_from_glyphs_sorted(&all);
    let subset = subsetter::subset(bytes, 0, &remap)
        .map_err(|e| format!("it cannot be embedded in a PDF ({e})"))?;
    ParsedFont::from_bytes(&subset, 0, &mut Vec::new())
        .map(|_| ())
        .ok_or_else(|| "it cannot be embedded in a PDF (its subset cannot be read back)".into())
}

/// Subsets the face of `role`, registers it with the document under a
/// tagged name, and points the pages' text in `placeholder` at it.
pub(super) fn embed(
    fonts: &FontSet,
    role: FontRole,
    placeholder: &FontId,
    pages: &mut [PdfPage],
    resources: &mut printpdf::PdfResources,
) -> Result<(), Failure> {
    let fail = |why: String| {
        Failure::new(Diagnostic::error(
            "pdf",
            format!("the {role:?} font cannot be embedded: {why}"),
        ))
    };
    let glyphs = glyphs_drawn(pages, placeholder);
    if glyphs.is_empty() {
        return Ok(());
    }
    let bytes = fonts.face_bytes(role);
    let face = ttf_parser::Face::parse(bytes, 0).map_err(|e| fail(e.to_string()))?;
    // The subset numbers the glyphs 0 (.notdef), 1, 2… in this order;
    // glyphs a composite glyph is built from are added after them.
    let remap = GlyphRemapper::new_from_glyphs_sorted(&glyphs.iter().copied().collect::<Vec<_>>());
    let subset = subsetter::subset(bytes, 0, &remap).map_err(|e| fail(e.to_string()))?;
    let mut warnings = Vec::new();
    let mut parsed = ParsedFont::from_bytes(&subset, 0, &mut warnings)
        .ok_or_else(|| fail("its subset cannot be read back".into()))?;
    let tag = subset_tag(bytes, &glyphs);
    parsed.font_name = Some(format!("{tag}+{}", postscript_name(&face)));
    // The subset has no OS/2 table; printpdf estimates the descriptor's
    // /StemV from its weight class.
    parsed.pdf_font_metrics.us_weight_class = face.weight().to_number();
    // The resource name only has to be unique: the tag and the role.
    let id = FontId(format!("{tag}{}", role.index()));
    resources.fonts.map.insert(id.clone(), PdfFont::new(parsed));
    rename_and_renumber(pages, placeholder, &id, &remap);
    Ok(())
}
