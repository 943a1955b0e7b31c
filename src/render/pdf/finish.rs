//! Finishing printpdf's output with lopdf: what printpdf has no setting
//! for (viewer preferences, a document ID that depends only on the
//! content, an Info dictionary without invented dates) and faster stream
//! compression.

use lopdf::{Dictionary, Object, StringFormat};

use super::Fnv;
use crate::error::{Diagnostic, Failure};
use crate::layout::{Document, Duplex};

/// Flate-compresses every stream not yet compressed. lopdf's own
/// `compress` uses the slowest level. Level 2 (a few probes, lazy
/// matching) took 137 ms of CPU per built-in kit against 149 ms at the
/// default level 6 (issue 24, 2026-11-25), for files about a fifth
/// larger; level 1 (greedy) saved more time but made them 60 % larger.
pub(super) fn compress(lo: &mut lopdf::Document) {
    use std::io::Write;
    for obj in lo.objects.values_mut() {
        let Object::Stream(s) = obj else { continue };
        if !s.allows_compression || s.dict.has(b"Filter") {
            continue;
        }
        let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(2));
        if enc.write_all(&s.content).is_err() {
            continue;
        }
        if let Ok(packed) = enc.finish()
            && packed.len() < s.content.len()
        {
            s.dict.set("Filter", Object::Name(b"FlateDecode".to_vec()));
            s.set_content(packed);
        }
    }
}

/// Catalog, trailer and Info entries printpdf does not write (or writes
/// with random or misleading values).
pub(super) fn finish(lo: &mut lopdf::Document, doc: &Document) -> Result<(), Failure> {
    let fail = |what: &str| Failure::new(Diagnostic::error("pdf", what.to_string()));
    // Transparency (ExtGState /ca) and shadings need PDF 1.4.
    lo.version = "1.7".into();

    let mut prefs = Dictionary::new();
    prefs.set("PrintScaling", Object::Name(b"None".to_vec()));
    if let Some(d) = doc.duplex {
        let flip: &[u8] = match d {
            Duplex::LongEdge => b"DuplexFlipLongEdge",
            Duplex::ShortEdge => b"DuplexFlipShortEdge",
        };
        prefs.set("Duplex", Object::Name(flip.to_vec()));
    }
    let catalog = lo.catalog_mut().map_err(|_| fail("PDF has no catalog"))?;
    catalog.set("ViewerPreferences", Object::Dictionary(prefs));
    // The natural language of the text, for screen readers and search.
    if !doc.lang.is_empty() {
        catalog.set(
            "Lang",
            Object::String(doc.lang.as_bytes().to_vec(), StringFormat::Literal),
        );
    }

    // printpdf writes Info with fixed 1970 dates, a PDF/X version claim and
    // empty fields; keep only what is true.
    if let Ok(info_ref) = lo.trailer.get(b"Info").and_then(Object::as_reference)
        && let Ok(info) = lo.get_dictionary_mut(info_ref)
    {
        for key in [
            "CreationDate",
            "ModDate",
            "GTS_PDFXVersion",
            "Trapped",
            "Identifier",
            "Keywords",
            "Author",
        ] {
            info.remove(key.as_bytes());
        }
    }

    // A document ID that depends only on the document: printpdf's is random.
    let mut h = Fnv::new();
    h.write(doc.title.as_bytes());
    h.write(doc.subject.as_bytes());
    for (_, obj) in lo.objects.iter() {
        if let Object::Stream(s) = obj {
            h.write(&s.content);
        }
    }
    let id = format!(
        "{:016x}{:016x}",
        h.0,
        h.0.rotate_left(32) ^ 0x9e37_79b9_7f4a_7c15
    );
    let id = Object::String(id.into_bytes(), StringFormat::Hexadecimal);
    lo.trailer.set("ID", Object::Array(vec![id.clone(), id]));
    Ok(())
}
