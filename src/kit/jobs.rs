//! Print jobs: a kit is printed as several jobs, one per stock and
//! sidedness (the cover on paper, one-sided; the card sheets, one-sided;
//! sticker sheets; the leaflet on paper, double-sided with a flip). A
//! duplex request in a PDF applies to every page, so the kit PDF carries
//! none; `build --split` writes each job as its own PDF, and only the
//! leaflet's asks for duplex.

use crate::kit::component::Stock;
use crate::kit::plan::Plan;
use crate::layout::{Document, Duplex};

/// What a print job holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    Cover,
    Card,
    Stickers,
    Leaflet,
}

impl JobKind {
    /// The job's name in file names (`STEM.card.pdf`) and on the cover.
    pub fn id(self) -> &'static str {
        match self {
            JobKind::Cover => "cover",
            JobKind::Card => "card",
            JobKind::Stickers => "stickers",
            JobKind::Leaflet => "leaflet",
        }
    }
}

/// One print job: a run of the kit's pages printed the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub kind: JobKind,
    pub stock: Stock,
    /// First and last page (1-based) in the kit PDF.
    pub pages: (usize, usize),
    /// Printed on both sides of the sheet.
    pub double_sided: bool,
}

impl Job {
    pub fn page_count(&self) -> usize {
        self.pages.1 + 1 - self.pages.0
    }
}

/// The print jobs of a plan, in page order: consecutive pages with the
/// same stock and sidedness make one job.
pub fn jobs(plan: &Plan) -> Vec<Job> {
    let mut out: Vec<Job> = Vec::new();
    for (i, side) in plan.sides.iter().enumerate() {
        let double_sided = side.side.is_some();
        match out.last_mut() {
            Some(j) if j.stock == side.stock && j.double_sided == double_sided => {
                j.pages.1 = i + 1;
            }
            _ => {
                let kind = match (side.stock, double_sided) {
                    (Stock::Card, _) => JobKind::Card,
                    (Stock::StickerPaper, _) => JobKind::Stickers,
                    (Stock::Paper, true) => JobKind::Leaflet,
                    (Stock::Paper, false) => JobKind::Cover,
                };
                out.push(Job {
                    kind,
                    stock: side.stock,
                    pages: (i + 1, i + 1),
                    double_sided,
                });
            }
        }
    }
    out
}

/// The PDF document of one job: its pages of the kit, asking for
/// `duplex` only when the job is double-sided.
pub fn job_document(kit: &Document, job: &Job, duplex: Duplex) -> Document {
    Document {
        title: format!("{} ({})", kit.title, job.kind.id()),
        subject: kit.subject.clone(),
        lang: kit.lang.clone(),
        fonts: kit.fonts.clone(),
        pages: kit.pages[job.pages.0 - 1..job.pages.1].to_vec(),
        duplex: job.double_sided.then_some(duplex),
    }
}
